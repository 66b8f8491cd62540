import Logging
import PostgresNIO
import SignalboxPostgres
import SignalboxWeb
import Synchronization
public import TodoApp

// The failed-login throttle, counted in the database so that every instance sees every failure:
// `LoginThrottle`'s policy (per username from a client, per client, per username; free attempts,
// then 1 s, 2 s, 4 s … at most 15 minutes), with the times from the store's clock.
extension PostgresTodoStore {
    /// Whether a login for `username` from `client` may be tried now (one round trip for the
    /// three counters).
    ///
    /// When the database cannot be read, the answer is `.open`: a short outage does not lock
    /// everyone out, and the login itself then fails as unreadable, so nothing is guessed
    /// meanwhile. The cause is logged.
    public func loginGate(for username: String, from client: String?) async -> LoginGate {
        guard Self.isStorable(username.lowercased()) else { return .open }
        let keys = LoginThrottle.Scope.keys(username: username, client: client)
        do {
            let rows = try await self.rows(
                """
                SELECT key, failures, refused_until_ms, last_failure_ms FROM login_throttle
                WHERE key = ANY(\(keys.map(\.key)))
                """
            )
            var counters: [LoginThrottle.Scope: LoginThrottle.Counter] = [:]
            for row in rows {
                let (key, failures, until, last) = try row.decode((String, Int, Int64, Int64).self)
                guard let scope = keys.first(where: { $0.key == key })?.scope else { continue }
                counters[scope] = LoginThrottle.Counter(
                    failures: failures,
                    refusedUntil: SessionInstant(milliseconds: until),
                    lastFailure: SessionInstant(milliseconds: last)
                )
            }
            return self.loginPolicy.gate(counters, now: self.clock.now)
        } catch {
            self.logger.error("login throttle unreadable", metadata: ["error": "\(PostgresFailure.reason(error))"])
            return .open
        }
    }

    /// Records a login attempt's outcome: a failure counts one more in each scope (one statement,
    /// so failures on several instances at once all count), a success forgets the
    /// username-from-this-client count.
    ///
    /// When the database cannot be written, the outcome is logged and dropped: a failure that
    /// did not count costs one free attempt at most, as the login itself could not be checked.
    public func recordLogin(of username: String, from client: String?, succeeded: Bool) async {
        guard Self.isStorable(username.lowercased()) else { return }
        let now = Self.milliseconds(self.clock.now.sinceEpoch)
        let keys = LoginThrottle.Scope.keys(username: username, client: client)
        do {
            if succeeded {
                if let own = keys.first(where: { $0.scope == .usernameFromClient }) {
                    _ = try await self.rows("DELETE FROM login_throttle WHERE key = \(own.key)")
                }
            } else {
                _ = try await self.rows(self.countFailure(keys, now: now))
            }
        } catch {
            self.logger.error("login attempt not recorded", metadata: ["error": "\(PostgresFailure.reason(error))"])
            return
        }
        // Every hundredth failure this instance records, forget counts that no longer matter
        // (a scan of the table).
        if !succeeded, self.failedLoginsRecorded.add(1, ordering: .relaxed).newValue.isMultiple(of: 100) {
            await self.forgetOldLoginFailures()
        }
    }

    /// One more failure for each key, in one statement (a data-modifying CTE per key): the
    /// policy's schedule comes as an array (`loginWaits`), the new count picks its wait, the last
    /// element for every count past it; a count whose last failure is older than the policy's
    /// `forgetAfter` starts over at one.
    private func countFailure(
        _ keys: [(scope: LoginThrottle.Scope, key: String)],
        now: Int
    ) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(now)  // $1
        binds.append(now - Self.milliseconds(self.loginPolicy.forgetAfter))  // $2
        var counts: [String] = []
        for (index, (scope, key)) in keys.enumerated() {
            let waits = self.loginWaits[scope] ?? [0]
            binds.append(key)
            let keyBind = binds.count
            binds.append(waits)
            let waitsBind = binds.count
            let failures = "CASE WHEN t.last_failure_ms < $2 THEN 1 ELSE least(t.failures + 1, \(waits.count)) END"
            counts.append(
                """
                count\(index) AS (
                    INSERT INTO login_throttle AS t (key, failures, refused_until_ms, last_failure_ms)
                    VALUES ($\(keyBind), 1, $1 + ($\(waitsBind)::bigint[])[1], $1)
                    ON CONFLICT (key) DO UPDATE SET
                        failures = \(failures),
                        refused_until_ms = $1 + ($\(waitsBind)::bigint[])[\(failures)],
                        last_failure_ms = $1
                    RETURNING 1
                )
                """
            )
        }
        return PostgresQuery(unsafeSQL: "WITH " + counts.joined(separator: ",\n") + "\nSELECT 1", binds: binds)
    }

    /// Deletes the counters that neither refuse nor count any more: the refusal ended and the last
    /// failure is older than the policy's `forgetAfter`. Returns how many, or `nil` when the
    /// database failed.
    @discardableResult
    func forgetOldLoginFailures() async -> Int? {
        let cutoff = Self.milliseconds(self.clock.now.sinceEpoch - self.loginPolicy.forgetAfter)
        let now = Self.milliseconds(self.clock.now.sinceEpoch)
        do {
            let rows = try await self.rows(
                """
                WITH forgotten AS (
                    DELETE FROM login_throttle WHERE last_failure_ms < \(cutoff) AND refused_until_ms < \(now)
                    RETURNING 1
                )
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
