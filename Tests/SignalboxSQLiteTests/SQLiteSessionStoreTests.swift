import Foundation
import GRDB
import SignalboxTesting
import Testing
import TodoApp

@testable import SignalboxSQLite

@Suite struct SQLiteSessionStoreTests {
    let folder: TemporaryFolder
    let clock = ManualSessionClock()
    let store = InMemoryTodoStore.demo()
    var file: String { self.folder.path + "/sessions.sqlite" }

    init() throws {
        self.folder = try TemporaryFolder()
    }

    func demo(
        _ configuration: SQLiteSessionStore.Configuration = .init(),
        logger: Logger? = nil
    ) throws -> DurableDemo {
        try DurableDemo(
            file: self.file,
            store: self.store,
            clock: self.clock,
            configuration: configuration,
            logger: logger
        )
    }

    @Test func aSessionSurvivesARestartWithItsOpenModalAndItsPendingResult() async throws {
        var cookies: [String: String]
        do {
            let browser = TestClient(try self.demo().app)
            try await browser.logInAsAlice()
            let picker = try await browser.get("/authenticated/todos/todo/4/pickProject")
            #expect(picker.body.contains("<dialog"))
            cookies = browser.cookies
        }
        // A new store and app on the same file: nothing of the first is left in memory.
        let browser = TestClient(try self.demo().app)
        browser.cookies = cookies
        let page = try await browser.get("/")
        #expect(page.status == .seeOther)
        #expect(page.location == "/authenticated/todos/todo/4/pickProject")
        let modal = try await browser.get("/authenticated/todos/todo/4/pickProject")
        #expect(modal.status == .ok)
        #expect(modal.body.contains("<dialog"))
        #expect(modal.setCookies.isEmpty)  // the same session, restored
        // The pending result is delivered after the restart: the todo gets the project.
        let picked = try await browser.post("/authenticated/todos/todo/4/pickProject", ["project": "1"])
        #expect(picked.location == "/authenticated/todos/todo/4")
        let todo = try #require(self.store.todo(id: 4, of: InMemoryTodoStore.demoUser))
        #expect(todo.projectID == 1)
    }

    @Test func aSubmissionRepeatedAfterARestartIsAnsweredNotAppliedAgain() async throws {
        var cookies: [String: String]
        let csrf: String
        let id: String
        let first: TestResponse
        do {
            let browser = TestClient(try self.demo().app)
            try await browser.logInAsAlice()
            id = try #require(try await browser.get("/authenticated/todos/createTodo").submissionID)
            csrf = try #require(browser.csrf)
            first = try await browser.post("/authenticated/todos/createTodo", [("title", "Once"), ("_submission", id)])
            cookies = browser.cookies
        }
        let count = self.store.todos(of: InMemoryTodoStore.demoUser).count
        // A new store and app on the same file: the answered submission comes back from the row.
        let browser = TestClient(try self.demo().app)
        browser.cookies = cookies
        let again = try await browser.post(
            "/authenticated/todos/createTodo",
            [("title", "Once"), ("_submission", id)],
            csrf: csrf
        )
        #expect(again.status == .seeOther)
        #expect(again.location == first.location)
        #expect(self.store.todos(of: InMemoryTodoStore.demoUser).count == count)
    }

    @Test func aNoticeLeftBeforeARestartIsShownOnceAfterIt() async throws {
        var cookies: [String: String]
        let location: String
        do {
            let browser = TestClient(try self.demo().app)
            try await browser.logInAsAlice()
            try await browser.get("/authenticated/todos/createTodo")
            let created = try await browser.post("/authenticated/todos/createTodo", ["title": "Survive"])
            location = try #require(created.location)
            cookies = browser.cookies
        }
        // The redirect is followed by a new process: the notice comes back from the row, once.
        let notice = "<p class=\"notice notice-success\">Todo “Survive” created.</p>"
        let browser = TestClient(try self.demo().app)
        browser.cookies = cookies
        #expect(try await browser.get(location).body.contains(notice))
        #expect(!(try await browser.get(location).body.contains(notice)))
        // Nor does a third process see it again: taking it was saved too.
        let third = TestClient(try self.demo().app)
        third.cookies = cookies
        #expect(!(try await third.get(location).body.contains("notice-success")))
    }

