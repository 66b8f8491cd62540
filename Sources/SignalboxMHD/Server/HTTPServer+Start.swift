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
    /// The daemon flags: epoll with internal threads, an inter-thread channel (needed by
    /// `MHD_quiesce_daemon` and to wake workers on resume), error messages, and suspend/resume.
    static let daemonFlags: UInt32 =
        MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_USE_ERROR_LOG.rawValue
        | MHD_ALLOW_SUSPEND_RESUME.rawValue

    /// Binds the address and starts libmicrohttpd's worker threads. Returns once the server accepts
    /// connections; ``port`` then reports the bound port.
    ///
    /// - Throws: ``HTTPServerError`` with ``HTTPServerError/Code/invalidConfiguration`` for an
    ///   out-of-range value or a host that is not a numeric address,
    ///   ``HTTPServerError/Code/startFailed`` when libmicrohttpd cannot bind or start (the message
    ///   carries the address and libmicrohttpd's reason), ``HTTPServerError/Code/alreadyStarted``
    ///   when called twice.
    public func start() throws(HTTPServerError) {
        let claimed = self.lifecycle.withLock { state in
            guard case .idle = state else { return false }
            state = .starting
            return true
        }
        guard claimed else {
            throw HTTPServerError(.alreadyStarted, "the server was already started; create a new HTTPServer")
        }
        do {
            let daemon = try self.startDaemon()
            self.boundPort.store(Int(sbmhd_bound_port(daemon.raw)), ordering: .releasing)
            self.lifecycle.withLock { $0 = .running(daemon) }
            self.startWatchdog()
        } catch {
            self.lifecycle.withLock { $0 = .idle }
            throw error
        }
        self.logger.info(
            "HTTP server listening",
            metadata: [
                "http.host": "\(self.configuration.host)",
                "http.port": "\(self.port)",
                "http.threads": "\(self.configuration.threadPoolSize)",
            ]
        )
    }

    private func startDaemon() throws(HTTPServerError) -> DaemonHandle {
        let configuration = self.configuration
        try configuration.validate()
        let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
        var address = sockaddr_storage()
        let family = sbmhd_make_address(host, UInt16(configuration.port), &address)
        guard family != 0 else {
            throw HTTPServerError(
                .invalidConfiguration,
                "host \"\(configuration.host)\" is not a numeric IPv4 or IPv6 address (or \"localhost\")"
            )
        }
        var flags = Self.daemonFlags
        if family == 6 {
            flags |= MHD_USE_IPv6.rawValue
        }

        let serverPointer = Unmanaged.passRetained(self).toOpaque()
        self.startupMessages.withLock { $0 = [] }
        let daemon = withUnsafeMutablePointer(to: &address) { addressPointer in
            var options = self.daemonOptions(address: UnsafeMutableRawPointer(addressPointer), server: serverPointer)
            return options.withUnsafeMutableBufferPointer { buffer in
                sbmhd_start_daemon(flags, accessHandlerCallback, serverPointer, buffer.baseAddress)
            }
        }
        let messages = self.startupMessages.withLock { messages in
            defer { messages = nil }
            return messages ?? []
        }
        guard let daemon else {
            Unmanaged<HTTPServer>.fromOpaque(serverPointer).release()
            let reason = messages.isEmpty ? "libmicrohttpd gave no reason" : messages.joined(separator: "; ")
            throw HTTPServerError(
                .startFailed,
                "cannot listen on \(configuration.host):\(configuration.port): \(reason)"
            )
        }
        return DaemonHandle(raw: daemon)
    }

    /// The option array for `MHD_start_daemon`, ending with `MHD_OPTION_END`.
    ///
    /// Scalars go in `value`, single pointers in `ptr_value`; callbacks put the function in
    /// `value` and its closure argument in `ptr_value`.
    private func daemonOptions(address: UnsafeMutableRawPointer, server: UnsafeMutableRawPointer) -> [MHD_OptionItem] {
        let configuration = self.configuration
        let logger: MHD_LogCallback = mhdLogCallback
        let uriLogger: URILogCallback = uriLogCallback
        let completed: MHD_RequestCompletedCallback = requestCompletedCallback
        let connections: MHD_NotifyConnectionCallback = connectionNotifyCallback
        func function(_ pointer: some Any) -> Int {
            Int(bitPattern: unsafeBitCast(pointer, to: UnsafeRawPointer.self))
        }
        func item(_ option: MHD_OPTION, _ value: Int) -> MHD_OptionItem {
            MHD_OptionItem(option: option, value: value, ptr_value: nil)
        }
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .EXTERNAL_LOGGER, value: function(logger), ptr_value: server),
            MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: address),
            MHD_OptionItem(option: .URI_LOG_CALLBACK, value: function(uriLogger), ptr_value: server),
            MHD_OptionItem(option: .NOTIFY_COMPLETED, value: function(completed), ptr_value: server),
            item(.CONNECTION_LIMIT, configuration.connectionLimit),
            item(.PER_IP_CONNECTION_LIMIT, configuration.perIPConnectionLimit),
            item(.CONNECTION_TIMEOUT, configuration.connectionTimeout.wholeSecondsRoundedUp),
            item(.CONNECTION_MEMORY_LIMIT, configuration.connectionMemoryLimit),
            item(.LISTEN_BACKLOG_SIZE, configuration.listenBacklog),
        ]
        if self.readDeadlines != nil {
            options.append(MHD_OptionItem(option: .NOTIFY_CONNECTION, value: function(connections), ptr_value: server))
        }
        if configuration.threadPoolSize > 1 {
            options.append(item(.THREAD_POOL_SIZE, configuration.threadPoolSize))
        }
        options.append(item(.END, 0))
        return options
    }
}

