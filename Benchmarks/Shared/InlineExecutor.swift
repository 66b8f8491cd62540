// Shared by the benchmark executables (symlinked into each package's sources).

/// Runs async code on the calling thread: the task prefers this executor, which queues its jobs
/// and runs them here until none is left. No dispatch worker thread is ever started — valgrind
/// 3.19 crashes on the threads of Swift's global executor, and the timings leave out thread hops
/// (the server runs requests with `Task.immediate` on libmicrohttpd's threads, also without hops).
final class InlineExecutor: TaskExecutor, @unchecked Sendable {
    private var jobs: [UnownedJob] = []

    func enqueue(_ job: consuming ExecutorJob) {
        self.jobs.append(UnownedJob(job))
    }

    func run<T>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        Task(executorPreference: self) {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        }
        while !self.jobs.isEmpty {
            let job = self.jobs.removeFirst()
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
        guard let result = box.result else { fatalError("the task suspended on something outside this thread") }
        return try result.get()
    }
}

final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