    @Test func aRequestThatChangesNothingWritesNothingButACoarseTouch() async throws {
        let demo = try self.demo()
        let browser = TestClient(demo.app)
        try await browser.logInAsAlice()
        try await browser.get("/authenticated/todos")
        let before = try #require(try await demo.row(browser.sessionID))
        for _ in 0..<5 { try await browser.get("/authenticated/todos") }
        self.clock.advance(by: .seconds(30))
        try await browser.get("/authenticated/todos")
        #expect(try await demo.row(browser.sessionID)?.version == before.version)
        #expect(try await demo.row(browser.sessionID)?.lastSeenAt == before.lastSeenAt)
        self.clock.advance(by: .seconds(31))
        try await browser.get("/authenticated/todos")
        let touched = try #require(try await demo.row(browser.sessionID))
        #expect(touched.version == before.version)  // a touch is not a change
        #expect(touched.lastSeenAt == before.lastSeenAt + 61_000)
    }

    @Test func aChangeIsCommittedBeforeItsAnswer() async throws {
        let demo = try self.demo()
        let browser = TestClient(demo.app)
        try await browser.logInAsAlice()
        try await browser.get("/authenticated/todos")
        let before = try #require(try await demo.row(browser.sessionID))
        let moved = try await browser.post("/_nav/route", ["to": "todo", "input": "2", "from": "/authenticated/todos"])
        #expect(moved.location == "/authenticated/todos/todo/2")
        let after = try #require(try await demo.row(browser.sessionID))
        #expect(after.version == before.version + 1)
        #expect(after.snapshot.contains("\"todo\""))
    }

    @Test func loginRotatesTheStoredIDAndTheOldOneIsDead() async throws {
        let demo = try self.demo()
        let browser = TestClient(demo.app)
        try await browser.get("/unauthenticated")
        let first = try #require(browser.sessionID)
        try await browser.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        let second = try #require(browser.sessionID)
        #expect(first != second)
        #expect(try await demo.row(first) == nil)
        #expect(try await demo.row(second) != nil)
        let stale = TestClient(try self.demo().app)
        stale.cookies = ["signalbox_session": first.rawValue]
        #expect(try await stale.get("/authenticated/home").status == .seeOther)  // signed out: a new session
        #expect(stale.sessionID != first)
    }

    @Test func idleSessionsHibernateAndComeBackFromTheirRows() async throws {
        let demo = try self.demo(.init(hotSessions: 1))
        let alice = TestClient(demo.app)
        try await alice.logInAsAlice()
        try await alice.get("/authenticated/todos/todo/2")
        let other = TestClient(demo.app)
        try await other.get("/unauthenticated/forgotPassword")  // pushes alice's tree out of memory
        let page = try await alice.get("/authenticated/todos/todo/2")
        #expect(page.status == .ok)
        #expect(page.setCookies.isEmpty)
        #expect(try await other.get("/unauthenticated/forgotPassword").setCookies.isEmpty)
    }

    @Test func expiredSessionsAreGoneAndTheirRowsDeleted() async throws {
        let demo = try self.demo(.init(idleTimeout: .seconds(600)))
        let browser = TestClient(demo.app)
        try await browser.logInAsAlice()
        let id = try #require(browser.sessionID)
        self.clock.advance(by: .seconds(601))
        let reply = try await browser.get("/authenticated/home")
        #expect(reply.status == .seeOther)  // signed out: the guard sends the new session to login
        #expect(try await demo.row(id) == nil)
    }

    @Test func aSnapshotThatNoLongerFitsTheAppDropsItsSessionLikeAnUnknownID() async throws {
        let demo = try self.demo()
        let browser = TestClient(demo.app)
        try await browser.logInAsAlice()
        try await browser.get("/authenticated/todos/todo/2")
        let id = try #require(browser.sessionID)
        // A deploy renamed the route: the stored snapshot names one the app no longer has.
        try await demo.sessions.database.pool.write { db in
            try db.execute(
                sql: "UPDATE session SET snapshot = replace(snapshot, '\"todo\"', '\"renamedTodo\"') WHERE id = ?",
                arguments: [id.rawValue]
            )
        }
        let fresh = TestClient(try self.demo().app)
        fresh.cookies = browser.cookies
        let reply = try await fresh.get("/authenticated/todos/todo/2")
        #expect(reply.status == .seeOther)
        #expect(reply.location == "/unauthenticated")
        #expect(fresh.sessionID != id)
        #expect(try await demo.row(id) == nil)
    }

