package import GRDB
import Synchronization

/// Read-only connections to a SQLite file in WAL mode, one per concurrent reader, used on the
/// caller's thread.
///
/// A read takes a free connection (or opens one), runs its statement and gives the connection
/// back. No thread ever waits here: a reader that finds none free opens another, so there are
/// at most as many as reads ever ran at once (the server's threads), and at most
/// ``keptConnections`` stay open. GRDB's `DatabasePool` serves reads through a semaphore and a
/// barrier queue, which under load put a thread to sleep about once per request (measured as
/// context switches); a WAL read never waits for the writer, so none of that is needed here.
package final class ReadConnections: Sendable {
    private let path: String
    private let configuration: Configuration
    private let free = Mutex<[DatabaseQueue]>([])
    /// Connections kept open when given back (the rest are closed).
    package let keptConnections = 16

    /// Readers of the file at `path`, which a writer opened in WAL mode first.
    package init(path: String, label: String) {
        self.path = path
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        configuration.label = label
        self.configuration = configuration
    }

    /// Runs `body` on a read-only connection on this thread.
    package func read<Value>(_ body: (Database) throws -> Value) throws -> Value {
        let connection =
            try self.free.withLock { $0.popLast() } ?? DatabaseQueue(path: self.path, configuration: self.configuration)
        defer {
            self.free.withLock { free in
                if free.count < self.keptConnections { free.append(connection) }
            }
        }
        return try connection.inDatabase(body)
    }
}
