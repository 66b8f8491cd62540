public import HTTPTypes

/// An HTTP response produced by a ``Responder``: a head and a complete body, or a body sent as
/// it is produced (``stream``).
///
/// Several `Set-Cookie` fields survive only when appended one by one; use
/// ``appendSetCookie(_:)`` rather than `headerFields[.setCookie] = …`, which replaces.
public struct Response: Sendable {
    /// Status and header fields.
    public var head: HTTPResponse
    /// The complete body.
    public var body: [UInt8]
    /// A body sent piece by piece instead of ``body`` (which is then empty): an event stream.
    /// Sent without `Content-Length`, chunked.
    public var stream: ResponseStream?

    public init(head: HTTPResponse, body: [UInt8] = []) {
        self.head = head
        self.body = body
    }

    public init(status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: [UInt8] = []) {
        self.head = HTTPResponse(status: status, headerFields: headerFields)
        self.body = body
    }

    /// A response whose body is sent as `stream` produces it.
    public init(status: HTTPResponse.Status, headerFields: HTTPFields = [:], stream: ResponseStream) {
        self.head = HTTPResponse(status: status, headerFields: headerFields)
        self.body = []
        self.stream = stream
    }

    /// A response with a UTF-8 text body and the given content type.
    public init(status: HTTPResponse.Status, contentType: String, body: String, headerFields: HTTPFields = [:]) {
        var fields = headerFields
        fields[.contentType] = contentType
        self.init(status: status, headerFields: fields, body: Array(body.utf8))
    }

    /// The status.
    public var status: HTTPResponse.Status {
        get { self.head.status }
        set { self.head.status = newValue }
    }

    /// The header fields.
    public var headerFields: HTTPFields {
        get { self.head.headerFields }
        set { self.head.headerFields = newValue }
    }

    /// Appends one `Set-Cookie` field, keeping any already present.
    public mutating func appendSetCookie(_ value: String) {
        self.head.headerFields.append(HTTPField(name: .setCookie, value: value))
    }
}
