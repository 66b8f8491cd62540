import Foundation
import HTTPTypes
import Signalbox
import SignalboxHTTP
import SignalboxTesting
import Testing

@testable import SignalboxWeb

// Live pages: `GET /_live` streams a page's validator changes; a form accepted in another window
// or session announces the topics it touched, and only the streams listening to one check
// their page again.

/// Reads a live page's Server-Sent Events frame by frame (one frame: the lines before a blank line).
struct LiveEvents {
    private var chunks: AsyncStream<[UInt8]>.Iterator
    private var buffer = ""

    init(_ response: TestResponse) throws {
        self.chunks = try #require(response.response.stream).chunks.makeAsyncIterator()
    }

    /// The next frame, or `nil` once the stream ended.
    mutating func next(isolation: isolated (any Actor)? = #isolation) async -> String? {
        while true {
            if let end = self.buffer.range(of: "\n\n") {
                defer { self.buffer.removeSubrange(..<end.upperBound) }
                return String(self.buffer[..<end.lowerBound])
            }
            guard let chunk = await self.chunks.next(isolation: isolation) else { return nil }
            self.buffer += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// The next frame after the stream's opening `retry`.
    mutating func afterOpening(isolation: isolated (any Actor)? = #isolation) async -> String? {
        let first = await self.next()
        #expect(first == "retry: 2000")
        return await self.next()
    }
}

extension TestClient {
    /// Opens the live stream of the page at `path`, as the page script does.
    func live(_ path: String, validator: String?, lastEventID: String? = nil) async throws -> TestResponse {
        var query = "page=" + FormEncoding.encode([("p", path)]).dropFirst(2)
        if let validator { query += "&" + FormEncoding.encode([("v", validator)]) }
        var headers: [(HTTPField.Name, String)] = [(.accept, "text/event-stream")]
        if let lastEventID { headers.append((HTTPField.Name("Last-Event-ID")!, lastEventID)) }
        return try await self.get("/_live?" + query, headers: headers)
    }

    /// A second window of this browser: the same cookies.
    func window() -> TestClient {
        let other = TestClient(self.transport)
        other.cookies = self.cookies
        other.csrf = self.csrf
        other.clientAddress = self.clientAddress
        return other
    }
}

/// The validator a page carries for its stream (`<body data-live>`).
func liveValidator(of page: TestResponse) -> String? {
    guard let start = page.body.range(of: "data-live=\"") else { return nil }
    let rest = page.body[start.upperBound...]
    return rest.prefix { $0 != "\"" }.replacingOccurrences(of: "&quot;", with: "\"")
}

@Suite struct LivePageTests {
    static let page = "/home/item/3"

    @Test func aPageCarriesItsValidatorForItsStreamAlsoWhenItIsShownOnce() async throws {
        let shelf = try ShelfApp()
        let browser = shelf.browser()
        let page = try await browser.get(Self.page)
        #expect(liveValidator(of: page) == page.header("ETag"))
        #expect(liveValidator(of: page) != nil)
        // A rejected form is not live; JSON has no body to mark.
        let rejected = try await browser.post(Self.page, ["action": "nonsense"])
        #expect(rejected.status == .unprocessableContent)
        #expect(liveValidator(of: rejected) == nil)
    }

    @Test func aChangeInAnotherWindowReachesTheStreamAsThePagesNewValidator() async throws {
        let shelf = try ShelfApp()
        let first = shelf.browser()
        let page = try await first.get(Self.page)
        let second = first.window()
        let stream = try await second.live(Self.page, validator: liveValidator(of: page))
        #expect(stream.status == .ok)
        #expect(stream.contentType == "text/event-stream; charset=utf-8")
        #expect(stream.header("Cache-Control") == "no-store")
        #expect(stream.header("X-Accel-Buffering") == "no")
        var events = try LiveEvents(stream)

        try await first.post(Self.page, ["action": "write"])
        let changed = try #require(await events.afterOpening())
        let now = try #require(try await first.get(Self.page).header("ETag"))
        #expect(changed == "id: \(now)\nevent: changed\ndata: \(now)")
    }

    @Test func anotherSessionShowingTheSameDataIsToldToo() async throws {
        let shelf = try ShelfApp()
        let writer = shelf.browser()
        let reader = shelf.browser()
        try await writer.get(Self.page)
        let page = try await reader.get("/home/item/5")
        var events = try LiveEvents(try await reader.live("/home/item/5", validator: liveValidator(of: page)))
        try await writer.post(Self.page, ["action": "write"])
        let changed = try #require(await events.afterOpening())
        #expect(changed.contains("event: changed"))
    }

    @Test func aTopicThePageDoesNotShowWakesNothing() async throws {
        let shelf = try ShelfApp()
        let browser = shelf.browser()
        let page = try await browser.get(Self.page)
        var events = try LiveEvents(try await browser.live(Self.page, validator: liveValidator(of: page)))
        shelf.app.announce([LiveTopic("shelf", 2)])
        // Wakes are handled in order: a heartbeat first means nothing came before it.
        shelf.app.live.tick()
        #expect(await events.afterOpening() == ": heartbeat")
        // Announced, but the page did not change: no event either.
        shelf.app.announce([LiveTopic("shelf", 1)])
        shelf.app.live.tick()
        #expect(await events.next() == ": heartbeat")
    }

    @Test func aStalePageIsToldAtOnceAndLastEventIDWinsOverTheQuery() async throws {
        let shelf = try ShelfApp()
        let browser = shelf.browser()
        let page = try await browser.get(Self.page)
        let old = try #require(liveValidator(of: page))
        try await browser.post(Self.page, ["action": "write"])
        let current = try #require(try await browser.get(Self.page).header("ETag"))
        var stale = try LiveEvents(try await browser.live(Self.page, validator: old))
        #expect(await stale.afterOpening() == "id: \(current)\nevent: changed\ndata: \(current)")
        // A reconnecting event source names the last validator it was told.
        var reconnected = try LiveEvents(try await browser.live(Self.page, validator: old, lastEventID: current))
        shelf.app.live.tick()
        #expect(await reconnected.afterOpening() == ": heartbeat")
    }

    @Test func aLogoutInAnotherWindowEndsTheStream() async throws {
        let shelf = try ShelfApp()
        let first = shelf.browser()
        let page = try await first.get(Self.page)
        let second = first.window()
        let stream = try await second.live(Self.page, validator: liveValidator(of: page))
        var events = try LiveEvents(stream)
        try await first.post(Self.page, ["action": "logout"])
        #expect(await events.afterOpening() == "event: ended\ndata: ended")
        #expect(await events.next() == nil)
        #expect(shelf.app.live.count == 0)
    }

    @Test func aLiveRefreshLeavesTheNoticesToTheWindowThatNavigates() async throws {
        let shelf = try ShelfApp()
        let browser = shelf.browser()
        try await browser.get(Self.page)
        let session = try #require(browser.sessionID)
        _ = try await shelf.app.sessions.withSession(id: session, now: shelf.clock.now, makeTree: shelf.app.makeTree) {
            state in state.tree.notify(.success, "Saved.")
        }
        let refresh = try await browser.get(Self.page, headers: [(HTTPField.Name("Signalbox-Live")!, "refresh")])
        #expect(!refresh.body.contains("Saved."))
        #expect(liveValidator(of: refresh) != nil)
        let shown = try await browser.get(Self.page)
        #expect(shown.body.contains("Saved."))
        // Shown once (like the refresh, which left the notice waiting): no ETag, but live.
        #expect(shown.header("ETag") == nil)
        #expect(refresh.header("ETag") == nil)
        #expect(liveValidator(of: shown) == liveValidator(of: refresh))
    }

    @Test func pastTheSessionsLimitItsOldestStreamMakesRoom() async throws {
        let shelf = try ShelfApp(livePages: WebApp.LivePages(maxStreamsPerSession: 2))
        let browser = shelf.browser()
        let page = try await browser.get(Self.page)
        let validator = liveValidator(of: page)
        let first = try await browser.live(Self.page, validator: validator)
        var oldest = try LiveEvents(first)
        let second = try await browser.live(Self.page, validator: validator)
        // A closed page's stream goes unnoticed until a write to it fails: the newest page wins.
        let third = try await browser.live(Self.page, validator: validator)
        #expect(third.status == .ok)
        #expect(await oldest.afterOpening() == "event: idle\ndata: idle")
        #expect(await oldest.next() == nil)
        #expect(shelf.app.live.count == 2)
        // The newer ones still hear changes.
        var newest = try LiveEvents(third)
        try await browser.post(Self.page, ["action": "write"])
        #expect(await newest.afterOpening()?.contains("event: changed") == true)
        withExtendedLifetime(second) {}
    }

    @Test func streamsPastTheAddresssLimitAreRefused() async throws {
        let shelf = try ShelfApp(livePages: WebApp.LivePages(maxStreamsPerClient: 1))
        let one = shelf.browser()
        one.clientAddress = "203.0.113.7"
        let other = shelf.browser()
        other.clientAddress = "203.0.113.7"
        let elsewhere = shelf.browser()
        elsewhere.clientAddress = "198.51.100.1"
        var open: [TestResponse] = []
        for browser in [one, other, elsewhere] {
            let page = try await browser.get(Self.page)
            open.append(try await browser.live(Self.page, validator: liveValidator(of: page)))
        }
        #expect(open.map(\.status) == [.ok, .tooManyRequests, .ok])
        #expect(open[1].body.contains("Your address has 1 live pages open already"))
        #expect(open[1].header("Retry-After") == "60")
        // The refused page itself still works, only not live.
        #expect(try await other.get(Self.page).status == .ok)
    }

    @Test func aQuietStreamEndsIdleAndEveryStreamEndsAtItsLifetime() async throws {
        let limits = WebApp.LivePages(idleTimeout: .seconds(600), lifetime: .seconds(1200))
        let shelf = try ShelfApp(livePages: limits)
        let browser = shelf.browser()
        let page = try await browser.get(Self.page)
        var quiet = try LiveEvents(try await browser.live(Self.page, validator: liveValidator(of: page)))
        shelf.clock.advance(by: .seconds(601))
        shelf.app.live.tick()
        #expect(await quiet.afterOpening() == "event: idle\ndata: idle")
        #expect(await quiet.next() == nil)

        // A busy stream: a change every 500 s keeps it from idling, not past its lifetime.
        let current = try await browser.get(Self.page)
        var busy = try LiveEvents(try await browser.live(Self.page, validator: liveValidator(of: current)))
        #expect(await busy.next() == "retry: 2000")
        for _ in 0..<2 {
            shelf.clock.advance(by: .seconds(500))
            try await browser.post(Self.page, ["action": "write"])
            #expect(await busy.next()?.contains("event: changed") == true)
        }
        shelf.clock.advance(by: .seconds(201))
        shelf.app.live.tick()
        // Closed without an event: the event source reconnects.
        #expect(await busy.next() == nil)
    }

    @Test(arguments: [
        ("/_live?page=/home/item/3", [(HTTPField.Name.accept, "text/html")], HTTPResponse.Status.notAcceptable),
        ("/_live", [(.accept, "text/event-stream")], .badRequest),
        ("/_live", [(.accept, "application/json")], .badRequest),
        ("/_live?page=/home/plain", [(.accept, "text/event-stream")], .noContent),
    ])
    func whatCannotBeLiveIsRefusedClearly(
        target: String,
        headers: [(HTTPField.Name, String)],
        status: HTTPResponse.Status
    ) async throws {
        let shelf = try ShelfApp()
        let browser = shelf.browser()
        try await browser.get(Self.page)
        #expect(try await browser.get(target, headers: headers).status == status)
    }

    @Test func withoutASessionOrWithLivePagesOffThereIsNothingToWatch() async throws {
        let shelf = try ShelfApp()
        #expect(try await shelf.browser().live(Self.page, validator: nil).status == .noContent)
        let off = try ShelfApp(livePages: .off)
        let browser = off.browser()
        let page = try await browser.get(Self.page)
        #expect(liveValidator(of: page) == nil)
        #expect(try await browser.live(Self.page, validator: liveValidator(of: page)).status == .noContent)
    }
}

/// Polls `condition` until it holds (at most a few seconds): waits for what the test itself caused.
private func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<1000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}
