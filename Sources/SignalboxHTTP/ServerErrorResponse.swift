package import HTTPTypes

/// Bodies of the errors the server and the static files produce themselves (400, 404, 408, 413,
/// 500, 501, 503) before a request reaches an app: one line of plain text, or a small JSON object when the
/// client's `Accept` asks for `application/json` (the shape of the web layer's JSON errors).
///
/// ```
/// 413 Payload Too Large: the body exceeds 1048576 bytes
/// {"error":"payloadTooLarge","message":"the body exceeds 1048576 bytes","status":413}
/// ```
package enum ServerErrorResponse {
    package static func make(_ status: HTTPResponse.Status, message: String, json: Bool) -> Response {
        let (code, reason) = Self.names(for: status)
        var response: Response
        if json {
            let body =
                "{\"error\":\"\(code)\",\"message\":\(JSONEscaping.quoted(message)),\"status\":\(status.code)}\n"
            response = Response(status: status, contentType: "application/json", body: body)
        } else {
            response = Response(
                status: status,
                contentType: "text/plain; charset=utf-8",
                body: "\(status.code) \(reason): \(message)\n"
            )
        }
        response.headerFields.addSecurityHeaders()
        return response
    }

    private static func names(for status: HTTPResponse.Status) -> (code: String, reason: String) {
        switch status.code {
        case 400: ("badRequest", "Bad Request")
        case 404: ("notFound", "Not Found")
        case 408: ("requestTimeout", "Request Timeout")
        case 413: ("payloadTooLarge", "Payload Too Large")
        case 500: ("internalServerError", "Internal Server Error")
        case 501: ("notImplemented", "Not Implemented")
        case 503: ("serviceUnavailable", "Service Unavailable")
        default: ("error", status.reasonPhrase)
        }
    }
}
