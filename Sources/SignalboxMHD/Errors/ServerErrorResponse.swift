import HTTPTypes
import SignalboxHTTP

/// Bodies of the errors the server produces itself (400, 413, 500, 503): one line of plain text,
/// or a small JSON object when the client's `Accept` asks for `application/json`.
///
/// ```
/// 413 Payload Too Large: the body exceeds 1048576 bytes
/// {"error":"payloadTooLarge","message":"the body exceeds 1048576 bytes","status":413}
/// ```
enum ServerErrorResponse {
    static func make(_ status: HTTPResponse.Status, message: String, json: Bool) -> Response {
        let (code, reason) = Self.names(for: status)
        if json {
            let body =
                "{\"error\":\"\(code)\",\"message\":\"\(Self.jsonEscaped(message))\",\"status\":\(status.code)}\n"
            return Response(status: status, contentType: "application/json", body: body)
        }
        return Response(
            status: status,
            contentType: "text/plain; charset=utf-8",
            body: "\(status.code) \(reason): \(message)\n"
        )
    }

    private static func names(for status: HTTPResponse.Status) -> (code: String, reason: String) {
        switch status.code {
        case 400: ("badRequest", "Bad Request")
        case 413: ("payloadTooLarge", "Payload Too Large")
        case 500: ("internalServerError", "Internal Server Error")
        case 503: ("serviceUnavailable", "Service Unavailable")
        default: ("error", status.reasonPhrase)
        }
    }

    static func jsonEscaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
