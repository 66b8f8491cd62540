import Foundation
import SignalboxTesting
import SignalboxWeb
import Testing
import TodoApp

/// The demo mounted at `/todo` (as the Hummingbird and Vapor examples serve it): every link, form
/// and asset of every page a signed-in visitor can reach stays under `/todo`.
@Suite struct MountedDemoTests {
    static func urls(in html: String, attribute: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: attribute + #"="([^"]*)""#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range(at: 1), in: html)!])
        }
    }

    @Test func everyLinkFormAndAssetOfEveryReachablePageStaysUnderTheMount() async throws {
        var logger = Logger(label: "todo-tests")
        logger.logLevel = .critical
        let app = try TodoWebApp.make(store: InMemoryTodoStore.demo(), templates: demoTemplates, logger: logger)
            .mounted(at: "/todo")
        let client = TestClient(app)
        let first = try await client.get("/todo")
        #expect(first.location == "/todo/unauthenticated")
        try await client.get("/todo/unauthenticated")
        let login = try await client.post("/todo/unauthenticated", ["username": "alice", "password": "wonderland"])
        #expect(login.location == "/todo/authenticated/home")

        var queue = ["/todo/authenticated/home"]
        var seen = Set(queue)
        var pages = 0
        var actions = Set<String>()
        while let path = queue.first, pages < 80 {
            queue.removeFirst()
            let page = try await client.get(path)
            pages += 1
            #expect(page.status == .ok, "\(path)")
            let links = Self.urls(in: page.body, attribute: "href") + Self.urls(in: page.body, attribute: "src")
            let forms = Self.urls(in: page.body, attribute: "action")
            actions.formUnion(forms)
            for url in links + forms {
                #expect(url == "/todo" || url.hasPrefix("/todo/"), "\(url) on \(path)")
            }
            for link in links where !link.hasSuffix(".css") && !link.hasSuffix(".js") && !seen.contains(link) {
                // Stay signed in: the profile's log-out is a form, never a link.
                seen.insert(link)
                queue.append(link)
            }
        }
        #expect(pages >= 15)
        #expect(actions.contains("/todo/_nav/route"))
    }
}
