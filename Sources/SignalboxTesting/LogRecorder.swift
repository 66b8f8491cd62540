public import Logging
import Synchronization

/// Keeps every message logged through its ``logger``, for assertions on what an app or server
/// logged.
///
/// ```swift
/// let log = LogRecorder()
/// let app = try makeApp(logger: log.logger)
/// // … requests …
/// #expect(log.entries.contains { $0.level == .error && $0.message == "session change not saved" })
/// ```
public final class LogRecorder: Sendable {
    /// One logged message with the logger's and the call's metadata merged.
    public struct Entry: Sendable {
        public var level: Logger.Level
        public var message: String
        public var metadata: Logger.Metadata

        /// `level message metadata` on one line, for `contains` checks.
        public var line: String { "\(self.level) \(self.message) \(self.metadata)" }
    }

    private let recorded = Mutex<[Entry]>([])

    /// An empty recorder.
    public init() {}

    /// Every message so far, oldest first.
    public var entries: [Entry] { self.recorded.withLock { $0 } }

    /// A logger (every level, from trace up) whose messages this recorder keeps.
    public func logger(label: String = "signalbox.tests") -> Logger {
        Logger(label: label) { _ in Handler(recorder: self) }
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { self.metadata[key] }
            set { self.metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let metadata = self.metadata.merging(event.metadata ?? [:]) { $1 }
            let entry = Entry(level: event.level, message: "\(event.message)", metadata: metadata)
            self.recorder.recorded.withLock { $0.append(entry) }
        }
    }
}
