import CMicroHTTPD
import CMicroHTTPDShim
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C callbacks libmicrohttpd calls on its worker threads. Each one recovers the server from its
// `cls` argument (retained from `start()` until after `MHD_stop_daemon`) and forwards to it.

/// `void *(*)(void *cls, const char *uri, struct MHD_Connection *connection)`; not declared as a
/// type by `microhttpd.h`.
typealias URILogCallback =
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) ->
    UnsafeMutableRawPointer?

/// Runs once per request, right after the request line, before headers are parsed. Creates the
/// request state (its return value becomes `*con_cls`) with the raw, still percent-encoded target.
func uriLogCallback(
    cls: UnsafeMutableRawPointer?,
    uri: UnsafePointer<CChar>?,
    connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let cls else { return nil }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    server.inFlightRequests.add(1, ordering: .relaxed)
    let target = uri.map { String(cString: $0) } ?? "/"
    var clientAddress: String?
    if let connection {
        clientAddress = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let length = sbmhd_client_address(connection, buffer.baseAddress, buffer.count)
            guard length > 0 else { return nil }
            return String(
                decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: length),
                as: UTF8.self
            )
        }
    }
    let state = RequestState(target: target, clientAddress: clientAddress)
    return Unmanaged.passRetained(state).toOpaque()
}

/// The access handler: called once when the headers are parsed, once per body chunk, then once
/// more when the request is complete (and again after a suspended connection is resumed).
func accessHandlerCallback(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?,
    version: UnsafePointer<CChar>?,
    uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>?,
    conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let method, let uploadDataSize, let conCls, let statePointer = conCls.pointee
    else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(statePointer).takeUnretainedValue()
    return server.handle(
        connection: connection,
        state: state,
        method: method,
        uploadData: uploadData,
        uploadDataSize: uploadDataSize
    )
}

/// Runs once per request that reached the URI log callback, after the response was sent or the
/// request was abandoned. Releases the request state.
func requestCompletedCallback(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    termination: MHD_RequestTerminationCode
) {
    guard let cls, let conCls, let statePointer = conCls.pointee else { return }
    conCls.pointee = nil
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(statePointer).takeRetainedValue()
    server.requestCompleted(state: state, termination: termination)
    if let connection {
        server.readDeadlines?.awaitingHead(connection)
    }
}

/// Runs when a connection is accepted and when it is closed (before its socket is closed).
/// Registered only when the server keeps request-head deadlines.
func connectionNotifyCallback(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    code: MHD_ConnectionNotificationCode
) {
    guard let cls, let connection else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    guard let deadlines = server.readDeadlines else { return }
    if code == .CONNECTION_NOTIFY_STARTED {
        deadlines.opened(connection, socket: sbmhd_connection_fd(connection))
    } else {
        deadlines.closed(connection)
    }
}

/// libmicrohttpd's own messages (bind failures, protocol errors), formatted and sent to the logger.
func mhdLogCallback(cls: UnsafeMutableRawPointer?, format: UnsafePointer<CChar>?, arguments: CVaListPointer?) {
    guard let cls, let format, let arguments else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let message = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer -> String in
        let written = vsnprintf(buffer.baseAddress, buffer.count, format, arguments)
        guard written > 0 else { return "" }
        let length = min(Int(written), buffer.count - 1)
        var text = String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: length), as: UTF8.self)
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }
    server.libraryMessage(message)
}
