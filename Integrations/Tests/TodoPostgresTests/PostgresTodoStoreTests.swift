import PostgresNIO
import PostgresTestSupport
import SignalboxPostgres
import SignalboxTesting
import SignalboxWeb
import Testing
import TodoApp

@testable import TodoPostgres

/// The store's answers: the same rules as the in-memory and SQLite stores.
@Suite struct PostgresTodoStoreTests {
    @Test func passwordsAreStoredAsSaltedHashesAndStillAuthenticate() async throws {
        try await withStore { store, client in
            let bob = try await store.register(username: "Bob", password: "tweedledum")
            let carol = try await store.register(username: "carol", password: "tweedledum")
            #expect(bob == User(username: "bob"))
            #expect(try await store.authenticate(username: "bob", password: "tweedledum") == bob)
            #expect(try await store.authenticate(username: "BOB", password: "tweedledum") == bob)
            #expect(try await store.authenticate(username: "bob", password: "tweedledee") == nil)
            #expect(try await store.authenticate(username: "nobody", password: "tweedledum") == nil)
            #expect(try await store.authenticate(username: "carol", password: "tweedledum") == carol)
            let hashes = try await strings("SELECT password_hash FROM users ORDER BY username", on: client)
            #expect(hashes.count == 2)
            #expect(hashes.allSatisfy { $0.hasPrefix("scrypt$") && !$0.contains("tweedledum") })
            #expect(hashes[0] != hashes[1])  // salted: the same password hashes differently
            #expect(try await store.isRegistered(username: "CAROL"))
            #expect(try await store.isRegistered(username: "dave") == false)
        }
    }

    @Test func statisticsCountEveryUsersTodosDoneTodosAndProjects() async throws {
        try await withStore { store, _ in
            #expect(try await store.statistics() == TodoStatistics(users: 0, todos: 0, done: 0, projects: 0))
            let bob = try await store.register(username: "bob", password: "tweedledum")
            let carol = try await store.register(username: "carol", password: "tweedledum")
            var todo = try await store.addTodo(title: "Shell peas", for: bob)
            _ = try await store.addTodo(title: "Count spoons", for: carol)
            todo.isDone = true
            try await store.updateTodo(todo, for: bob)
            _ = try await store.addProject(name: "Kitchen", for: carol)
            #expect(try await store.statistics() == TodoStatistics(users: 2, todos: 2, done: 1, projects: 1))
        }
    }

