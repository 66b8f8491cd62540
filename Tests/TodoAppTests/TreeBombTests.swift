import SignalboxTesting
import Testing
import TodoApp

/// Attempts to blow up one session's tree through the demo's web layer: paths and pushes past the
/// depth limit, and huge inputs. Each is refused with a clear 4xx and the session keeps working.
@Suite struct TreeBombTests {
    /// The testbed with `pushes` pushed screens on it: `1 + pushes` screens on the branch.
    static func testbed(pushes: Int) -> String {
        "/authenticated/testbed" + String(repeating: "/pushScreen", count: pushes)
    }

    static let maxDepth = 64

    @Test func aPathAtTheDepthLimitWorksAndOneOverItIsA400NamingTheLimit() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        let atLimit = Self.testbed(pushes: Self.maxDepth - 1)
        let page = try await client.get(atLimit, json: true)
        #expect(page.status == 200)
        #expect(page.body.contains("\"depth\":\(Self.maxDepth)"))

        let before = try await client.state()
        let over = try await client.get(Self.testbed(pushes: Self.maxDepth), json: true)
        #expect(over.status == 400)
        #expect(over.body.contains("\"error\":\"tooDeep\""))
        #expect(over.body.contains("deeper than \(Self.maxDepth) levels"))
        #expect(try await client.state() == before, "a refused path leaves the tree as it was")

        // Far over the limit (hundreds of segments) is refused the same way, before any tree work.
        let far = try await client.get(Self.testbed(pushes: 500))
        #expect(far.status == 400)
        #expect(far.body.contains("deeper than \(Self.maxDepth) levels"))
        #expect(try await client.get(atLimit).status == 200)
    }

    @Test func tenThousandPushesStopAtTheLimitAndTheSessionKeepsWorking() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        try await client.get("/authenticated/testbed")
        var statuses: [Int: Int] = [:]
        var firstRefusal: String?
        var stateAtLimit: String?
        for _ in 0..<10_000 {
            let answer = try await client.post("/_nav/route", ["to": "pushScreen"], json: true)
            statuses[answer.status.code, default: 0] += 1
            if answer.status != 200, firstRefusal == nil {
                firstRefusal = answer.body
                stateAtLimit = try await client.state()
            }
        }
        #expect(statuses == [200: Self.maxDepth - 1, 400: 10_000 - (Self.maxDepth - 1)])
        #expect(firstRefusal?.contains("\"error\":\"tooDeep\"") == true)
        #expect(firstRefusal?.contains("deeper than \(Self.maxDepth) levels") == true)

        let atLimit = Self.testbed(pushes: Self.maxDepth - 1)
        let state = try await client.state()
        #expect(state == stateAtLimit, "thousands of refused pushes left no trace")
        #expect(state.contains("\"path\":\"\(atLimit)\""))
        let page = try await client.get(atLimit)
        #expect(page.status == 200)
        #expect(page.body.contains("</html>"))
        // Still a working session: pop one and push it again.
        #expect(try await client.post("/_nav/pop", ["from": atLimit]).status == 303)
        let again = try await client.post("/_nav/route", ["to": "pushScreen"])
        #expect(again.status == 303)
        #expect(again.location == atLimit)
    }

    /// A request carrying a 100 KB input somewhere.
    struct HugeInput: Sendable, CustomTestStringConvertible {
        let name: String
        let method: String
        let path: String
        let fields: [(String, String)]
        let status: Int
        var testDescription: String { self.name }
    }

    static let huge = String(repeating: "a", count: 100_000)

    static let hugeInputs: [HugeInput] = [
        // In-process there is no server limit in front: the web layer's own path limit answers.
        HugeInput(
            name: "100 KB input segment in a GET path",
            method: "GET",
            path: "/unauthenticated/registration/password/" + huge,
            fields: [],
            status: 414
        ),
        HugeInput(
            name: "100 KB input segment in a POST path",
            method: "POST",
            path: "/unauthenticated/registration/password/" + huge,
            fields: [("password", "tweedledum"), ("confirmation", "tweedledum")],
            status: 414
        ),
        // Within the form limits (32 KiB per field), past the path limit.
        HugeInput(
            name: "30 KB route input",
            method: "POST",
            path: "/_nav/route",
            fields: [("to", "password"), ("input", String(repeating: "b", count: 30_000))],
            status: 414
        ),
        HugeInput(
            name: "30 KB from path",
            method: "POST",
            path: "/_nav/pop",
            fields: [("from", "/unauthenticated/registration/password/" + String(repeating: "c", count: 30_000))],
            status: 414
        ),
        // Past the form limits.
        HugeInput(
            name: "100 KB route input",
            method: "POST",
            path: "/_nav/route",
            fields: [("to", "password"), ("input", huge)],
            status: 413
        ),
        HugeInput(
            name: "100 KB login username",
            method: "POST",
            path: "/unauthenticated",
            fields: [("username", huge), ("password", "x")],
            status: 413
        ),
    ]

    @Test(arguments: hugeInputs)
    func hugeInputsAreA4xxAndChangeNothing(_ input: HugeInput) async throws {
        let client = try WebClient.demo()
        try await client.get("/unauthenticated/registration")
        let before = try await client.state()
        let answer =
            input.method == "GET"
            ? try await client.get(input.path, json: true) : try await client.post(input.path, input.fields, json: true)
        #expect(answer.status.code == input.status)
        #expect(answer.body.contains("\"message\":"))
        #expect(answer.body.count < 1000, "the answer does not echo the input")
        #expect(try await client.state() == before)
        #expect(try await client.get("/unauthenticated/registration").status == 200)
    }
}
