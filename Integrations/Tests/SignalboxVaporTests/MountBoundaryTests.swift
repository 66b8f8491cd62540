import Foundation
import HTTPTypes
import SignalboxTesting
import Testing
import TodoDemoServer

/// Where the mounted app ends and the Vapor application begins: 404s on either side, the
/// methods, `HEAD`, the session cookie's path and the static files.
@Suite struct MountBoundaryTests {
    @Test(arguments: ["/nowhere", "/todox", "/api", "/Todo/unauthenticated"])
    func aPathOutsideTheMountIsVaporsOwn404(path: String) async throws {
        try await TodoService.run { service in
            let answer = try await service.browser().get(path)
            #expect(answer.status == .notFound)
            // Vapor's ErrorMiddleware: {"error":true,"reason":"Not Found"}, its keys in any order.
            #expect(answer.json["error"] as? Bool == true)
            #expect(answer.json["reason"] as? String == "Not Found")
            #expect(answer.setCookies.isEmpty)
        }
    }

    @Test func aPathInsideTheMountIsTheWebLayers404Page() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            let page = try await client.get("/todo/nope")
            #expect(page.status == .notFound)
            #expect(page.contentType == "text/html; charset=utf-8")
            #expect(page.body.contains("There is no page at /nope"))
            #expect(page.body.contains("href=\"/todo/app.css\""))
            let json = try await client.get("/todo/nope", json: true)
            #expect(json.status == .notFound)
            #expect(json.json["status"] as? Int == 404)
            #expect(json.json["error"] as? String == "unknownRoute")
        }
    }

    @Test(arguments: [HTTPRequest.Method.put, .delete, .patch, .options])
    func otherMethodsGetTheWebLayers405WithAllow(method: HTTPRequest.Method) async throws {
        try await TodoService.run { service in
            let answer = try await service.browser().get("/todo/unauthenticated", method: method)
            #expect(answer.status == .methodNotAllowed)
            #expect(answer.header("Allow") == "GET, HEAD, POST")
        }
    }

    @Test func headIsAnsweredByTheGetRouteAsHead() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            let get = try await client.get("/todo/unauthenticated")
            let head = try await client.get("/todo/unauthenticated", method: .head)
            #expect(head.status == .ok)
            #expect(head.contentType == "text/html; charset=utf-8")
            // In-process the body stays (Vapor's server drops it: see LiveServerTests).
            #expect(head.header("Content-Length") == String(get.response.body.count))
            #expect(try await client.get("/todo/nope", method: .head).status == .notFound)
        }
    }

    @Test func theSessionCookieIsScopedToTheMount() async throws {
        try await TodoService.run { service in
            let page = try await service.browser().get("/todo/unauthenticated")
            #expect(page.setCookies.count == 1)
            let cookie = try #require(page.setCookies.first)
            #expect(cookie.hasPrefix("signalbox_session="))
            #expect(cookie.contains("; Path=/todo;"))
            #expect(cookie.contains("HttpOnly"))
        }
    }

    @Test func staticFilesAreServedUnderTheMountWithoutASession() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            let css = try await client.get("/todo/app.css")
            #expect(css.status == .ok)
            #expect(css.contentType == "text/css; charset=utf-8")
            let file = try Data(contentsOf: URL(fileURLWithPath: service.site.publicFolder + "/app.css"))
            #expect(css.response.body == Array(file))
            #expect(css.header("Content-Length") == String(file.count))
            #expect(css.setCookies.isEmpty)

            let head = try await client.get("/todo/app.css", method: .head)
            #expect(head.status == .ok)
            #expect(head.response.body.isEmpty)
            #expect(head.header("Content-Length") == String(file.count), "HEAD declares the GET's length")

            let etag = try #require(css.header("ETag"))
            let revalidated = try await client.get("/todo/app.css", headers: [(.ifNoneMatch, etag)])
            #expect(revalidated.status == .notModified)
            #expect(revalidated.response.body.isEmpty)

            #expect(try await client.get("/todo/icons/house.svg").contentType?.hasPrefix("image/svg+xml") == true)
            #expect(try await client.get("/app.css").status == .notFound, "only under the mount")
            #expect(try await service.site.app.sessionCount == 0)
        }
    }
}