extension HTTPServer.Configuration {
    func validate() throws(HTTPServerError) {
        func check(_ condition: Bool, _ message: String) throws(HTTPServerError) {
            if !condition { throw HTTPServerError(.invalidConfiguration, message) }
        }
        try check((0...65535).contains(self.port), "port \(self.port) is outside 0...65535")
        try check((1...1024).contains(self.threadPoolSize), "threadPoolSize \(self.threadPoolSize) is outside 1...1024")
        try check(self.connectionLimit >= 1, "connectionLimit must be at least 1")
        try check(self.connectionLimit >= self.threadPoolSize, "connectionLimit must be at least threadPoolSize")
        try check(self.perIPConnectionLimit >= 0, "perIPConnectionLimit must not be negative")
        try check(self.connectionMemoryLimit >= 4096, "connectionMemoryLimit must be at least 4096 bytes")
        try check(self.maxBodySize >= 0, "maxBodySize must not be negative")
        try check(self.listenBacklog >= 1, "listenBacklog must be at least 1")
        try check(self.connectionTimeout >= .zero, "connectionTimeout must not be negative")
        try check(self.bodyTimeout >= .zero, "bodyTimeout must not be negative")
        try check(self.minimumBodyRate >= 1, "minimumBodyRate must be at least 1 byte a second")
        try check(self.shutdownGracePeriod >= .zero, "shutdownGracePeriod must not be negative")
    }
}

extension HTTPServer {
    /// Closes connections whose request head or body is overdue (see ``ReadDeadlines``) until
    /// shutdown cancels it.
    fileprivate func startWatchdog() {
        guard let deadlines = self.readDeadlines else { return }
        let logger = self.logger
        let task = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: deadlines.interval)
                let cut = deadlines.cutExpired()
                if cut.heads > 0 {
                    logger.debug(
                        "Closed connections whose request head was overdue",
                        metadata: ["count": "\(cut.heads)"]
                    )
                }
                if cut.bodies > 0 {
                    logger.notice(
                        "Answered 408 and closed connections whose request body was overdue",
                        metadata: ["count": "\(cut.bodies)"]
                    )
                }
            }
        }
        self.watchdog.withLock { $0 = task }
    }
}
