public import NIOCore

/// Runs tasks on SwiftNIO event loops: a job enqueued from one of the group's loops runs on that
/// loop, any other on the group's next loop.
///
/// A request that awaits PostgreSQL is woken by the event loop that read the answer. On the
/// global concurrent executor each answer wakes another thread to go on; on this executor the
/// request goes on where the answer arrived, and its next statement is written from the
/// connection's own thread. Give it to the server for requests:
///
/// ```swift
/// var configuration = HTTPServer.Configuration(host: "0.0.0.0", port: 8080)
/// configuration.taskExecutor = EventLoopTaskExecutor(group: PostgresClient.defaultEventLoopGroup)
/// ```
///
/// The loops also carry the connections' I/O: code that blocks a thread (reading big files,
/// `sleep`) holds up every connection of its loop. Signalbox hashes passwords on threads of its
/// own (`HashingLane`).
public final class EventLoopTaskExecutor: TaskExecutor {
    /// The loops jobs run on.
    public let group: any EventLoopGroup

    /// An executor over `group`'s loops (the PostgreSQL client's: `PostgresClient.defaultEventLoopGroup`).
    public init(group: any EventLoopGroup) {
        self.group = group
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        // `any()` is the calling thread's loop when it is one of the group's: no wake-up.
        self.group.any().execute {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
