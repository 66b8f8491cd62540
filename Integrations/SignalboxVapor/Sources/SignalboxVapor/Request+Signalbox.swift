import HTTPTypes
import SignalboxHTTP
import Vapor

extension Vapor.Request {
    /// This request as Signalbox's, without its body: the method, the raw request target (the
    /// still percent-encoded path and the query), `Host` as the authority, every other header
    /// field in order, the peer's address and ``Vapor/Request/id`` as the request id.
    ///
    /// - Throws: `Abort(.badRequest)` for a method HTTPTypes refuses (Vapor's router sends only
    ///   the methods it was given, so this does not happen for mounted routes).
    func signalboxRequest() throws -> SignalboxHTTP.Request {
        guard let method = HTTPRequest.Method(self.method.rawValue) else {
            throw Abort(.badRequest, reason: "invalid request method")
        }
        var authority: String?
        var fields = HTTPFields()
        fields.reserveCapacity(self.headers.count)
        for (name, value) in self.headers {
            guard let fieldName = HTTPField.Name(name) else { continue }
            if fieldName.canonicalName == "host" {
                authority = authority ?? value
            } else {
                fields.append(HTTPField(name: fieldName, value: value))
            }
        }
        let url = self.url
        let target = url.query.map { "\(url.path)?\($0)" } ?? url.path
        let secure = self.application.http.server.configuration.tlsConfiguration != nil
        let head = HTTPRequest(
            method: method,
            scheme: secure ? "https" : nil,
            authority: authority,
            path: target,
            headerFields: fields
        )
        return SignalboxHTTP.Request(
            head: head,
            clientAddress: self.remoteAddress?.ipAddress,
            id: self.id
        )
    }

    /// The whole body, or `nil` when it is larger than `limit` bytes.
    ///
    /// A `Content-Length` past the limit answers at once (Vapor then skips the body). Otherwise
    /// the body is read as it streams in; once past the limit the rest is read and dropped, so
    /// the connection stays usable for the next request (the `413` goes out when the body ends).
    func collectBody(upTo limit: Int) async throws -> [UInt8]? {
        if let length = self.headers.first(name: .contentLength).flatMap(Int.init), length > limit {
            return nil
        }
        if let collected = self.body.data {
            return collected.readableBytes > limit ? nil : Array(collected.readableBytesView)
        }
        var bytes: [UInt8] = []
        var tooLarge = false
        for try await chunk in self.body where !tooLarge {
            if bytes.count + chunk.readableBytes > limit {
                tooLarge = true
                bytes = []
            } else {
                bytes.append(contentsOf: chunk.readableBytesView)
            }
        }
        return tooLarge ? nil : bytes
    }
}
