import CMicroHTTPD
import SignalboxHTTP
import Synchronization

/// Carries a ``/SignalboxHTTP/ResponseStream``'s pieces to libmicrohttpd's content reader
/// without holding a worker thread while the stream is quiet.
///
/// A task reads the stream into a buffer. The content reader (on the connection's thread) hands
/// out what is buffered; when nothing is, it suspends the connection and the task resumes it
/// once a piece arrives or the stream ends. A suspended connection is never closed by
/// libmicrohttpd, so `MHD_resume_connection` is always safe for whoever ends the suspension —
/// exactly one party, the one that flips `isSuspended` back under the lock.
///
/// The response object (and with it this pump) is destroyed when the connection is done with
/// it: the client went away, the body ended, or the daemon stopped. ``close()`` then stops the
/// task, which ends the iteration (the producer sees `onTermination`).
final class StreamPump: Sendable {
    private struct Storage {
        var buffer: [UInt8] = []
        /// Bytes at the front of `buffer` already handed out.
        var sent = 0
        /// The stream ended (or shutdown ended it): the body ends once the buffer is empty.
        var isFinished = false
        /// The client fell too far behind: the connection is closed instead of ended cleanly.
        var isOverrun = false
        var isSuspended = false
        var task: Task<Void, Never>?
    }

    let connection: ConnectionHandle
    let registry: StreamRegistry
    /// The most bytes buffered for a client that does not read; past it the connection is closed.
    let maxBacklog: Int
    private let storage = Mutex(Storage())

    init(connection: ConnectionHandle, registry: StreamRegistry, maxBacklog: Int) {
        self.connection = connection
        self.registry = registry
        self.maxBacklog = maxBacklog
    }

    /// Starts reading `stream`; `finished` pumps (shutdown) only end the body.
    func start(_ stream: ResponseStream) {
        let task = Task { [self] in
            for await chunk in stream.chunks {
                guard self.append(chunk) else { return }
            }
            self.finish()
        }
        let started = self.storage.withLock { storage in
            guard !storage.isFinished else { return false }
            storage.task = task
            return true
        }
        if !started { task.cancel() }
    }

    /// Ends the body once what is buffered is sent (the stream ended, or shutdown).
    func finish() {
        self.end(resuming: true)
    }

    /// The response was destroyed: the connection is gone or done. Never resumes it.
    func close() {
        self.end(resuming: false)
    }

    /// Stops reading the stream; with `resuming`, resumes a suspended connection so its content
    /// reader sees the end.
    private func end(resuming: Bool) {
        let (task, mustResume) = self.storage.withLock { storage in
            storage.isFinished = true
            defer { storage.task = nil }
            return (storage.task, resuming && self.endSuspension(&storage))
        }
        task?.cancel()
        if mustResume { MHD_resume_connection(self.connection.raw) }
    }

    /// Called by the content reader on the connection's thread: bytes copied, `0` after
    /// suspending the connection, or the end of the body.
    func read(into destination: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        self.storage.withLock { storage in
            let pending = storage.buffer.count - storage.sent
            if pending > 0 {
                let count = min(pending, max)
                storage.buffer.withUnsafeBytes { bytes in
                    UnsafeMutableRawPointer(destination).copyMemory(
                        from: bytes.baseAddress! + storage.sent,
                        byteCount: count
                    )
                }
                storage.sent += count
                if storage.sent == storage.buffer.count {
                    storage.buffer.removeAll(keepingCapacity: storage.buffer.capacity <= 16 * 1024)
                    storage.sent = 0
                }
                return count
            }
            if storage.isOverrun { return MHD_CONTENT_READER_END_WITH_ERROR }
            if storage.isFinished { return MHD_CONTENT_READER_END_OF_STREAM }
            // Allowed from the content reader for a response not shared between connections.
            MHD_suspend_connection(self.connection.raw)
            storage.isSuspended = true
            return 0
        }
    }

    /// Buffers a piece; `false` when the pump is finished or the client fell too far behind.
    private func append(_ chunk: [UInt8]) -> Bool {
        let (accepted, mustResume) = self.storage.withLock { storage -> (Bool, Bool) in
            guard !storage.isFinished else { return (false, false) }
            if storage.buffer.count - storage.sent + chunk.count > self.maxBacklog {
                storage.isOverrun = true
                storage.isFinished = true
                storage.task = nil
                return (false, self.endSuspension(&storage))
            }
            storage.buffer.append(contentsOf: chunk)
            return (true, self.endSuspension(&storage))
        }
        if mustResume { MHD_resume_connection(self.connection.raw) }
        return accepted
    }

    /// Whether the caller must resume the connection (it was suspended; now it is not).
    private func endSuspension(_ storage: inout Storage) -> Bool {
        guard storage.isSuspended else { return false }
        storage.isSuspended = false
        return true
    }
}

/// The content reader of a streamed response: `cls` is its ``StreamPump``.
func streamContentReader(
    cls: UnsafeMutableRawPointer?,
    position: UInt64,
    buffer: UnsafeMutablePointer<CChar>?,
    max: Int
) -> Int {
    guard let cls, let buffer else { return MHD_CONTENT_READER_END_WITH_ERROR }
    return Unmanaged<StreamPump>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
}

/// Releases a streamed response's pump when libmicrohttpd destroys the response.
func streamContentFree(cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    let pump = Unmanaged<StreamPump>.fromOpaque(cls).takeRetainedValue()
    pump.close()
    pump.registry.remove(pump)
}
