#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Free functions for the POSIX calls whose names clash with test helpers' methods.

func posixClose(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #else
    _ = Darwin.close(fd)
    #endif
}

func posixSend(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
    Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    #else
    Darwin.send(fd, bytes.baseAddress, bytes.count, 0)
    #endif
}

func posixStreamSocket() -> Int32 {
    #if canImport(Glibc)
    Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    var on: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    return fd
    #endif
}

/// Runs blocking work (socket I/O) on its own thread, keeping the cooperative pool free for the
/// server's responder tasks.
@_spi(RawHTTP) public func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        let job = ThreadJob {
            do {
                continuation.resume(returning: try body())
            } catch {
                continuation.resume(throwing: error)
            }
        }
        let context = Unmanaged.passRetained(job).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let result = pthread_create(
            &thread,
            nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<ThreadJob>.fromOpaque(argument).takeRetainedValue().run()
                return nil
            },
            context
        )
        if result == 0 {
            #if canImport(Glibc)
            pthread_detach(thread)
            #else
            if let thread { pthread_detach(thread) }
            #endif
        } else {
            Unmanaged<ThreadJob>.fromOpaque(context).release()
            continuation.resume(throwing: RawClient.Failure(description: "pthread_create failed: \(result)"))
        }
    }
}

private final class ThreadJob: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}
