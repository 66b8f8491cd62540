import Logging
import PostgresNIO
import SignalboxPostgres
import SignalboxWeb
import Synchronization
import TodoApp

// The failed-login slow-down, counted in the database so that every instance sees every failure:
// `LoginThrottle`'s schedule (free attempts, then 1 s, 2 s, 4 s … at most 15 minutes; a success
// resets), with the times from the store's clock.
extension PostgresTodoStore {
    /// How long a record of failures is kept after its last refusal ended: a day, then it is
    /// forgotten (as `LoginThrottle` forgets names that are not waiting when it is full).
    static let forgetLoginFailuresAfter: Duration = .seconds(24 * 60 * 60)

    /// How long logins for `username` are still refused, or `nil` when one may be tried now.
    ///
    /// When the database cannot be read, the answer is `nil`: a short outage does not lock
    /// everyone out, and the login itself then fails as unreadable, so nothing is guessed
    /// meanwhile. The cause is logged.
    public func loginWait(for username: String) async -> Duration? {
        let name = username.lowercased()
        guard Self.isStorable(name) else { return nil }
        do {
            let rows = try await self.rows("SELECT refused_until_ms FROM login_throttle WHERE username = \(name)")
            guard let until = try rows.first?.decode(Int.self) else { return nil }
            let wait = until - Self.milliseconds(self.clock.now.sinceEpoch)
            return wait > 0 ? .milliseconds(wait) : nil
        } catch {
            self.logger.error("login throttle unreadable", metadata: ["error": "\(PostgresFailure.reason(error))"])
            return nil
        }
    }

    /// Records a login attempt's outcome: a failure counts one more in a row (one statement, so
    /// failures on several instances at once all count), a success forgets them.
    ///
    /// When the database cannot be written, the outcome is logged and dropped: a failure that
    /// did not count costs one free attempt at most, as the login itself could not be checked.
    public func recordLogin(of username: String, succeeded: Bool) async {
        let name = username.lowercased()
        guard Self.isStorable(name) else { return }
        let now = Self.milliseconds(self.clock.now.sinceEpoch)
        let query: PostgresQuery
        if succeeded {
            query = "DELETE FROM login_throttle WHERE username = \(name)"
        } else {
            // The schedule comes from `LoginThrottle` as an array (`loginWaits`): the new count
            // picks its wait, the last element for every count past it.
            let waits = self.loginWaits
            query = """
                INSERT INTO login_throttle AS t (username, failures, refused_until_ms)
                VALUES (\(name), 1, \(now) + (\(waits)::bigint[])[1])
                ON CONFLICT (username) DO UPDATE SET
                    failures = least(t.failures + 1, \(waits.count)),
                    refused_until_ms = \(now) + (\(waits)::bigint[])[least(t.failures + 1, \(waits.count))]
                """
        }
        do {
            _ = try await self.rows(query)
        } catch {
            self.logger.error("login attempt not recorded", metadata: ["error": "\(PostgresFailure.reason(error))"])
            return
        }
        // Every hundredth failure this instance records, forget names whose last refusal ended
        // long ago (a scan of the table).
        if !succeeded, self.failedLoginsRecorded.add(1, ordering: .relaxed).newValue.isMultiple(of: 100) {
            await self.forgetOldLoginFailures()
        }
    }

    /// Deletes the records of names whose last refusal ended more than
    /// ``forgetLoginFailuresAfter`` ago; returns how many, or `nil` when the database failed.
    @discardableResult
    func forgetOldLoginFailures() async -> Int? {
        let cutoff = Self.milliseconds(self.clock.now.sinceEpoch - Self.forgetLoginFailuresAfter)
        do {
            let rows = try await self.rows(
                """
                WITH forgotten AS (DELETE FROM login_throttle WHERE refused_until_ms < \(cutoff) RETURNING 1)
                SELECT count(*)::bigint FROM forgotten
                """
            )
            return try rows.first?.decode(Int.self) ?? 0
        } catch {
            self.logger.warning(
                "old login failures not forgotten",
                metadata: ["error": "\(PostgresFailure.reason(error))"]
            )
            return nil
        }
    }
}
