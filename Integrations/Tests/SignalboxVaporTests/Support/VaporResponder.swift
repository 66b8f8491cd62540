import HTTPTypes
import SignalboxHTTP
import Vapor
import VaporTesting

/// Hands SignalboxTesting's requests to Vapor's own test client, so a `TestClient` (cookie jar,
/// CSRF token, forms) drives a Vapor application in-process, through its router and middleware.
///
/// ```swift
/// let client = TestClient(.inProcess(VaporResponder(try app.testing())))
/// try await client.get("/todo/unauthenticated")
/// ```
struct VaporResponder: SignalboxHTTP.Responder {
    let tester: any TestingApplicationTester

    func respond(to request: SignalboxHTTP.Request) async throws -> SignalboxHTTP.Response {
        var headers = HTTPHeaders()
        if let authority = request.head.authority { headers.add(name: .host, value: authority) }
        for field in request.headerFields {
            headers.add(name: field.name.rawName, value: field.value)
        }
        let answer = try await self.tester.performTest(
            request: TestingHTTPRequest(
                method: HTTPMethod(rawValue: request.method.rawValue),
                url: URI(path: request.head.path ?? "/"),
                headers: headers,
                body: ByteBuffer(bytes: request.body)
            )
        )
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return SignalboxHTTP.Response(
            status: HTTPResponse.Status(code: Int(answer.status.code)),
            headerFields: fields,
            body: Array(answer.body.readableBytesView)
        )
    }
}
