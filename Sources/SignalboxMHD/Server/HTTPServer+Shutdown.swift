import CMicroHTTPD
import CMicroHTTPDShim
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPServer {
    /// Stops the server gracefully and returns when it has stopped.
    ///
    /// 1. Stops accepting: the listening socket is closed, so new connections are refused.
    /// 2. Lets in-flight requests finish, for at most ``Configuration/shutdownGracePeriod``. Their
    ///    responses carry `Connection: close`; idle keep-alive connections are not waited for.
    ///    Streamed responses (``/SignalboxHTTP/ResponseStream``) end at once, cleanly: an event
    ///    stream's client reconnects, to another instance or the next process.
    /// 3. Answers requests whose responder is still running with `503` (their tasks are cancelled),
    ///    then stops libmicrohttpd's threads and closes the remaining connections.
    ///
    /// Safe to call more than once and from several tasks: later callers wait for the first.
    /// Does nothing for a server that never started.
    ///
    /// ```swift
    /// try server.start()
    /// await SignalWaiter().wait()   // SIGINT or SIGTERM
    /// await server.shutdown()
    /// ```
    public func shutdown() async {
        enum Action {
            case stop(DaemonHandle)
            case wait
            case none
        }
        let action: Action = self.lifecycle.withLock { state in
            switch state {
            case .running(let daemon):
                state = .stopping([])
                return .stop(daemon)
            case .stopping, .starting:
                return .wait
            case .idle, .stopped:
                return .none
            }
        }
        switch action {
        case .none:
            return
        case .wait:
            await self.waitUntilStopped()
        case .stop(let daemon):
            await self.stop(daemon)
            let waiters: [CheckedContinuation<Void, Never>] = self.lifecycle.withLock { state in
                defer { state = .stopped }
                if case .stopping(let waiters) = state { return waiters }
                return []
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    private func waitUntilStopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let stopped: Bool = self.lifecycle.withLock { state in
                switch state {
                case .stopping(var waiters):
                    waiters.append(continuation)
                    state = .stopping(waiters)
                    return false
                case .starting:
                    // Never reached in practice: `start()` finishes synchronously. Do not wait.
                    return true
                case .idle, .running, .stopped:
                    return true
                }
            }
            if stopped { continuation.resume() }
        }
    }

    private func stop(_ daemon: DaemonHandle) async {
        let started = ContinuousClock.now
        self.isDraining.store(true, ordering: .relaxed)
        self.watchdog.withLock { task in
            task?.cancel()
            task = nil
        }
        let listenSocket = MHD_quiesce_daemon(daemon.raw)
        if listenSocket >= 0 {
            // Connections still in the kernel's accept queue are refused instead of hanging.
            shutdownSocket(listenSocket)
        }
        self.logger.info("HTTP server draining", metadata: ["http.port": "\(self.port)"])
        // Streams never end by themselves: end them now, so their clients reconnect elsewhere.
        let streamCount = self.streams.finishAll()
        if streamCount > 0 {
            self.logger.info("Ended streamed responses", metadata: ["count": "\(streamCount)"])
        }

        await self.drain(daemon, until: started + self.configuration.shutdownGracePeriod)

        // Whatever is still suspended gets a 503; resumed connections must be processed before
        // MHD_stop_daemon, which must never see a suspended connection. From here on nothing new
        // is suspended (such requests get a 503 right away); repeat until none is left.
        var abandonedCount = 0
        self.suspended.withLock { $0.isClosed = true }
        while true {
            let slots = self.suspended.withLock { Array($0.slots.values) }
            if slots.isEmpty { break }
            for slot in slots where slot.abandon() {
                MHD_resume_connection(slot.connection.raw)
                abandonedCount += 1
            }
            await Self.pause()
        }
        if abandonedCount > 0 {
            self.logger.warning(
                "Shutdown grace period over; answered unfinished requests with 503",
                metadata: ["count": "\(abandonedCount)"]
            )
        }

        MHD_stop_daemon(daemon.raw)
        if listenSocket >= 0 {
            _ = close(listenSocket)
        }
        self.boundPort.store(0, ordering: .releasing)
        Unmanaged.passUnretained(self).release()  // balances passRetained in start()
        self.logger.info(
            "HTTP server stopped",
            metadata: ["shutdown.ms": "\((ContinuousClock.now - started).wholeMilliseconds)"]
        )
    }

    /// Waits until no connection is open, or no request has been in flight for a moment (idle
    /// keep-alive connections are then closed by `MHD_stop_daemon`), or the deadline passes.
    private func drain(_ daemon: DaemonHandle, until deadline: ContinuousClock.Instant) async {
        var quietSince: ContinuousClock.Instant?
        while ContinuousClock.now < deadline {
            if sbmhd_current_connections(daemon.raw) == 0 {
                return
            }
            let busy =
                self.inFlightRequests.load(ordering: .relaxed) > 0
                || !self.suspended.withLock { $0.slots.isEmpty }
            if busy {
                quietSince = nil
            } else if let since = quietSince {
                if ContinuousClock.now - since >= .milliseconds(100) { return }
            } else {
                quietSince = .now
            }
            await Self.pause()
        }
    }

    /// A 10 ms pause that does not spin when the calling task is cancelled.
    private static func pause() async {
        do {
            try await Task.sleep(for: .milliseconds(10))
        } catch {
            usleep(10_000)
        }
    }
}

/// `shutdown(2)` for both directions; a free function because `HTTPServer.shutdown()` shadows the name.
private func shutdownSocket(_ socket: Int32) {
    #if canImport(Glibc)
    _ = Glibc.shutdown(socket, Int32(SHUT_RDWR))
    #elseif canImport(Darwin)
    _ = Darwin.shutdown(socket, SHUT_RDWR)
    #endif
}
