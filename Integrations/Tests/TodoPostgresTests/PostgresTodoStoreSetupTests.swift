import PostgresNIO
import PostgresTestSupport
import SignalboxPostgres
import SignalboxTesting
import Testing
import TodoApp

@testable import TodoPostgres

/// Start-up (migrations, the demo's data) and the failed-login slow-down, with several instances
/// on one database.
@Suite struct PostgresTodoStoreSetupTests {
    @Test func twoInstancesMigratingAtOnceBothSucceedAndMigrateOnce() async throws {
        try await withTwoInstances(migrated: false) { one, other in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for store in [one, other, one, other] {
                    group.addTask { try await store.migrate() }
                }
                try await group.waitForAll()
            }
            let names = try await strings(
                "SELECT name FROM todo_demo_migrations ORDER BY applied_at",
                on: one.database.client
            )
            #expect(names == PostgresTodoStore.migrations.map(\.name))
            try await other.migrate()  // nothing left to do
            #expect(try await strings("SELECT name FROM todo_demo_migrations", on: other.database.client) == names)
            // Both instances use the same tables.
            let ann = try await one.register(username: "ann", password: "password1")
            let todo = try await other.addTodo(title: "Shared", for: ann)
            #expect(try await one.todos(of: ann) == [todo])
        }
    }

    @Test func aMigrationThatFailsNamesItselfAndLeavesNothingHalfDone() async throws {
        try await TestDatabase.with { database in
            try await database.withClient { client in
                // A table of the same name, not the store's: the first migration cannot run.
                try await execute("CREATE TABLE project (id text)", on: client)
                let store = makeStore(client)
                let error = try await #require(throws: PostgresTodoStoreError.self) { try await store.migrate() }
                #expect(error.description.contains("todo-demo v1"))
                #expect(error.description.contains("already exists"))
                // Rolled back: neither its first table nor its record is there.
                let tables = try await strings(
                    "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
                    on: client
                )
                #expect(tables == ["project"])
            }
        }
    }

    @Test func seedingAddsTheInMemoryDemosDataOnce() async throws {
        try await withStore { store, _ in
            #expect(try await store.seedDemoIfEmpty())
            #expect(try await store.seedDemoIfEmpty() == false)
            let demo = InMemoryTodoStore.demo()
            let alice = InMemoryTodoStore.demoUser
            #expect(try await store.todos(of: alice) == demo.todos(of: alice))
            #expect(try await store.projects(of: alice) == demo.projects(of: alice))
            #expect(try await store.settings(of: alice) == demo.settings(of: alice))
            #expect(try await store.authenticate(username: "alice", password: InMemoryTodoStore.demoPassword) == alice)
            // New rows get new ids after the seeded ones.
            let next = try await store.addTodo(title: "Next", for: alice)
            #expect(try await store.todos(of: alice).map(\.id) == [1, 2, 3, 4, next.id])
        }
    }

    @Test func aStoreWithUsersIsNotSeeded() async throws {
        try await withStore { store, _ in
            _ = try await store.register(username: "bob", password: "password1")
            #expect(try await store.seedDemoIfEmpty() == false)
            #expect(try await store.isRegistered(username: "alice") == false)
        }
    }

    @Test func twoInstancesSeedingAtOnceSeedOnce() async throws {
        try await withTwoInstances { one, other in
            async let first = one.seedDemoIfEmpty()
            async let second = other.seedDemoIfEmpty()
            let seeded = try await [first, second]
            #expect(seeded.filter { $0 }.count == 1)
            #expect(try await other.todos(of: InMemoryTodoStore.demoUser).count == 4)
            #expect(try await one.projects(of: InMemoryTodoStore.demoUser).count == 2)
        }
    }

    // MARK: The failed-login slow-down

    @Test func failuresOnOneInstanceSlowDownLoginsOnAnother() async throws {
        let clock = ManualSessionClock()
        let guesser = "198.51.100.7"
        try await withTwoInstances(clock: clock) { one, other in
            for _ in 0..<4 { await one.recordLogin(of: "Alice", from: guesser, succeeded: false) }
            #expect(await other.loginGate(for: "alice", from: guesser) == .open)
            await one.recordLogin(of: "alice", from: guesser, succeeded: false)
            #expect(await other.loginGate(for: "ALICE", from: guesser) == .refused(.seconds(1)))
            #expect(await other.loginGate(for: "bob", from: guesser) == .open)  // per username
            #expect(await other.loginGate(for: "alice", from: "203.0.113.5") == .open)  // M3: alice's own client
            clock.advance(by: .milliseconds(400))
            #expect(await one.loginGate(for: "alice", from: guesser) == .refused(.milliseconds(600)))
            clock.advance(by: .milliseconds(600))
            #expect(await other.loginGate(for: "alice", from: guesser) == .open)
            await other.recordLogin(of: "alice", from: guesser, succeeded: false)
            #expect(await one.loginGate(for: "alice", from: guesser) == .refused(.seconds(2)))
            clock.advance(by: .seconds(2))
            await one.recordLogin(of: "alice", from: guesser, succeeded: true)
            #expect(await other.loginGate(for: "alice", from: guesser) == .open)
            // A success starts the count again: four more failures are free.
            for _ in 0..<4 { await other.recordLogin(of: "alice", from: guesser, succeeded: false) }
            #expect(await one.loginGate(for: "alice", from: guesser) == .open)
        }
    }

    /// The database and `LoginThrottle` in memory give the same answers, failure after failure,
    /// in every scope: one client guessing one name, one client many names, many clients one name.
    @Test func theThrottleFollowsLoginThrottlesPolicy() async throws {
        let clock = ManualSessionClock()
        let throttle = LoginThrottle(clock: clock)
        try await withStore(clock: clock) { store, _ in
            for failures in 1...30 {
                let (name, client) = ("alice", "198.51.100.7")
                await store.recordLogin(of: name, from: client, succeeded: false)
                throttle.record(username: name, client: client, succeeded: false)
                #expect(await store.loginGate(for: name, from: client) == throttle.gate(for: name, from: client))
                let spray = "user\(failures)"
                await store.recordLogin(of: spray, from: "198.51.100.8", succeeded: false)
                throttle.record(username: spray, client: "198.51.100.8", succeeded: false)
                #expect(
                    await store.loginGate(for: "next", from: "198.51.100.8")
                        == throttle.gate(for: "next", from: "198.51.100.8"),
                    "after \(failures)"
                )
                let botnet = "10.0.0.\(failures)"
                await store.recordLogin(of: "carol", from: botnet, succeeded: false)
                throttle.record(username: "carol", client: botnet, succeeded: false)
                #expect(
                    await store.loginGate(for: "carol", from: "203.0.113.5")
                        == throttle.gate(for: "carol", from: "203.0.113.5"),
                    "after \(failures)"
                )
            }
            #expect(await store.loginGate(for: "alice", from: "198.51.100.7") == .refused(.seconds(15 * 60)))
            #expect(await store.loginGate(for: "next", from: "198.51.100.8") == .refused(.seconds(15 * 60)))
            #expect(await store.loginGate(for: "carol", from: "203.0.113.5") == .slowed(.seconds(2)))
        }
    }

    @Test func failuresRecordedAtOnceOnTwoInstancesAllCount() async throws {
        try await withTwoInstances { one, other in
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<10 {
                    let store = index.isMultiple(of: 2) ? one : other
                    group.addTask { await store.recordLogin(of: "alice", from: "198.51.100.7", succeeded: false) }
                }
            }
            let wait = try #require(LoginThrottle.Policy().wait(afterFailures: 10, in: .usernameFromClient))
            #expect(await one.loginGate(for: "alice", from: "198.51.100.7") == .refused(wait))
        }
    }

    @Test func countsThatNeitherRefuseNorCountAnyMoreAreForgotten() async throws {
        let clock = ManualSessionClock()
        try await withStore(clock: clock) { store, client in
            for _ in 0..<6 { await store.recordLogin(of: "alice", from: nil, succeeded: false) }
            await store.recordLogin(of: "bob", from: nil, succeeded: false)
            clock.advance(by: .seconds(60 * 60 + 3))
            await store.recordLogin(of: "carol", from: nil, succeeded: false)
            #expect(await store.forgetOldLoginFailures() == 4)  // alice and bob, by name and from no client
            let kept = try await strings("SELECT key FROM login_throttle ORDER BY key", on: client)
            #expect(kept == ["u:carol", "uc:/carol"])
        }
    }
}
