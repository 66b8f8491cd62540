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
}
