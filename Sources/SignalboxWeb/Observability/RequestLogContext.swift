public import Logging

/// The request being handled, for log lines written on its behalf.
///
/// ``WebApp`` sets ``requestID`` while it handles a request; a logging backend bootstrapped with
/// ``Logging/Logger/MetadataProvider/requestID`` adds it as `request.id` to every line logged
/// in that task — the web layer's, a session store's, the app's own:
///
/// ```swift
/// LoggingSystem.bootstrap(
///     { label, provider in StreamLogHandler.standardError(label: label, metadataProvider: provider) },
///     metadataProvider: .requestID
/// )
/// ```
public enum RequestLogContext {
    /// The id of the request this task handles (``/SignalboxHTTP/Request/id``), if any.
    @TaskLocal public static var requestID: String?
}

extension Logger.MetadataProvider {
    /// Adds `request.id` (``RequestLogContext/requestID``) to every line logged while a request
    /// is handled.
    public static let requestID = Logger.MetadataProvider {
        RequestLogContext.requestID.map { ["request.id": .string($0)] } ?? [:]
    }
}