    @Test func aTakenUsernameIsRefusedWhateverItsCase() async throws {
        try await withStore { store, _ in
            _ = try await store.register(username: "bob", password: "tweedledum")
            await #expect(throws: TodoStoreError.usernameTaken) {
                try await store.register(username: "BOB", password: "whatever1")
            }
            #expect(try await store.authenticate(username: "bob", password: "tweedledum") != nil)
            #expect(try await store.authenticate(username: "bob", password: "whatever1") == nil)
        }
    }

    @Test func writesValidateWithTheSameMessagesAsTheOtherStores() async throws {
        try await withStore { store, _ in
            await #expect(throws: TodoStoreError.invalid("A username has 3 to 32 characters.")) {
                try await store.register(username: "al", password: "password1")
            }
            await #expect(throws: TodoStoreError.invalid("Use only letters a–z, digits, “-” and “_” in a username.")) {
                try await store.register(username: "al ice", password: "password1")
            }
            await #expect(throws: TodoStoreError.invalid("A password has at least 8 characters.")) {
                try await store.register(username: "alice", password: "short")
            }
            let ann = try await store.register(username: "  Ann  ", password: "password1")
            #expect(ann.username == "ann")
            await #expect(throws: TodoStoreError.invalid("Please enter a title.")) {
                try await store.addTodo(title: "  ", for: ann)
            }
            await #expect(throws: TodoStoreError.invalid("Please enter a name.")) {
                try await store.addProject(name: "", for: ann)
            }
            let long = String(repeating: "x", count: Validation.maxTitleLength + 1)
            await #expect(throws: TodoStoreError.invalid("The title can have at most 200 characters (it has 201).")) {
                try await store.addTodo(title: long, for: ann)
            }
            // PostgreSQL's text cannot hold NUL: refused as invalid, not a failed write.
            await #expect(throws: TodoStoreError.invalid("The title cannot contain a NUL character.")) {
                try await store.addTodo(title: "a\u{0}b", for: ann)
            }
            let todo = try await store.addTodo(title: "  Trimmed  ", for: ann)
            #expect(todo.title == "Trimmed")
            var renamed = todo
            renamed.title = " "
            await #expect(throws: TodoStoreError.invalid("Please enter a title.")) {
                try await store.updateTodo(renamed, for: ann)
            }
            #expect(try await store.todos(of: ann) == [todo])
        }
    }

    @Test func anAccountKeepsAtMostItsQuotaOfTodosAndProjects() async throws {
        try await withStore { store, client in
            let ann = try await store.register(username: "ann", password: "password1")
            try await client.query(
                "INSERT INTO todo (username, title) SELECT 'ann', 'todo ' || n FROM generate_series(2, \(Validation.maxTodosPerUser)) AS n"
            )
            _ = try await store.addTodo(title: "the last one", for: ann)
            await #expect(throws: TodoStoreError.tooManyTodos) { try await store.addTodo(title: "one more", for: ann) }
            #expect(try await store.todos(of: ann).count == Validation.maxTodosPerUser)
            try await client.query(
                "INSERT INTO project (username, name) SELECT 'ann', 'p' || n FROM generate_series(1, \(Validation.maxProjectsPerUser)) AS n"
            )
            await #expect(throws: TodoStoreError.tooManyProjects) { try await store.addProject(name: "more", for: ann) }
            await #expect(throws: TodoStoreError.unknownUser) {
                try await store.addTodo(title: "x", for: User(username: "ghost"))
            }
        }
    }

    @Test func aUsernameThatCannotBeStoredIsUnknownNotAnOutage() async throws {
        try await withStore { store, _ in
            let user = try await store.authenticate(username: "ali\u{0}ce", password: "wonderland")
            #expect(user == nil)
            let registered = try await store.isRegistered(username: "ali\u{0}ce")
            #expect(registered == false)
            await store.recordLogin(of: "ali\u{0}ce", from: "203.0.113.5", succeeded: false)
            #expect(await store.loginGate(for: "ali\u{0}ce", from: "203.0.113.5") == .open)
        }
    }

    @Test func todosAndProjectsRoundTrip() async throws {
        try await withStore { store, _ in
            let ann = try await store.register(username: "ann", password: "password1")
            #expect(try await store.todos(of: ann).isEmpty)
            #expect(try await store.projects(of: ann).isEmpty)
            let garden = try await store.addProject(name: " Garden ", for: ann)
            #expect(garden.name == "Garden" && !garden.isFavorite)
            var party = try await store.addProject(name: "Tea party", for: ann)
            party.isFavorite = true
            party.name = "The tea party"
            try await store.updateProject(party, for: ann)
            #expect(try await store.projects(of: ann) == [garden, party])
            #expect(try await store.project(id: party.id, of: ann) == party)

            var milk = try await store.addTodo(title: "Buy milk", for: ann)
            let roses = try await store.addTodo(title: "Paint the roses", for: ann)
            #expect(milk.id != roses.id)
            milk.isDone = true
            milk.isFavorite = true
            milk.projectID = party.id
            milk.note = "Oat, not cow.\nTwo bottles."
            try await store.updateTodo(milk, for: ann)
            #expect(try await store.todo(id: milk.id, of: ann) == milk)
            #expect(try await store.todos(of: ann) == [milk, roses])  // oldest first
            milk.projectID = nil
            try await store.updateTodo(milk, for: ann)
            #expect(try await store.todo(id: milk.id, of: ann)?.projectID == nil)

            try await store.deleteTodo(id: milk.id, of: ann)
            #expect(try await store.todo(id: milk.id, of: ann) == nil)
            #expect(try await store.todos(of: ann) == [roses])
            await #expect(throws: TodoStoreError.notFound) { try await store.deleteTodo(id: milk.id, of: ann) }
            await #expect(throws: TodoStoreError.notFound) { try await store.updateTodo(milk, for: ann) }
            var missing = garden
            missing.id = 999_999
            await #expect(throws: TodoStoreError.notFound) { try await store.updateProject(missing, for: ann) }
            var unfiled = roses
            unfiled.projectID = 999_999
            await #expect(throws: TodoStoreError.notFound) { try await store.updateTodo(unfiled, for: ann) }
            #expect(try await store.todos(of: ann) == [roses])
        }
    }

    /// The change count is the version of a user's pages (conditional GET): every write to the
    /// user's data bumps it (triggers, in the write's transaction), nothing else does.
    @Test func everyWriteBumpsItsUsersChangeCountAndNothingElseDoes() async throws {
        try await withStore { store, _ in
            let ann = try await store.register(username: "ann", password: "password1")
            let bob = try await store.register(username: "bob", password: "password1")
            let bobsCount = try await store.changeCount(of: bob)
            var seen = [try await store.changeCount(of: ann)]
            var todo = try await store.addTodo(title: "Buy milk", for: ann)
            seen.append(try await store.changeCount(of: ann))
            todo.isDone = true
            try await store.updateTodo(todo, for: ann)
            seen.append(try await store.changeCount(of: ann))
            var project = try await store.addProject(name: "Garden", for: ann)
            seen.append(try await store.changeCount(of: ann))
            project.isFavorite = true
            try await store.updateProject(project, for: ann)
            seen.append(try await store.changeCount(of: ann))
            try await store.updateSettings(UserSettings(hidesCompletedTodos: true), for: ann)
            seen.append(try await store.changeCount(of: ann))
            try await store.deleteTodo(id: todo.id, of: ann)
            seen.append(try await store.changeCount(of: ann))
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "\(seen)")

            let count = try await store.changeCount(of: ann)
            _ = try await store.todos(of: ann)
            _ = try await store.settings(of: ann)
            await #expect(throws: TodoStoreError.notFound) { try await store.deleteTodo(id: todo.id, of: ann) }
            #expect(try await store.changeCount(of: ann) == count)
            #expect(try await store.changeCount(of: bob) == bobsCount)
        }
    }

    @Test func settingsAreDefaultsUntilSaved() async throws {
        try await withStore { store, _ in
            let ann = try await store.register(username: "ann", password: "password1")
            #expect(try await store.settings(of: ann) == UserSettings())
            try await store.updateSettings(UserSettings(hidesCompletedTodos: true), for: ann)
            #expect(try await store.settings(of: ann).hidesCompletedTodos)
            try await store.updateSettings(UserSettings(hidesCompletedTodos: false), for: ann)
            #expect(try await store.settings(of: ann).hidesCompletedTodos == false)
        }
    }

    @Test func writesForAnUnregisteredUserAreRefused() async throws {
        try await withStore { store, _ in
            let ghost = User(username: "ghost")
            await #expect(throws: TodoStoreError.unknownUser) { try await store.addTodo(title: "Boo", for: ghost) }
            await #expect(throws: TodoStoreError.unknownUser) { try await store.addProject(name: "Boo", for: ghost) }
            await #expect(throws: TodoStoreError.unknownUser) {
                try await store.updateSettings(UserSettings(hidesCompletedTodos: true), for: ghost)
            }
            let settings = try await store.settings(of: ghost)
            #expect(settings == UserSettings())
            let todos = try await store.todos(of: ghost)
            #expect(todos.isEmpty)
        }
    }

    @Test func oneUserNeverReachesAnothersData() async throws {
        try await withStore { store, _ in
            let ann = try await store.register(username: "ann", password: "password1")
            let ben = try await store.register(username: "ben", password: "password1")
            let todo = try await store.addTodo(title: "Ann's", for: ann)
            let annsProject = try await store.addProject(name: "Ann's project", for: ann)
            let bensProject = try await store.addProject(name: "Ben's", for: ben)
            #expect(try await store.todo(id: todo.id, of: ben) == nil)
            #expect(try await store.todos(of: ben).isEmpty)
            #expect(try await store.project(id: annsProject.id, of: ben) == nil)
            #expect(try await store.projects(of: ben) == [bensProject])
            var stolen = todo
            stolen.title = "Ben's now"
            await #expect(throws: TodoStoreError.notFound) { try await store.updateTodo(stolen, for: ben) }
            await #expect(throws: TodoStoreError.notFound) { try await store.deleteTodo(id: todo.id, of: ben) }
            var renamed = annsProject
            renamed.name = "Ben's now"
            await #expect(throws: TodoStoreError.notFound) { try await store.updateProject(renamed, for: ben) }
            // Ann cannot file her todo in Ben's project either.
            var moved = todo
            moved.projectID = bensProject.id
            await #expect(throws: TodoStoreError.notFound) { try await store.updateTodo(moved, for: ann) }
            #expect(try await store.todos(of: ann) == [todo])
            #expect(try await store.projects(of: ann) == [annsProject])
        }
    }

    @Test func everyOperationIsOneRoundTrip() async throws {
        try await withStore { store, _ in
            let ann = try await store.register(username: "ann", password: "password1")
            let counters = store.database.counters
            var sent = counters.roundTrips
            func expectOneMore(_ comment: Comment) {
                #expect(counters.roundTrips == sent + 1, comment)
                sent = counters.roundTrips
            }
            var todo = try await store.addTodo(title: "One", for: ann)
            expectOneMore("addTodo")
            todo.isDone = true
            try await store.updateTodo(todo, for: ann)
            expectOneMore("updateTodo")
            _ = try await store.todos(of: ann)
            expectOneMore("todos")
            _ = try await store.settings(of: ann)
            expectOneMore("settings")
            _ = try await store.changeCount(of: ann)
            expectOneMore("changeCount")
            _ = try await store.authenticate(username: "ann", password: "password1")
            expectOneMore("authenticate")
            _ = await store.loginGate(for: "ann", from: "203.0.113.5")
            expectOneMore("loginGate")
            await store.recordLogin(of: "ann", from: "203.0.113.5", succeeded: false)
            expectOneMore("recordLogin")
            #expect(counters.failures == 0)
        }
    }

    @Test func withinARequestAUsersDataIsReadOnceUntilAWrite() async throws {
        try await withStore { store, _ in
            let ann = try await store.register(username: "ann", password: "password1")
            let first = try await store.addTodo(title: "One", for: ann)
            let project = try await store.addProject(name: "Home", for: ann)
            try await RequestMemo.$current.withValue(RequestMemo()) {
                let counters = store.database.counters
                let sent = counters.roundTrips
                #expect(try await store.changeCount(of: ann) > 0)
                #expect(try await store.todos(of: ann) == [first])
                #expect(try await store.todo(id: first.id, of: ann) == first)
                #expect(try await store.projects(of: ann) == [project])
                #expect(try await store.project(id: project.id, of: ann) == project)
                #expect(try await store.settings(of: ann).hidesCompletedTodos == false)
                #expect(counters.roundTrips == sent + 1)
                let second = try await store.addTodo(title: "Two", for: ann)
                #expect(try await store.todos(of: ann) == [first, second])
                #expect(counters.roundTrips == sent + 3)
            }
        }
    }

    @Test func concurrentWritesGetDistinctIDs() async throws {
        try await withStore { store, _ in
            let ann = try await store.register(username: "ann", password: "password1")
            let ids = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<50 {
                    group.addTask { try await store.addTodo(title: "todo \(index)", for: ann).id }
                }
                return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
            }
            #expect(ids.count == 50)
            #expect(try await store.todos(of: ann).map(\.id) == ids.sorted())
        }
    }

    @Test func everythingSurvivesANewInstance() async throws {
        try await TestDatabase.with { database in
            let dora = User(username: "dora")
            let written = try await database.withClient { client in
                let store = makeStore(client)
                try await store.migrate()
                #expect(try await store.seedDemoIfEmpty())
                _ = try await store.register(username: "dora", password: "explorer1")
                let project = try await store.addProject(name: "Maps", for: dora)
                var todo = try await store.addTodo(title: "Find the map", for: dora)
                todo.projectID = project.id
                todo.isFavorite = true
                try await store.updateTodo(todo, for: dora)
                try await store.updateSettings(UserSettings(hidesCompletedTodos: true), for: dora)
                return todo
            }
            // A restart: a new client and store on the same database.
            try await database.withClient { client in
                let store = makeStore(client)
                try await store.migrate()
                #expect(try await store.seedDemoIfEmpty() == false)
                #expect(try await store.todos(of: dora) == [written])
                #expect(try await store.projects(of: dora).map(\.name) == ["Maps"])
                #expect(try await store.settings(of: dora).hidesCompletedTodos)
                #expect(try await store.todos(of: InMemoryTodoStore.demoUser).count == 4)
                #expect(try await store.authenticate(username: "dora", password: "explorer1") == dora)
                #expect(try await store.authenticate(username: "alice", password: "wonderland") != nil)
            }
        }
    }

    @Test func attachmentsRoundTripStayWithTheirOwnerAndGoWithTheirTodo() async throws {
        try await withStore { store, _ in
            let ann = try await store.register(username: "ann", password: "password1")
            let ben = try await store.register(username: "ben", password: "password1")
            let todo = try await store.addTodo(title: "Report", for: ann)
            let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
            let before = try await store.changeCount(of: ann)
            let pdf = try await store.attach(
                filename: " report.pdf ",
                contentType: "Application/PDF",
                bytes: bytes,
                toTodo: todo.id,
                for: ann
            )
            #expect(try await store.changeCount(of: ann) > before)
            #expect(pdf.filename == "report.pdf" && pdf.contentType == "application/pdf" && pdf.size == 70_000)
            #expect(try await store.attachments(ofTodo: todo.id, of: ann) == [pdf])
            let read = try #require(try await store.attachment(id: pdf.id, of: ann))
            #expect(read.attachment == pdf && read.bytes == bytes)
            #expect(try await store.attachment(id: pdf.id, of: ben) == nil)
            #expect(try await store.attachments(ofTodo: todo.id, of: ben).isEmpty)
            await #expect(throws: TodoStoreError.notFound) {
                try await store.attach(filename: "a", contentType: "text/plain", bytes: [1], toTodo: todo.id, for: ben)
            }
            await #expect(throws: TodoStoreError.invalid("The file is empty.")) {
                try await store.attach(filename: "a", contentType: "text/plain", bytes: [], toTodo: todo.id, for: ann)
            }
            try await store.deleteTodo(id: todo.id, of: ann)
            #expect(try await store.attachment(id: pdf.id, of: ann) == nil)
        }
    }
}
