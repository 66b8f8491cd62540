public import HTTPTypes

extension MultipartSpooler {
    /// A spooler for the body of a request with these header fields, in this process's upload
    /// folder (``UploadDirectory``); `nil` when the body is not `multipart/form-data` with a
    /// usable boundary. What every server (and the web layer, for a body it is handed whole)
    /// starts an upload with.
    ///
    /// - Throws: ``MultipartSpoolError/bodyTooLarge(limit:)`` when the `Content-Length` is past
    ///   `limits` (so the body need not be read), ``MultipartSpoolError/io(_:)`` when the upload
    ///   folder cannot be made.
    public static func forRequest(
        _ fields: HTTPFields,
        limits: Limits
    ) throws(MultipartSpoolError) -> MultipartSpooler? {
        guard let type = fields[.contentType], let boundary = MultipartParser.boundary(fromContentType: type) else {
            return nil
        }
        if let length = fields[.contentLength].flatMap(Int.init), length > limits.maxBytes {
            throw .bodyTooLarge(limit: limits.maxBytes)
        }
        return MultipartSpooler(boundary: boundary, directory: try UploadDirectory.path(), limits: limits)
    }
}
