import HTTPTypes
import SignalboxHTTP
import Vapor

extension Vapor.Response {
    /// Vapor's response for a Signalbox one: the status, every header field in order (each
    /// `Set-Cookie` stays a field of its own) and the body.
    ///
    /// Vapor sets `Content-Length` from the body (and adds `Date` and `Connection` when it sends
    /// the response), so the responder's own `Content-Length` and `Transfer-Encoding` are dropped,
    /// except that a `HEAD` or `304` answer with an empty body keeps the `Content-Length` its
    /// responder declared (the length of the full `GET` answer, RFC 9110 §8.6) instead of `0`. A
    /// streamed body (``/SignalboxHTTP/ResponseStream``) is sent chunked, piece by piece.
    convenience init(_ response: SignalboxHTTP.Response, isHead: Bool) {
        let declared =
            isHead || response.status == .notModified
            ? response.headerFields[.contentLength].flatMap(Int.init) : nil
        var headers = HTTPHeaders()
        headers.reserveCapacity(response.headerFields.count + 1)
        for field in response.headerFields where field.name != .contentLength && field.name != .transferEncoding {
            headers.add(name: field.name.rawName, value: field.value)
        }
        let status = HTTPResponseStatus(statusCode: response.status.code, reasonPhrase: response.status.reasonPhrase)
        if let stream = response.stream, !isHead, response.status != .notModified {
            // Each piece is written and flushed as it comes; a failed write (the client went
            // away) or the end of the stream ends the body.
            self.init(
                status: status,
                headers: headers,
                body: Body(asyncStream: { writer in
                    for await chunk in stream.chunks {
                        do {
                            try await writer.write(.buffer(ByteBuffer(bytes: chunk)))
                        } catch {
                            return
                        }
                    }
                    try? await writer.write(.end)
                })
            )
            return
        }
        let body = Body(buffer: ByteBuffer(bytes: response.body))
        if response.body.isEmpty, let declared, declared > 0 {
            headers.add(name: .contentLength, value: String(declared))
            self.init(status: status, version: .http1_1, headersNoUpdate: headers, body: body)
        } else {
            self.init(status: status, headers: headers, body: body)
        }
    }
}