    @Test func aWriteThatFailsAnswers503ChangesNothingAndTheServerGoesOn() async throws {
        let demo = try self.demo()
        let browser = TestClient(demo.app)
        try await browser.logInAsAlice()
        try await browser.get("/authenticated/todos")
        let before = try #require(try await demo.row(browser.sessionID))
        try await demo.sessions.database.pool.write { db in try db.execute(sql: "PRAGMA query_only = 1") }
        let failed = try await browser.post(
            "/_nav/route",
            ["to": "todo", "input": "2", "from": "/authenticated/todos"]
        )
        #expect(failed.status == .serviceUnavailable)
        #expect(failed.response.headerFields[.retryAfter] == "2")
        #expect(failed.body.contains("nothing changed"))
        try await demo.sessions.database.pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA query_only = 0")
        }
        // The session is as it was: the next request restores the last committed row.
        #expect(try await demo.row(browser.sessionID)?.version == before.version)
        let state = try await browser.get("/", json: true)
        #expect(state.json["path"] as? String == "/authenticated/todos")
        #expect(try await browser.get("/authenticated/todos/todo/2").status == .ok)
    }

    @Test func aFullDiskAnswers503KeepsTheSessionAndEveryAnsweredChangeSurvivesARestart() async throws {
        let log = LogRecorder()
        var cookies: [String: String]
        var otherCookies: [String: String]
        var answered = "/authenticated/testbed"
        var committed: SessionRow
        do {
            let demo = try self.demo(logger: log.logger())
            let other = TestClient(demo.app)
            try await other.logInAsAlice()
            try await other.get("/authenticated/todos/todo/2")
            otherCookies = other.cookies
            let browser = TestClient(demo.app)
            try await browser.logInAsAlice()
            try await browser.get(answered)
            // The disk is full: the file may not grow past the pages it has (the pool's one writer
            // connection keeps the limit for every later write).
            let pool = demo.sessions.database.pool
            let limit = try await pool.writeWithoutTransaction { db in
                let limit = try Int.fetchOne(db, sql: "PRAGMA max_page_count") ?? 0
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                try db.execute(sql: "PRAGMA max_page_count = \(pages)")
                return limit
            }
            // Each pushed coordinator adds about 150 bytes to the snapshot: the row soon needs a
            // page the file cannot have (long before the depth limit of 63 pushes).
            var refusal: TestResponse?
            committed = try #require(try await demo.row(browser.sessionID))
            for _ in 0..<63 {
                let reply = try await browser.post("/_nav/route", ["to": "pushCoordinator", "from": answered])
                guard reply.status == .seeOther else {
                    refusal = reply
                    break
                }
                answered = try #require(reply.location)
                committed = try #require(try await demo.row(browser.sessionID))
            }
            let failed = try #require(refusal, "every push was saved: the file never filled up")
            #expect(failed.status == .serviceUnavailable)
            #expect(failed.body.contains("nothing changed"))
            #expect(answered.hasPrefix("/authenticated/testbed/pushCoordinator"))  // some pushes fitted
            #expect(
                log.entries.contains { $0.line.contains("database or disk is full") },
                "the write failed as SQLITE_FULL"
            )
            // The session is as it was: the row is untouched and the next request shows the old page.
            let kept = try #require(try await demo.row(browser.sessionID))
            #expect(kept.version == committed.version)
            #expect(kept.snapshot == committed.snapshot)
            let state = try await browser.get("/", json: true)
            #expect(state.json["path"] as? String == answered)
            // Requests that write nothing are still served, for this session and another.
            #expect(try await browser.get(answered).status == .ok)
            #expect(try await other.get("/authenticated/todos/todo/2").status == .ok)
            // Room again: navigation works.
            try await pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = \(limit)") }
            let retried = try await browser.post("/_nav/route", ["to": "pushCoordinator", "from": answered])
            #expect(retried.status == .seeOther)
            answered = try #require(retried.location)
            committed = try #require(try await demo.row(browser.sessionID))
            #expect(committed.version == kept.version + 1)
            cookies = browser.cookies
        }
        // A restart: a new store and app on the same file. Every answered change is there.
        let demo = try self.demo()
        let browser = TestClient(demo.app)
        browser.cookies = cookies
        let state = try await browser.get("/", json: true)
        #expect(state.json["path"] as? String == answered)
        #expect(try await demo.row(browser.sessionID)?.version == committed.version)
        #expect(try await browser.get(answered).status == .ok)
        let other = TestClient(demo.app)
        other.cookies = otherCookies
        #expect(try await other.get("/", json: true).json["path"] as? String == "/authenticated/todos/todo/2")
    }

    @Test func aSessionThatCannotBeReadAnswers503NamingNoInternals() async throws {
        let log = LogRecorder()
        let demo = try self.demo(.init(hotSessions: 1), logger: log.logger())
        let alice = TestClient(demo.app)
        try await alice.logInAsAlice()
        try await alice.get("/authenticated/todos/todo/2")
        try await TestClient(demo.app).get("/unauthenticated")  // alice's tree hibernates
        // The table is unreadable (as a damaged page would make it).
        try await demo.sessions.database.pool.write { db in try db.execute(sql: "ALTER TABLE session RENAME TO gone") }
        let page = try await alice.get("/authenticated/todos/todo/2")
        #expect(page.status == .serviceUnavailable)
        #expect(page.body.contains("could not be read"))
        #expect(!page.body.contains("no such table"))
        #expect(log.entries.contains { $0.message == "session not read" && $0.line.contains("no such table") })
        // Readable again: the session is where it was.
        try await demo.sessions.database.pool.write { db in try db.execute(sql: "ALTER TABLE gone RENAME TO session") }
        #expect(try await alice.get("/authenticated/todos/todo/2").status == .ok)
    }

    @Test func aSnapshotTooLargeToComeBackIsRefusedWhenSavedNotWhenRestored() async throws {
        let demo = try self.demo(.init(maxSnapshotBytes: 1_500))
        let browser = TestClient(demo.app)
        try await browser.logInAsAlice()
        var answered = "/authenticated/testbed"
        try await browser.get(answered)
        var refusal: TestResponse?
        for _ in 0..<30 {
            let reply = try await browser.post("/_nav/route", ["to": "pushCoordinator", "from": answered])
            guard reply.status == .seeOther else {
                refusal = reply
                break
            }
            answered = try #require(reply.location)
        }
        let refused = try #require(refusal, "every push was saved: the limit never applied")
        #expect(refused.status == .serviceUnavailable)
        let saved = try #require(try await demo.row(browser.sessionID))
        #expect(saved.snapshot.utf8.count <= 1_500)
        // What was acknowledged comes back after a restart.
        let restarted = TestClient(try self.demo(.init(maxSnapshotBytes: 1_500)).app)
        restarted.cookies = browser.cookies
        #expect(try await restarted.get("/", json: true).json["path"] as? String == answered)
    }

    @Test func aRowDeletedWhileItsSessionIsLiveIsNotBroughtBack() async throws {
        let demo = try self.demo()
        let browser = TestClient(demo.app)
        try await browser.logInAsAlice()
        try await browser.get("/authenticated/todos")
        let id = try #require(browser.sessionID)
        // As a sweep or an eviction in another request would.
        try await demo.sessions.database.pool.write { db in
            try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [id.rawValue])
        }
        let change = try await browser.post(
            "/_nav/route",
            ["to": "todo", "input": "2", "from": "/authenticated/todos"]
        )
        #expect(change.status == .serviceUnavailable)
        #expect(try await demo.row(id) == nil)
        let next = try await browser.get("/authenticated/todos")
        #expect(next.status == .seeOther)  // signed out: the session is gone
        #expect(next.location == "/unauthenticated")
    }

    /// M1: visitors who never sign in, even ones that come back with their cookie, go first.
    @Test func atTheCapSessionsNobodySignedInToGoFirstEvenWhenTheyComeBack() async throws {
        let demo = try self.demo(.init(maxSessions: 3))
        let user = TestClient(demo.app)
        try await user.logInAsAlice()
        for _ in 0..<20 {
            let visitor = TestClient(demo.app)
            #expect(try await visitor.get("/unauthenticated").status == .ok)
            #expect(try await visitor.get("/unauthenticated/forgotPassword").setCookies.isEmpty)
        }
        #expect(try await demo.sessions.count == 3)
        let page = try await user.get("/authenticated/home")
        #expect(page.status == .ok)
        #expect(page.setCookies.isEmpty)
    }

    /// M1: the row's last-seen time moves with the coarse touch only, yet an active user is not
    /// taken for the oldest: eviction orders by the last request, which the store knows.
    @Test func atTheCapTheSessionUsedLeastRecentlyGoesNotTheOneTouchedLongestAgo() async throws {
        let demo = try self.demo(.init(maxSessions: 2))
        let alice = TestClient(demo.app)
        try await alice.logInAsAlice()
        self.clock.advance(by: .seconds(30))
        let bob = TestClient(demo.app)
        try await bob.logInAsAlice()
        self.clock.advance(by: .seconds(29))
        try await alice.get("/authenticated/home")  // 59 s after her last touch: no new touch
        #expect(try await demo.row(alice.sessionID)?.lastSeenAt ?? 0 < demo.row(bob.sessionID)?.lastSeenAt ?? 0)
        self.clock.advance(by: .seconds(1))
        #expect(try await TestClient(demo.app).get("/unauthenticated").status == .ok)
        #expect(try await demo.row(bob.sessionID) == nil)
        let page = try await alice.get("/authenticated/home")
        #expect(page.status == .ok)
        #expect(page.setCookies.isEmpty)
    }

    @Test func whetherTheAppEstablishedASessionSurvivesARestart() async throws {
        let cookies: [String: String]
        do {
            let demo = try self.demo(.init(maxSessions: 2))
            let alice = TestClient(demo.app)
            try await alice.logInAsAlice()
            cookies = alice.cookies
        }
        let demo = try self.demo(.init(maxSessions: 2))
        for _ in 0..<5 { #expect(try await TestClient(demo.app).get("/unauthenticated").status == .ok) }
        let alice = TestClient(demo.app)
        alice.cookies = cookies
        #expect(try await alice.get("/authenticated/home").status == .ok)
    }

    @Test func aFileThatIsNotADatabaseStopsStartUpNamingIt() throws {
        let path = self.folder.path + "/notes.txt"
        try "these are notes, not a database\n".write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: SQLiteStoreError.self) {
            try SQLiteSessionStore(path: path, logger: Logger(label: "t"))
        }
        #expect(error.description.contains(path))
        #expect(error.description.contains("not a database"))
    }

    @Test func aCorruptFileStopsStartUpNamingIt() async throws {
        do {
            let browser = TestClient(try self.demo().app)
            try await browser.logInAsAlice()
            try await browser.get("/authenticated/todos/todo/2")
        }
        // Closed: everything is in the main file, none of it in a write-ahead log.
        #expect(!FileManager.default.fileExists(atPath: self.file + "-wal"))
        let header = try #require(FileManager.default.contents(atPath: self.file)).prefix(100)
        try corruptEveryPageAfterTheFirst(of: self.file)
        #expect(FileManager.default.contents(atPath: self.file)?.prefix(100) == header)  // still a database
        let error = try #require(throws: SQLiteStoreError.self) {
            try SQLiteSessionStore(path: self.file, logger: Logger(label: "t"))
        }
        #expect(error.description.contains(self.file))
        #expect(error.description.contains("malformed"))
    }

    @Test func aFolderThatCannotBeWrittenStopsStartUpNamingTheFile() throws {
        let path = "/proc/signalbox-cannot-write-here/sessions.sqlite"
        let error = try #require(throws: SQLiteStoreError.self) {
            try SQLiteSessionStore(path: path, logger: Logger(label: "t"))
        }
        #expect(error.description.contains(path))
    }
}
