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
        try await withTwoInstances(clock: clock) { one, other in
            for _ in 0..<4 { await one.recordLogin(of: "Alice", succeeded: false) }
            #expect(await other.loginWait(for: "alice") == nil)
            await one.recordLogin(of: "alice", succeeded: false)
            #expect(await other.loginWait(for: "ALICE") == .seconds(1))
            #expect(await other.loginWait(for: "bob") == nil)  // per username
            clock.advance(by: .milliseconds(400))
            #expect(await one.loginWait(for: "alice") == .milliseconds(600))
            clock.advance(by: .milliseconds(600))
            #expect(await other.loginWait(for: "alice") == nil)
            await other.recordLogin(of: "alice", succeeded: false)
            #expect(await one.loginWait(for: "alice") == .seconds(2))
            clock.advance(by: .seconds(2))
            await one.recordLogin(of: "alice", succeeded: true)
            #expect(await other.loginWait(for: "alice") == nil)
            // A success starts the count again: four more failures are free.
            for _ in 0..<4 { await other.recordLogin(of: "alice", succeeded: false) }
            #expect(await one.loginWait(for: "alice") == nil)
        }
    }

    @Test func theSlowDownFollowsLoginThrottlesSchedule() async throws {
        let clock = ManualSessionClock()
        let throttle = LoginThrottle(clock: clock)
        try await withStore(clock: clock) { store, _ in
            for failures in 1...30 {
                await store.recordLogin(of: "alice", succeeded: false)
                throttle.record(username: "alice", succeeded: false)
                #expect(await store.loginWait(for: "alice") == throttle.wait(for: "alice"), "after \(failures)")
            }
            #expect(await store.loginWait(for: "alice") == LoginThrottle.defaultMaxWait)
        }
        #expect(LoginThrottle.wait(afterFailures: 4) == nil)
        #expect(LoginThrottle.wait(afterFailures: 5) == .seconds(1))
        #expect(LoginThrottle.wait(afterFailures: 7) == .seconds(4))
        #expect(LoginThrottle.wait(afterFailures: 1_000) == .seconds(15 * 60))
    }

    @Test func failuresRecordedAtOnceOnTwoInstancesAllCount() async throws {
        try await withTwoInstances { one, other in
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<10 {
                    let store = index.isMultiple(of: 2) ? one : other
                    group.addTask { await store.recordLogin(of: "alice", succeeded: false) }
                }
            }
            #expect(await one.loginWait(for: "alice") == LoginThrottle.wait(afterFailures: 10))
        }
    }

    @Test func failuresAreForgottenADayAfterTheirLastRefusalEnded() async throws {
        let clock = ManualSessionClock()
        try await withStore(clock: clock) { store, client in
            for _ in 0..<6 { await store.recordLogin(of: "alice", succeeded: false) }
            await store.recordLogin(of: "bob", succeeded: false)
            clock.advance(by: .seconds(24 * 60 * 60 + 3))
            await store.recordLogin(of: "carol", succeeded: false)
            #expect(await store.forgetOldLoginFailures() == 2)
            let kept = try await strings("SELECT username FROM login_throttle", on: client)
            #expect(kept == ["carol"])
        }
    }
}
