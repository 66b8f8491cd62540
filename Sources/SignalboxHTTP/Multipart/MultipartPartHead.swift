/// What the header block of one `multipart/form-data` part says about the part.
public struct MultipartPartHead: Sendable, Hashable {
    /// The form field's name, from the `name` parameter of `Content-Disposition`.
    public var name: String
    /// The client's file name, from `filename*` (decoded) or else `filename`; `nil` when the part is not a file.
    ///
    /// It is given as sent: it may be empty (a file input with no file chosen) and may contain path separators or
    /// control characters. Never use it to build a path.
    public var filename: String?
    /// The part's `Content-Type` header, as sent; `nil` when absent or empty.
    public var contentType: String?

    /// Creates a part head.
    public init(name: String, filename: String? = nil, contentType: String? = nil) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
    }
}
