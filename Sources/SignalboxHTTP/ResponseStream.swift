/// A response body sent piece by piece as it is produced: an event stream, say.
///
/// A server sends the head at once, then each piece as soon as it is yielded, and ends the body
/// when the stream finishes. When the client goes away, or the server shuts down, the server
/// stops reading: the stream's continuation sees `onTermination`, which is where a producer
/// stops. A server learns that a client went away only when it writes to it, so a producer that
/// may stay quiet for long should send something (a Server-Sent Events comment) now and then.
///
/// ```swift
/// let (stream, continuation) = ResponseStream.makeStream()
/// let ticker = Task {
///     while !Task.isCancelled {
///         continuation.yield(Array(": tick\n\n".utf8))
///         try? await Task.sleep(for: .seconds(25))
///     }
/// }
/// continuation.onTermination = { _ in ticker.cancel() }
/// return Response(status: .ok, headerFields: [.contentType: "text/event-stream"], stream: stream)
/// ```
public struct ResponseStream: Sendable {
    /// The pieces of the body, in order.
    public let chunks: AsyncStream<[UInt8]>

    /// A stream of the pieces `chunks` yields.
    public init(_ chunks: AsyncStream<[UInt8]>) {
        self.chunks = chunks
    }

    /// A stream and the continuation that feeds it (pieces are buffered without limit until the
    /// server takes them; a server drops a client whose backlog grows past its own limit).
    public static func makeStream() -> (stream: ResponseStream, continuation: AsyncStream<[UInt8]>.Continuation) {
        let (chunks, continuation) = AsyncStream<[UInt8]>.makeStream()
        return (ResponseStream(chunks), continuation)
    }
}
