public import Signalbox

/// Carries live-page announcements between the instances of one app, so that a change made
/// through one instance updates the live pages another one streams (see ``WebApp/LivePages``).
///
/// One process needs none: its own announcements reach its own streams directly. Several
/// instances behind a load balancer share one: `PostgresLiveRelay` (SignalboxPostgres) sends
/// them with PostgreSQL's `NOTIFY` and receives them with `LISTEN`. Give it to every instance's
/// ``WebApp`` (`liveRelay:`) and run it as the host runs its other services.
///
/// ```swift
/// let relay = PostgresLiveRelay(client: client, logger: logger)
/// let app = WebApp(renderer: renderer, liveRelay: relay, logger: logger, makeTree: makeTree)
/// group.addTask { await relay.run() }
/// ```
public protocol LiveRelay: Sendable {
    /// Passes `topics` on to the other instances without waiting (a relay sends in the
    /// background; this instance's own pages were told already).
    func send(_ topics: Set<LiveTopic>)
    /// Sets where the topics other instances send go: ``WebApp`` calls it once, when it is made.
    func deliver(to receiver: @escaping @Sendable (Set<LiveTopic>) -> Void)
}
