import Foundation
import Testing

/// The core's public API names routes by key path and values by type. These read the module's
/// public declarations (their signatures up to the body), so a string route name or an `Any`
/// that comes back is a failing test, not a review comment.
@Suite struct PublicAPITests {
    static let sources = String(#filePath).replacing("Tests/SignalboxTests/PublicAPITests.swift", with: "Sources/")

    /// Every public declaration of a module: `public …` up to its body, on one line.
    static func publicDeclarations(of module: String) throws -> [(file: String, text: String)] {
        let root = Self.sources + module
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
        var found: [(String, String)] = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            var declaration: String?
            var depth = 0
            for line in text.split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                if declaration == nil {
                    guard !code.hasPrefix("//"), code.contains(/(^|\s)public\s/) else { continue }
                    declaration = ""
                }
                // A signature ends where its parentheses close: at its body, or at the line's end.
                let signature = code.prefix { $0 != "{" }
                declaration! += " " + signature
                depth += signature.count { $0 == "(" } - signature.count { $0 == ")" }
                guard depth <= 0 else { continue }
                found.append((file, declaration!.replacing(/\s+/, with: " ").trimmingCharacters(in: .whitespaces)))
                (declaration, depth) = (nil, 0)
            }
        }
        return found
    }

    @Test func noPublicDeclarationOfTheCoreTakesOrGivesAny() throws {
        let declarations = try Self.publicDeclarations(of: "Signalbox")
        #expect(declarations.count > 200)
        let untyped = declarations.filter { $0.text.contains(/[:(<,]\s*Any\b[^A-Za-z]?/) }
        #expect(untyped.map { "\($0.file): \($0.text)" } == [])
    }

    @Test func guardsNameRoutesByKeyPathNotByString() throws {
        let declarations = try Self.publicDeclarations(of: "Signalbox").filter {
            $0.file.hasSuffix("NavigationAttempt.swift") || $0.file.hasSuffix("GuardDecision.swift")
        }
        #expect(declarations.contains { $0.text.contains("func input<K, I, O>(for route: KeyPath<Coordinator") })
        #expect(declarations.contains { $0.text.contains("func redirect<K, I, O>( to route: KeyPath<Coordinator") })
        // The only strings: a reason for the user, a path as text, and a description for logs.
        let stringly = declarations.filter { $0.text.contains("String") }.map(\.text)
        #expect(stringly.count == 4)
        #expect(
            stringly.allSatisfy {
                $0.contains("reason: String") || $0.contains("toPath path: String")
                    || $0.contains("description: String")
            }
        )
        #expect(!declarations.contains { $0.text.contains("route: String") || $0.text.contains("input: Any") })
    }
}
