/// A file a screen offers for download: an upload the app stored, a report it makes.
///
/// A host serves it at the screen's path with `?download=<name>` (`<a href="{{path}}?download=7">`),
/// after reshaping the tree to that path, so the app's guards and the screen's own data access
/// decide who may read it, as for the page itself. It is sent as an attachment
/// (`Content-Disposition: attachment`), with `nosniff`, never shown inline.
///
/// ```swift
/// func download(_ name: String, context: ScreenContext) async throws -> Download? {
///     guard let id = Int(name), let file = try await store.attachment(id: id, of: user) else { return nil }
///     return Download(filename: file.filename, contentType: file.contentType, bytes: file.bytes)
/// }
/// ```
public struct Download: Sendable, Hashable {
    /// The name the browser saves it under.
    public var filename: String
    /// Its media type.
    public var contentType: String
    /// Its bytes.
    public var bytes: [UInt8]

    public init(filename: String, contentType: String, bytes: [UInt8]) {
        self.filename = filename
        self.contentType = contentType
        self.bytes = bytes
    }
}
