import HTTPTypes
import SignalboxHTTP
import Testing
import Vapor
import VaporTesting

@testable import SignalboxVapor

/// The conversions between Vapor's requests and responses and Signalbox's, field by field.
@Suite struct ConversionTests {
    /// Runs `body` with a fresh application (for making requests on its event loops).
    func withApplication<T>(_ body: (Application) async throws -> T) async throws -> T {
        let app = try await Application.make(.testing, logger: TodoService.quietLogger)
        do {
            let result = try await body(app)
            try await app.asyncShutdown()
            return result
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }

    @Test func theRequestKeepsItsRawTargetEveryFieldAndVaporsID() async throws {
        try await self.withApplication { app in
            let request = Vapor.Request(
                application: app,
                method: .POST,
                url: URI(path: "/todo/a%2Fb/caf%C3%A9?x=1&y=%20&x=2"),
                headers: [
                    "Host": "example.com:8080", "Accept": "application/json", "X-Twice": "1", "x-twice": "2",
                    "Cookie": "a=1; b=2",
                ],
                on: app.eventLoopGroup.next()
            )
            let converted = try request.signalboxRequest()
            #expect(converted.method == .post)
            #expect(converted.head.path == "/todo/a%2Fb/caf%C3%A9?x=1&y=%20&x=2")
            #expect(converted.target.path == "/todo/a%2Fb/caf%C3%A9")
            #expect(converted.head.authority == "example.com:8080")
            #expect(converted.head.scheme == nil)
            #expect(converted.headerFields[HTTPField.Name("Host")!] == nil, "Host is the authority")
            #expect(converted.headerFields[.accept] == "application/json")
            #expect(converted.headerFields[values: HTTPField.Name("X-Twice")!] == ["1", "2"])
            #expect(converted.headerFields[.cookie] == "a=1; b=2")
            #expect(converted.id == request.id)
            #expect(converted.clientAddress == nil)
        }
    }

    @Test func everyResponseFieldSurvivesInOrderWithEachSetCookie() {
        var response = SignalboxHTTP.Response(
            status: .seeOther,
            headerFields: [.location: "/todo/authenticated/home", .cacheControl: "no-store"],
            body: Array("moved".utf8)
        )
        response.appendSetCookie("signalbox_session=abc; Path=/todo; HttpOnly")
        response.appendSetCookie("theme=dark; Path=/todo")
        response.headerFields.append(HTTPField(name: HTTPField.Name("X-Custom")!, value: "1"))
        let converted = Vapor.Response(response, isHead: false)
        #expect(converted.status == .seeOther)
        #expect(
            converted.headers[.setCookie] == ["signalbox_session=abc; Path=/todo; HttpOnly", "theme=dark; Path=/todo"]
        )
        #expect(converted.headers.first(name: .location) == "/todo/authenticated/home")
        #expect(
            converted.headers.map(\.name) == [
                "Location", "Cache-Control", "Set-Cookie", "Set-Cookie", "X-Custom", "content-length",
            ]
        )
        #expect(converted.headers[.contentLength] == ["5"])
        #expect(converted.body.string == "moved")
    }

    @Test func aHeadOr304AnswerKeepsItsDeclaredLengthOthersGetTheirBodysLength() {
        let declared = SignalboxHTTP.Response(status: .ok, headerFields: [.contentLength: "1234"])
        #expect(Vapor.Response(declared, isHead: true).headers[.contentLength] == ["1234"])
        #expect(Vapor.Response(declared, isHead: false).headers[.contentLength] == ["0"])
        let notModified = SignalboxHTTP.Response(status: .notModified, headerFields: [.contentLength: "1234"])
        #expect(Vapor.Response(notModified, isHead: false).headers[.contentLength] == ["1234"])
        let wrong = SignalboxHTTP.Response(
            status: .ok,
            headerFields: [.contentLength: "99", .transferEncoding: "chunked"],
            body: [1, 2, 3]
        )
        let fixed = Vapor.Response(wrong, isHead: false)
        #expect(fixed.headers[.contentLength] == ["3"])
        #expect(fixed.headers[.transferEncoding].isEmpty)
    }

    @Test func aStatusKeepsItsCodeAndReason() {
        let teapot = SignalboxHTTP.Response(status: HTTPResponse.Status(code: 599, reasonPhrase: "Custom"))
        let converted = Vapor.Response(teapot, isHead: false)
        #expect(converted.status.code == 599)
        #expect(converted.status.reasonPhrase == "Custom")
        #expect(
            Vapor.Response(SignalboxHTTP.Response(status: .contentTooLarge), isHead: false).status == .payloadTooLarge
        )
    }

    @Test func aRouteAnsweringWithAConvertedResponseKeepsEverySetCookieThroughVapor() async throws {
        try await self.withApplication { app in
            app.get("cookies") { _ in
                var response = SignalboxHTTP.Response(status: .ok, contentType: "text/plain", body: "two")
                response.appendSetCookie("a=1; Path=/")
                response.appendSetCookie("b=2; Path=/")
                return Vapor.Response(response, isHead: false)
            }
            try await app.testing().test(.GET, "/cookies") { answer in
                #expect(answer.status == .ok)
                #expect(answer.headers[.setCookie] == ["a=1; Path=/", "b=2; Path=/"])
                #expect(answer.body.string == "two")
            }
        }
    }
}
