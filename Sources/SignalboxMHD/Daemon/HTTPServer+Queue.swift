import CMicroHTTPD
import HTTPTypes
import SignalboxHTTP
import Synchronization

extension HTTPServer {
    /// Hands a response to libmicrohttpd. Must run on the connection's thread, in the final
    /// access-handler call (or the first one for deliberate early rejections).
    ///
    /// libmicrohttpd writes `Content-Length` and `Date` itself; every other field is copied in
    /// order, so repeated fields such as `Set-Cookie` all survive. A `HEAD` or `304` response with
    /// an empty body keeps the `Content-Length` its responder declared (the length of the full
    /// `GET` response, RFC 9110 §8.6) instead of libmicrohttpd's `Content-Length: 0`.
    func queue(_ response: Response, on connection: OpaquePointer, isHead: Bool, close: Bool = false) -> MHD_Result {
        let mhdResponse: OpaquePointer?
        if let stream = response.stream, !isHead, response.status != .notModified {
            mhdResponse = self.streamedResponse(stream, on: connection)
        } else if isHead || response.status == .notModified, response.body.isEmpty,
            let declared = response.headerFields[.contentLength].flatMap(UInt64.init), declared > 0
        {
            // libmicrohttpd sends no content for HEAD and 304; the size only sets Content-Length.
            mhdResponse = MHD_create_response_from_callback(declared, 4096, emptyContentReader, nil, nil)
        } else {
            mhdResponse = response.body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(
                    bytes.count,
                    UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                    .RESPMEM_MUST_COPY
                )
            }
        }
        guard let mhdResponse else { return .NO }
        defer { MHD_destroy_response(mhdResponse) }
        for field in response.headerFields where !Self.isManagedByLibrary(field.name) {
            Self.addHeader(field, to: mhdResponse)
        }
        if close || self.isDraining.load(ordering: .relaxed) {
            _ = MHD_add_response_header(mhdResponse, "Connection", "close")
        }
        return MHD_queue_response(connection, UInt32(response.status.code), mhdResponse)
    }

    /// A response of unknown size (chunked) whose content reader takes `stream`'s pieces as they
    /// come. During shutdown the body ends at once (the client may reconnect elsewhere).
    private func streamedResponse(_ stream: ResponseStream, on connection: OpaquePointer) -> OpaquePointer? {
        let pump = StreamPump(
            connection: ConnectionHandle(raw: connection),
            registry: self.streams,
            maxBacklog: Self.maxStreamBacklog
        )
        let cls = Unmanaged.passRetained(pump).toOpaque()
        guard
            let response = MHD_create_response_from_callback(
                UInt64.max,  // MHD_SIZE_UNKNOWN
                4096,
                streamContentReader,
                cls,
                streamContentFree
            )
        else {
            Unmanaged<StreamPump>.fromOpaque(cls).release()
            return nil
        }
        if self.streams.add(pump) {
            pump.start(stream)
        } else {
            pump.finish()
        }
        return response
    }

    /// The most bytes of a stream buffered for a client that does not read them.
    static let maxStreamBacklog = 1 << 20

    /// `Content-Length` and `Transfer-Encoding`, which libmicrohttpd writes itself.
    private static func isManagedByLibrary(_ name: HTTPField.Name) -> Bool {
        let length = name.canonicalName.utf8.count
        guard length == 14 || length == 17 else { return false }  // cheap test first: runs for every field
        return name == .contentLength || name == .transferEncoding
    }

    /// Adds one field, handing libmicrohttpd NUL-terminated copies made on the stack (it copies
    /// them again) instead of allocating a `String` for the value.
    private static func addHeader(_ field: HTTPField, to response: OpaquePointer) {
        field.name.rawName.withCString { name in
            field.withUnsafeBytesOfValue { value in
                withUnsafeTemporaryAllocation(of: CChar.self, capacity: value.count + 1) { buffer in
                    value.withMemoryRebound(to: CChar.self) { source in
                        _ = buffer.initialize(fromContentsOf: source)
                    }
                    buffer[value.count] = 0
                    _ = MHD_add_response_header(response, name, buffer.baseAddress)
                }
            }
        }
    }
}

/// The content reader of a `HEAD` or `304` response: never asked for content.
private func emptyContentReader(
    cls: UnsafeMutableRawPointer?,
    position: UInt64,
    buffer: UnsafeMutablePointer<CChar>?,
    max: Int
) -> Int {
    MHD_CONTENT_READER_END_WITH_ERROR
}
