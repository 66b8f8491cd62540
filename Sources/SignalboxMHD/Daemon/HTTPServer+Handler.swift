import CMicroHTTPD
import HTTPTypes
import Logging
import SignalboxHTTP
import Synchronization

extension HTTPServer {
    /// One access-handler call; see ``accessHandlerCallback``.
    func handle(
        connection: OpaquePointer,
        state: RequestState,
        method: UnsafePointer<CChar>,
        uploadData: UnsafePointer<CChar>?,
        uploadDataSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        switch state.phase {
        case .headers:
            self.readDeadlines?.headArrived(connection)
            return self.beginRequest(connection: connection, state: state, method: method)
        case .body:
            let count = uploadDataSize.pointee
            if count > 0 {
                uploadDataSize.pointee = 0
                self.readDeadlines?.bodyReceived(connection, count: count)
                return self.appendBody(state: state, uploadData: uploadData, count: count)
            }
            self.readDeadlines?.bodyEnded(connection)
            return self.finishRequest(connection: connection, state: state)
        case .awaiting(let slot):
            return self.resumeRequest(connection: connection, state: state, slot: slot)
        case .answered:
            uploadDataSize.pointee = 0
            return .YES
        }
    }

    /// First call: the head is complete. Validates it and rejects oversize bodies before reading them.
    ///
    /// Nothing is queued here for valid requests: a response queued on the first call makes
    /// libmicrohttpd discard the request and close the connection (no keep-alive).
    private func beginRequest(
        connection: OpaquePointer,
        state: RequestState,
        method: UnsafePointer<CChar>
    )
        -> MHD_Result
    {
        var collector = HeaderCollector()
        // Counting first (a walk of a short list) saves regrowing the field storage.
        collector.fields.reserveCapacity(Int(MHD_get_connection_values_n(connection, .HEADER_KIND, nil, nil)))
        withUnsafeMutablePointer(to: &collector) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, collectHeaderField, pointer)
        }
        state.wantsJSON = ContentNegotiation.prefersJSON(collector.fields[.accept])
        guard let method = HTTPRequest.Method(String(cString: method)) else {
            return self.reject(connection, state, .badRequest, "invalid request method")
        }
        guard Self.isValidTarget(state.target) else {
            return self.reject(connection, state, .badRequest, "invalid byte in the request target")
        }
        if let invalidName = collector.invalidName {
            return self.reject(
                connection,
                state,
                .badRequest,
                "invalid header field name \"\(invalidName.prefix(64))\""
            )
        }
        if collector.hostCount > 1 {
            return self.reject(connection, state, .badRequest, "more than one Host header field")
        }
        if let framing = collector.framingError {
            return self.reject(connection, state, .badRequest, framing)
        }
        if let chunked = collector.isChunked {
            // RFC 9112 §6.1: a body framed two ways is a smuggling attempt; a coding other than
            // chunked cannot be read (libmicrohttpd would read until the client closes).
            if collector.contentLength != nil {
                return self.reject(connection, state, .badRequest, "both Content-Length and Transfer-Encoding")
            }
            if !chunked {
                return self.reject(
                    connection,
                    state,
                    .notImplemented,
                    "the only transfer coding accepted is chunked"
                )
            }
        }
        if let limits = self.configuration.uploads {
            do {
                state.upload = try MultipartSpooler.forRequest(collector.fields, limits: limits)
            } catch .bodyTooLarge(let limit) {
                let refusal = MultipartSpoolError.bodyTooLarge(limit: limit)
                return self.reject(connection, state, .contentTooLarge, refusal.description)
            } catch {
                self.logger.error("Upload refused", metadata: ["reason": "\(error)"])
                return self.reject(connection, state, .internalServerError, "the upload cannot be stored")
            }
        }
        if state.upload == nil, let length = collector.contentLength, length > UInt64(self.configuration.maxBodySize) {
            return self.reject(connection, state, .contentTooLarge, self.tooLargeMessage)
        }
        state.head = HTTPRequest(
            method: method,
            scheme: nil,
            authority: collector.authority,
            path: state.target,
            headerFields: collector.fields
        )
        if state.upload == nil, let length = collector.contentLength, length > 0 {
            // Capped: a client announcing a large body must send it before it costs memory.
            state.body.reserveCapacity(Int(min(length, 64 * 1024)))
        }
        state.phase = .body
        if collector.isChunked == true || (collector.contentLength ?? 0) > 0 {
            self.readDeadlines?.bodyStarted(connection)
        }
        return .YES
    }

    /// RFC 9112 §3.2: a request target is visible ASCII. Raw UTF-8 (which `String(cString:)` would
    /// silently repair), control bytes, DEL and spaces are refused rather than guessed at.
    static func isValidTarget(_ target: String) -> Bool {
        target.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    private var tooLargeMessage: String {
        "the body exceeds \(self.configuration.maxBodySize) bytes"
    }

    /// Middle calls: the next (de-chunked) piece of the body. Past the limit the rest is read and
    /// dropped so the 413 can be sent when the body ends (libmicrohttpd cannot queue a response in
    /// the middle of a body); past twice the limit (at least 1 MiB more) the connection is closed.
    private func appendBody(state: RequestState, uploadData: UnsafePointer<CChar>?, count: Int) -> MHD_Result {
        if state.upload != nil { return self.appendUpload(state: state, uploadData: uploadData, count: count) }
        let limit = self.configuration.maxBodySize
        state.receivedBodyBytes += count
        if state.bodyTooLarge || state.receivedBodyBytes > limit {
            state.bodyTooLarge = true
            state.body = []
            return state.receivedBodyBytes > limit + max(limit, 1 << 20) ? .NO : .YES
        }
        if let uploadData {
            state.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: count))
        }
        return .YES
    }

    /// A piece of a `multipart/form-data` body, to its temporary files. After a refusal the
    /// rest is read and dropped (so the answer can be sent on a connection that stays usable),
    /// up to the body limit again (at least 1 MiB more); past that the connection is closed.
    private func appendUpload(state: RequestState, uploadData: UnsafePointer<CChar>?, count: Int) -> MHD_Result {
        state.receivedBodyBytes += count
        if state.uploadError != nil {
            let limit = self.configuration.uploads?.maxBytes ?? self.configuration.maxBodySize
            return state.receivedBodyBytes > limit + max(limit, 1 << 20) ? .NO : .YES
        }
        do {
            try state.upload?.append(UnsafeRawBufferPointer(start: uploadData, count: count))
        } catch {
            state.uploadError = error
        }
        return .YES
    }

    /// Final call: the request is complete. Runs the responder, synchronously if it never suspends.
    private func finishRequest(connection: OpaquePointer, state: RequestState) -> MHD_Result {
        if state.bodyTooLarge {
            return self.reject(connection, state, .contentTooLarge, self.tooLargeMessage)
        }
        guard let head = state.head else { return .NO }
        var multipart: MultipartForm?
        if state.upload != nil {
            do throws(MultipartSpoolError) {
                if let error = state.uploadError { throw error }
                multipart = try state.upload?.finish()
            } catch {
                // The whole body was read: the connection stays usable.
                return self.reject(connection, state, error.status, error.description, close: false)
            }
        }
        let request = Request(
            head: head,
            body: state.body,
            multipart: multipart,
            clientAddress: state.clientAddress,
            id: nil
        )
        state.body = []
        let slot = ResponseSlot(connection: ConnectionHandle(raw: connection))
        // Runs on this thread until the responder first suspends; an in-memory responder completes here.
        let task = Task.immediate(executorPreference: self.configuration.taskExecutor) { [self] in
            let response = await self.response(for: request)
            if slot.complete(with: response) {
                MHD_resume_connection(slot.connection.raw)
            }
        }
        if !self.configuration.alwaysSuspend, case (.done, let response?) = slot.takeResponse() {
            state.phase = .answered
            return self.queue(response, on: connection, isHead: head.method == .head)
        }
        let registered = self.suspended.withLock { suspended in
            guard !suspended.isClosed else { return false }
            suspended.slots[ObjectIdentifier(slot)] = slot
            return true
        }
        guard registered else {
            // Shutting down: the connection may no longer be suspended.
            state.phase = .answered
            if let response = slot.finishWithoutSuspending() {
                return self.queue(response, on: connection, isHead: head.method == .head)
            }
            task.cancel()
            return self.queue(self.shuttingDownResponse(state), on: connection, isHead: false, close: true)
        }
        state.phase = .awaiting(slot)
        MHD_suspend_connection(connection)
        if case .resumeNow = slot.markSuspended(task: task) {
            MHD_resume_connection(connection)
        }
        return .YES
    }

    /// Called again after the connection was resumed: queue the task's response (or a 503 if
    /// shutdown gave up waiting for it).
    private func resumeRequest(connection: OpaquePointer, state: RequestState, slot: ResponseSlot) -> MHD_Result {
        self.suspended.withLock { _ = $0.slots.removeValue(forKey: ObjectIdentifier(slot)) }
        switch slot.takeResponse() {
        case (.done, let response?):
            state.phase = .answered
            return self.queue(response, on: connection, isHead: state.head?.method == .head)
        case (.abandoned, _):
            state.phase = .answered
            return self.queue(self.shuttingDownResponse(state), on: connection, isHead: false, close: true)
        default:
            // Unreachable: a connection is resumed only once its slot is done or abandoned.
            _ = slot.abandon()
            assertionFailure("connection resumed before its response was ready")
            return .NO
        }
    }

    private func shuttingDownResponse(_ state: RequestState) -> Response {
        ServerErrorResponse.make(.serviceUnavailable, message: "the server is shutting down", json: state.wantsJSON)
    }

    /// Queues a server-generated error and closes the connection afterwards (unless `close` is
    /// false: the whole request was read).
    private func reject(
        _ connection: OpaquePointer,
        _ state: RequestState,
        _ status: HTTPResponse.Status,
        _ message: String,
        close: Bool = true
    ) -> MHD_Result {
        state.phase = .answered
        state.body = []
        let response = ServerErrorResponse.make(status, message: message, json: state.wantsJSON)
        self.logger.debug(
            "Request rejected",
            metadata: ["http.status": "\(status.code)", "http.target": "\(state.target)", "reason": "\(message)"]
        )
        return self.queue(response, on: connection, isHead: false, close: close)
    }

    /// Runs the responder; a thrown error becomes a 500 with a request id, logged with that id.
    func response(for request: Request) async -> Response {
        do {
            return try await self.responder.respond(to: request)
        } catch {
            let requestID = request.id
            self.logger.error(
                "Responder threw; answered 500",
                metadata: [
                    "request.id": "\(requestID)",
                    "http.method": "\(request.method)",
                    "http.target": "\(request.head.path ?? "")",
                    "error": "\(String(reflecting: error))",
                ]
            )
            let json = ContentNegotiation.prefersJSON(request.headerFields[.accept])
            var response = ServerErrorResponse.make(
                .internalServerError,
                message: "Internal server error (request id \(requestID))",
                json: json
            )
            response.headerFields.append(HTTPField(name: SecurityHeaderNames.xRequestID, value: requestID))
            return response
        }
    }

    /// The completion callback: the request is over (answered, aborted, timed out or shut down).
    func requestCompleted(state: RequestState, termination: MHD_RequestTerminationCode) {
        if case .awaiting(let slot) = state.phase {
            // Closed while suspended (only possible at daemon shutdown): forget the slot.
            self.suspended.withLock { _ = $0.slots.removeValue(forKey: ObjectIdentifier(slot)) }
        }
        self.inFlightRequests.subtract(1, ordering: .relaxed)
        if termination != .REQUEST_TERMINATED_COMPLETED_OK, self.logger.logLevel <= .debug {
            self.logger.debug(
                "Request ended early",
                metadata: ["http.target": "\(state.target)", "mhd.termination": "\(termination.rawValue)"]
            )
        }
    }

    /// A message from libmicrohttpd: collected while starting (to explain a failure), logged always.
    func libraryMessage(_ message: String) {
        guard !message.isEmpty else { return }
        let collecting = self.startupMessages.withLock { messages in
            guard messages != nil else { return false }
            messages?.append(message)
            return true
        }
        self.logger.log(level: collecting ? .warning : .info, "\(message)", metadata: ["source": "libmicrohttpd"])
    }
}
