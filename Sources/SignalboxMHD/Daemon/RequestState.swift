import HTTPTypes
import SignalboxHTTP

/// Everything known about one request while libmicrohttpd parses it.
///
/// Created by the URI log callback (before the headers are parsed), carried as `*con_cls`, and
/// released by the completion callback. Only ever touched on the thread of the connection's
/// libmicrohttpd worker, which never runs two callbacks of one connection at once, so it needs no
/// synchronisation and is deliberately not `Sendable`.
final class RequestState {
    enum Phase {
        /// The first access-handler call (headers parsed) has not happened yet.
        case headers
        /// Collecting the body.
        case body
        /// The responder did not finish synchronously; the connection is suspended until it does.
        case awaiting(ResponseSlot)
        /// A response is queued.
        case answered
    }

    /// The raw request target exactly as the client sent it.
    let target: String
    /// The peer's numeric address.
    let clientAddress: String?
    var phase: Phase = .headers
    var head: HTTPRequest?
    var body: [UInt8] = []
    var receivedBodyBytes = 0
    var bodyTooLarge = false
    var wantsJSON = false
    /// A `multipart/form-data` body being written to temporary files as it arrives.
    var upload: MultipartSpooler?
    /// Why the upload was refused; the rest of the body is read and dropped.
    var uploadError: MultipartSpoolError?

    init(target: String, clientAddress: String?) {
        self.target = target
        self.clientAddress = clientAddress
    }

    /// The request is over (answered, failed or abandoned): its temporary files go.
    deinit {
        self.upload?.discard()
    }
}
