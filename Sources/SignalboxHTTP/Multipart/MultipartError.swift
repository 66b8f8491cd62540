/// An error found while parsing a `multipart/form-data` body.
public enum MultipartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body does not follow the multipart syntax; the associated text says what was wrong.
    case malformed(String)
    /// A part's header block is larger than the limit, in bytes.
    case headerTooLarge(limit: Int)
    /// A part has more header lines than the limit.
    case tooManyHeaderLines(limit: Int)
    /// The body ended before its closing delimiter.
    case truncated
    /// The event handler threw an error, so the parser stopped; the handler's error was passed on to the caller.
    case aborted

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .malformed(let reason):
            "Malformed multipart body: \(reason)"
        case .headerTooLarge(let limit):
            "A multipart part has a header block larger than \(limit) bytes"
        case .tooManyHeaderLines(let limit):
            "A multipart part has more than \(limit) header lines"
        case .truncated:
            "The multipart body ended before its closing boundary"
        case .aborted:
            "The multipart parser stopped because its event handler threw an error"
        }
    }
}
