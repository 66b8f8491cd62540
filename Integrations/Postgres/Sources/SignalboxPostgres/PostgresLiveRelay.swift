public import Logging
public import PostgresNIO
public import Signalbox
public import SignalboxWeb
import Synchronization

/// Live-page announcements between the instances of one app over PostgreSQL's `LISTEN` and
/// `NOTIFY` (see ``/SignalboxWeb/LiveRelay``).
///
/// Each instance listens on one channel (`signalbox_live` by default) on a connection it leases
/// from `client` for as long as it runs, and sends what its own forms changed with `NOTIFY`. A
/// notification is delivered when its transaction commits — by then the change it announces is
/// stored — to every instance listening, in commit order. Announcements made while a `NOTIFY`
/// is being sent are sent together in the next one; each payload (under PostgreSQL's 8000
/// bytes) names the sending instance, which skips its own.
///
/// A lost connection is replaced after a second; what was announced in between is not seen by
/// this instance's pages until their next change (or their stream's next reconnect).
///
/// ```swift
/// let relay = PostgresLiveRelay(client: client, logger: logger)
/// let app = WebApp(renderer: renderer, sessions: store, liveRelay: relay, logger: logger, makeTree: makeTree)
/// try await withThrowingTaskGroup(of: Void.self) { group in
///     group.addTask { await client.run() }
///     group.addTask { await relay.run() }
///     // … serve app …
/// }
/// ```
public final class PostgresLiveRelay: LiveRelay {
    /// The channel every instance of the app listens on.
    public let channel: String
    private let client: PostgresClient
    private let logger: Logger
    /// Names this instance in its payloads.
    let instance = String(UInt64.random(in: .min ... .max), radix: 36)
    private let pending = Mutex(Set<LiveTopic>())
    private let wakes: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let receiver = Mutex<(@Sendable (Set<LiveTopic>) -> Void)?>(nil)

    /// A relay over `client`'s database on `channel` (lower-case letters, digits, `_`).
    public init(client: PostgresClient, channel: String = "signalbox_live", logger: Logger) {
        precondition(
            !channel.isEmpty
                && channel.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F },
            "a channel is lower-case letters, digits and _"
        )
        self.client = client
        self.channel = channel
        self.logger = logger
        (self.wakes, self.wake) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    public func send(_ topics: Set<LiveTopic>) {
        self.pending.withLock { $0.formUnion(topics) }
        self.wake.yield()
    }

    public func deliver(to receiver: @escaping @Sendable (Set<LiveTopic>) -> Void) {
        self.receiver.withLock { $0 = receiver }
    }

    /// Listens and sends until the calling task is cancelled.
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.listen() }
            group.addTask { await self.sendPending() }
        }
    }

    private func listen() async {
        while !Task.isCancelled {
            do {
                try await self.client.withConnection { connection in
                    try await withTaskCancellationHandler {
                        try await connection.listen(on: self.channel) { notifications in
                            self.logger.debug("live relay listening", metadata: ["channel": "\(self.channel)"])
                            for try await notification in notifications { self.received(notification.payload) }
                        }
                    } onCancel: {
                        // Ends the notification stream (it does not end on cancellation itself).
                        connection.close().whenComplete { _ in }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                self.logger.warning(
                    "live relay lost its PostgreSQL connection; listening again in 1 s",
                    metadata: ["error": "\(String(reflecting: error))"]
                )
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    private func sendPending() async {
        for await _ in self.wakes {
            let topics = self.pending.withLock { pending in
                defer { pending = [] }
                return pending
            }
            for payload in Self.payloads(from: self.instance, topics) {
                do {
                    try await self.client.query("SELECT pg_notify(\(self.channel), \(payload))", logger: self.logger)
                } catch {
                    self.logger.warning(
                        "live relay could not notify the other instances",
                        metadata: ["error": "\(String(reflecting: error))"]
                    )
                }
            }
        }
    }

    func received(_ payload: String) {
        guard let (sender, topics) = Self.parse(payload), sender != self.instance, !topics.isEmpty else { return }
        self.receiver.withLock { $0 }?(topics)
    }

    /// The most bytes of one payload (PostgreSQL's limit is 8000).
    static let maxPayload = 7900

    /// `instance`, then one topic a line, in payloads under ``maxPayload`` bytes. A topic with a
    /// line break, or too long to fit, cannot be sent.
    static func payloads(from instance: String, _ topics: Set<LiveTopic>) -> [String] {
        var payloads: [String] = []
        var current = instance
        for topic in topics.map(\.name).sorted()
        where !topic.contains("\n") && topic.utf8.count + instance.utf8.count + 1 <= Self.maxPayload {
            if current.utf8.count + 1 + topic.utf8.count > Self.maxPayload {
                payloads.append(current)
                current = instance
            }
            current += "\n" + topic
        }
        if current != instance { payloads.append(current) }
        return payloads
    }

    /// The sender and topics of a payload; `nil` for one that is not a relay's.
    static func parse(_ payload: String) -> (String, Set<LiveTopic>)? {
        let lines = payload.split(separator: "\n", omittingEmptySubsequences: true)
        guard let sender = lines.first else { return nil }
        return (String(sender), Set(lines.dropFirst().map { LiveTopic(name: String($0)) }))
    }
}
