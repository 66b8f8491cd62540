import NIOCore
import NIOPosix
import SignalboxPostgres
import Testing

@Suite("EventLoopTaskExecutor")
struct EventLoopTaskExecutorTests {
    @Test("A task goes on on the loop whose answer resumed it, for each of the group's loops")
    func resumesOnTheAnsweringLoop() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 3)
        let executor = EventLoopTaskExecutor(group: group)
        for loop in [group.next(), group.next(), group.next()] {
            let stayed = try await withTaskExecutorPreference(executor) {
                try await loop.submit {}.get()
                let first = loop.inEventLoop
                try await loop.submit {}.get()
                return first && loop.inEventLoop
            }
            #expect(stayed)
        }
        try await group.shutdownGracefully()
    }

    @Test("A task started off the loops runs on one of them")
    func startsOnALoop() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let executor = EventLoopTaskExecutor(group: group)
        let loops = [group.next(), group.next()]
        let onALoop = await Task(executorPreference: executor) { loops.contains { $0.inEventLoop } }.value
        #expect(onALoop)
        try await group.shutdownGracefully()
    }
}
