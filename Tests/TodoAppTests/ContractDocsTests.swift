import Foundation
import SignalboxTesting
import Testing
import TodoApp

/// The prose that describes the JSON interface agrees with the generated document.
@Suite struct ContractDocsTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: DemoServer.repository + "/" + path, encoding: .utf8)
    }

    static let document: ViewModel = {
        var logger = Logger(label: "docs")
        logger.logLevel = .critical
        let app = try! TodoWebApp.make(store: InMemoryTodoStore.demo(), templates: demoTemplates, logger: logger)
        return OpenAPIDocument(app: app).json
    }()

    /// The keys of the state example in the HTTP contract article are the schema's keys.
    @Test func theArticlesStateExampleHasEveryKeyOfTheSchema() throws {
        let article = try Self.read("Sources/SignalboxWeb/SignalboxWeb.docc/HTTPContract.md")
        let example = try #require(article.firstRange(of: "```json\n{\n").map { article[$0.upperBound...] })
        let end = try #require(example.firstRange(of: "\n}\n"))
        let block = example[..<end.lowerBound]
        let keys = block.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  \""), let end = line.dropFirst(3).firstIndex(of: "\"") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
        guard case .object(let properties)? = Self.document["components"]?["schemas"]?["NavigationState"]?["properties"]
        else {
            Issue.record("no NavigationState schema")
            return
        }
        #expect(Set(keys) == Set(properties.keys))
    }

    /// Each status the article's table gives a `/_nav` action is documented for that action.
    @Test func theArticlesActionStatusesAreDocumented() throws {
        let article = try Self.read("Sources/SignalboxWeb/SignalboxWeb.docc/HTTPContract.md")
        var rows = 0
        for line in article.split(separator: "\n") where line.hasPrefix("| `POST /_nav/") {
            let action = String(line.dropFirst("| `POST ".count).prefix { $0 != " " && $0 != "`" })
            let answer = line.split(separator: "|").last ?? ""
            let statuses = answer.matches(of: /`(\d{3})`/).map { String($0.1) }
            let responses = Self.document["paths"]?[action]?["post"]?["responses"]
            for status in statuses {
                #expect(responses?[status] != nil, "\(action) \(status)")
            }
            rows += 1
        }
        #expect(rows == 5)
    }
}
