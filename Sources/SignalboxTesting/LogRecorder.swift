public import Logging
import Synchronization

/// Keeps every message logged through its ``logger(label:metadataProvider:)``, for assertions on what an app or server
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

    /// A logger (every level, from trace up) whose messages this recorder keeps, with the
    /// metadata `metadataProvider` adds (``/SignalboxWeb/RequestLogContext``'s request id, say).
    public func logger(
        label: String = "signalbox.tests",
        metadataProvider: Logger.MetadataProvider? = nil
    ) -> Logger {
        Logger(label: label) { _ in Handler(recorder: self, metadataProvider: metadataProvider) }
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadataProvider: Logger.MetadataProvider?
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { self.metadata[key] }
            set { self.metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let provided = self.metadataProvider?.get() ?? [:]
            let metadata = provided.merging(self.metadata) { $1 }.merging(event.metadata ?? [:]) { $1 }
            let entry = Entry(level: event.level, message: "\(event.message)", metadata: metadata)
            self.recorder.recorded.withLock { $0.append(entry) }
        }
    }
}
