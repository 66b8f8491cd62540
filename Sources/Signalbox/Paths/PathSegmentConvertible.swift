/// A route input that travels in one path segment, like the `3` in `/todos/todo/3`.
///
/// Conformers convert to and from the *decoded* segment text; percent-encoding is done by
/// ``PathCodec``, so any string (including `/`, `?`, `#`, `%`, spaces, `..` and non-ASCII)
/// round-trips. `Int`, `String` and `UUID` conform out of the box.
///
/// Any `Codable` type can be a route input without this protocol (written `(name=value,…)`, see
/// ``PathCodec/segment(for:)``); conform to give a type its own plain text, as a slug or an id.
///
/// ```swift
/// struct Slug: PathSegmentConvertible {
///     var text: String
///     var pathSegment: String { text }
///     init(pathSegment: String) throws(InputDecodingError) {
///         guard !pathSegment.isEmpty else { throw InputDecodingError("a slug cannot be empty") }
///         text = pathSegment
///     }
/// }
/// ```
public protocol PathSegmentConvertible: SendableMetatype {
    /// The decoded segment text for this value.
    var pathSegment: String { get }
    /// Parses a decoded segment; throws with a reason a user can act on.
    init(pathSegment: String) throws(InputDecodingError)
}

/// Why a path segment is not a valid route input, e.g. "expected an integer".
public struct InputDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { self.reason }
}

extension Int: PathSegmentConvertible {
    public var pathSegment: String { String(self) }

    public init(pathSegment: String) throws(InputDecodingError) {
        guard let value = Int(pathSegment) else {
            throw InputDecodingError("expected an integer, got \"\(pathSegment.prefix(64))\"")
        }
        self = value
    }
}

extension String: PathSegmentConvertible {
    public var pathSegment: String { self }

    public init(pathSegment: String) throws(InputDecodingError) {
        self = pathSegment
    }
}
