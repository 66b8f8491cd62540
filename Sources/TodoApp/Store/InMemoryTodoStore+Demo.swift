extension InMemoryTodoStore {
    /// The seeded user of the demo.
    public static let demoUser = User(username: "alice")
    /// The seeded user's password.
    public static let demoPassword = "wonderland"

    /// A store with the demo's data: `alice` / `wonderland`, two projects and four todos
    /// (todo 1 “Buy milk” and todo 3 are favourites; todo 2 is done), seeded synchronously.
    public static func demo(loginThrottle: LoginThrottle = LoginThrottle()) -> InMemoryTodoStore {
        var store = State()
        do {
            let alice = try store.register(username: Self.demoUser.username, password: Self.demoPassword)
            let garden = try store.addProject(name: "Garden", for: alice)
            let party = try store.addProject(name: "Tea party", for: alice)
            var milk = try store.addTodo(title: "Buy milk", for: alice)
            var roses = try store.addTodo(title: "Paint the roses red", for: alice)
            var invitations = try store.addTodo(title: "Send the invitations", for: alice)
            _ = try store.addTodo(title: "Read Through the Looking-Glass", for: alice)
            milk.isFavorite = true
            milk.projectID = party.id
            roses.isDone = true
            roses.projectID = garden.id
            invitations.isFavorite = true
            invitations.projectID = party.id
            try store.updateTodo(milk, for: alice)
            try store.updateTodo(roses, for: alice)
            try store.updateTodo(invitations, for: alice)
            var partyProject = party
            partyProject.isFavorite = true
            try store.updateProject(partyProject, for: alice)
        } catch {
            preconditionFailure("The demo data is valid: \(error)")
        }
        return InMemoryTodoStore(state: store, loginThrottle: loginThrottle)
    }
}
