import Foundation
import SignalboxTesting
import Testing
import TodoApp

/// The demo's pages as alice sees them, compared with recorded files in `Golden/` (re-record
/// with `RECORD=1 swift test --filter DemoGoldenTests`): the main region (and the dialog) of each
/// page, and the top screen's view model as JSON clients get it.
@Suite struct DemoGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test(arguments: [
        ("todos", "/authenticated/todos"),
        ("todo", "/authenticated/todos/todo/1"),
        ("pick-project", "/authenticated/todos/todo/3/pickProject"),
        ("home", "/authenticated/home"),
        ("projects", "/authenticated/projects"),
        ("project", "/authenticated/projects/project/1"),
        ("profile", "/authenticated/profile"),
    ])
    func aPageIsAsRecorded(_ name: String, _ path: String) async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        let page = try await client.get(path)
        #expect(page.status == .ok)
        var html = excerpt(page.body, from: "<main id=\"main\">", through: "</main>")
        if page.body.contains("<dialog") { html += excerpt(page.body, from: "<dialog", through: "</dialog>") }
        try expectGolden(html, named: "\(name).html", in: Self.golden)
        let state = try JSONSerialization.jsonObject(with: Data(try await client.get(path, json: true).body.utf8))
        let screen = try #require((state as? [String: Any])?["screen"])
        let json = try JSONSerialization.data(withJSONObject: screen, options: [.prettyPrinted, .sortedKeys])
        try expectGolden(String(decoding: json, as: UTF8.self) + "\n", named: "\(name).json", in: Self.golden)
    }
}
