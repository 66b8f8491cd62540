#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A streaming parser for `multipart/form-data` bodies (RFC 7578, RFC 2046).
///
/// The parser is a state machine without I/O: feed it the body in chunks of any size with
/// ``feed(_:mapError:_:)`` and it reports what it finds as ``MultipartEvent``s, then call ``finish()`` when the body
/// is over. Part content is passed on as slices of the chunks fed in, as early as possible: the parser only holds back
/// the few bytes at the end of a chunk that could be the start of a delimiter, so its memory use does not depend on
/// the size of the parts. Part headers are buffered, within ``Limits``.
///
/// The preamble before the first delimiter and the epilogue after the closing delimiter are ignored.
public struct MultipartParser: Sendable {
    /// Limits on the part headers, which the parser has to buffer.
    public struct Limits: Sendable, Hashable {
        /// The largest header block of one part, in bytes, counting line ends and the blank line that ends it.
        public var maxHeaderBytes: Int
        /// The most header lines one part may have.
        public var maxHeaderLines: Int

        /// Creates limits.
        public init(maxHeaderBytes: Int = 8 * 1024, maxHeaderLines: Int = 16) {
            self.maxHeaderBytes = maxHeaderBytes
            self.maxHeaderLines = maxHeaderLines
        }
    }

    enum State: Sendable {
        /// Looking for the first delimiter; bytes are dropped.
        case preamble
        /// In a part's content, looking for the next delimiter; bytes are content.
        case body
        /// A delimiter was just read.
        case afterDelimiter
        /// A delimiter and one `-` were read.
        case closeDash
        /// A delimiter and transport padding (spaces or tabs) were read.
        case padding
        /// A delimiter line's CR was read.
        case delimiterCR
        /// Reading a part's header lines.
        case headers
        /// The closing delimiter was read; bytes are dropped.
        case epilogue
        /// An error was found; it is thrown again by every later call.
        case failed(MultipartError)
    }

    static let carriageReturn = UInt8(ascii: "\r")
    static let lineFeed = UInt8(ascii: "\n")

    let limits: Limits
    /// CRLF, `--` and the boundary.
    let delimiter: [UInt8]
    /// `fallback[k]` is the length of the longest proper prefix of `delimiter` that is also a suffix of its first
    /// `k` bytes (the Knuth-Morris-Pratt failure function).
    let fallback: [Int]
    var state = State.preamble
    /// How many bytes of `delimiter` the bytes read so far end with; those bytes have not been reported yet.
    ///
    /// It starts at 2, as if the body began with CRLF, so that the first delimiter may come without one.
    var matched = 2
    /// Whether a part head was reported whose end was not.
    var inPart = false
    /// The current header line, with its line end once complete.
    var line: [UInt8] = []
    /// The size of the current part's header block so far.
    var headerBytes = 0
    /// The number of header lines of the current part so far.
    var headerLines = 0
    /// What the current part's headers said so far.
    var pendingHead = PendingHead()

    /// Creates a parser for a body whose parts are separated by `boundary`.
    ///
    /// - Parameters:
    ///   - boundary: The boundary, normally from ``boundary(fromContentType:)``. With an empty boundary, every call to
    ///     ``feed(_:mapError:_:)`` throws.
    ///   - limits: Limits on the part headers.
    public init(boundary: String, limits: Limits = Limits()) {
        let delimiter = Array("\r\n--\(boundary)".utf8)
        var fallback = [Int](repeating: 0, count: delimiter.count + 1)
        var length = 0
        for index in 1..<delimiter.count {
            while length > 0 && delimiter[index] != delimiter[length] {
                length = fallback[length]
            }
            if delimiter[index] == delimiter[length] {
                length += 1
            }
            fallback[index + 1] = length
        }
        self.limits = limits
        self.delimiter = delimiter
        self.fallback = fallback
        if boundary.isEmpty {
            self.state = .failed(.malformed("the boundary is empty"))
        }
    }

    /// Parses the next chunk of the body, calling `handle` for each event found in it.
    ///
    /// After an error, whether the parser's or the handler's, the parser is stopped: later calls throw
    /// `mapError` applied to the parser's error, or to ``MultipartError/aborted`` after a handler error.
    ///
    /// - Parameters:
    ///   - chunk: The next bytes of the body; it may have any size, including zero.
    ///   - mapError: Turns the parser's own errors into the handler's error type.
    ///   - handle: Called synchronously for each event, in order. Buffers in ``MultipartEvent/partBody(_:)`` point
    ///     into `chunk` or into the parser and are valid only during the call.
    /// - Throws: Whatever `handle` throws, or `mapError` applied to a ``MultipartError``.
    public mutating func feed<Failure: Error>(
        _ chunk: UnsafeRawBufferPointer,
        mapError: (MultipartError) -> Failure,
        _ handle: (MultipartEvent) throws(Failure) -> Void
    ) throws(Failure) {
        if case .failed(let error) = self.state {
            throw mapError(error)
        }
        do {
            try self.consume(chunk, mapError: mapError, handle)
        } catch {
            if !self.isFailed {
                self.state = .failed(.aborted)
            }
            throw error
        }
    }

    /// Parses the next chunk of the body, calling `handle` for each event found in it.
    ///
    /// This is ``feed(_:mapError:_:)`` for a handler that throws nothing or ``MultipartError``s.
    public mutating func feed(
        _ chunk: UnsafeRawBufferPointer,
        _ handle: (MultipartEvent) throws(MultipartError) -> Void
    ) throws(MultipartError) {
        try self.feed(chunk, mapError: { $0 }, handle)
    }

    /// Checks that the body fed so far is complete.
    ///
    /// - Throws: ``MultipartError/truncated`` unless the closing delimiter was read, or the error that stopped the
    ///   parser.
    public func finish() throws(MultipartError) {
        switch self.state {
        case .epilogue:
            return
        case .failed(let error):
            throw error
        case .preamble, .body, .afterDelimiter, .closeDash, .padding, .delimiterCR, .headers:
            throw .truncated
        }
    }

    private var isFailed: Bool {
        if case .failed = self.state {
            return true
        }
        return false
    }

    private mutating func fail<Failure: Error>(
        _ error: MultipartError,
        _ mapError: (MultipartError) -> Failure
    ) -> Failure {
        self.state = .failed(error)
        return mapError(error)
    }

    private mutating func consume<Failure: Error>(
        _ chunk: UnsafeRawBufferPointer,
        mapError: (MultipartError) -> Failure,
        _ handle: (MultipartEvent) throws(Failure) -> Void
    ) throws(Failure) {
        var index = 0
        while index < chunk.count {
            switch self.state {
            case .preamble, .body:
                index = try self.scanContent(chunk, from: index, handle)
            case .headers:
                let head: MultipartPartHead?
                do {
                    (index, head) = try self.scanHeaders(chunk, from: index)
                } catch {
                    throw self.fail(error, mapError)
                }
                if let head {
                    self.state = .body
                    self.matched = 0
                    self.inPart = true
                    try handle(.partHead(head))
                }
            case .afterDelimiter, .closeDash, .padding, .delimiterCR:
                let next: DelimiterLine
                do {
                    next = try self.step(afterDelimiter: chunk[index])
                } catch {
                    throw self.fail(error, mapError)
                }
                index += 1
                switch next {
                case .incomplete:
                    break
                case .nextPart:
                    self.beginHeaders()
                    if self.inPart {
                        self.inPart = false
                        try handle(.partEnd)
                    }
                case .close:
                    self.state = .epilogue
                    if self.inPart {
                        self.inPart = false
                        try handle(.partEnd)
                    }
                    try handle(.end)
                }
            case .epilogue:
                return
            case .failed(let error):
                throw mapError(error)
            }
        }
    }

    /// Scans preamble or part content for the delimiter, reporting content that cannot be part of it.
    ///
    /// - Returns: The index after the last byte read: after the delimiter, or the end of the chunk.
    private mutating func scanContent<Failure: Error>(
        _ chunk: UnsafeRawBufferPointer,
        from start: Int,
        _ handle: (MultipartEvent) throws(Failure) -> Void
    ) throws(Failure) -> Int {
        let carried = self.matched
        var matched = carried
        var index = start
        let end = chunk.count
        while index < end {
            if matched == 0 {
                guard let next = Self.firstIndex(of: Self.carriageReturn, in: chunk, from: index) else {
                    index = end
                    break
                }
                index = next
            }
            let byte = chunk[index]
            while matched > 0 && self.delimiter[matched] != byte {
                matched = self.fallback[matched]
            }
            if self.delimiter[matched] == byte {
                matched += 1
            }
            index += 1
            if matched == self.delimiter.count {
                break
            }
        }
        if case .body = self.state {
            // Everything not reported yet is the carried delimiter prefix plus `chunk[start..<index]`; all of it is
            // content except the last `matched` bytes.
            let contentCount = carried + (index - start) - matched
            let fromCarried = min(carried, contentCount)
            if fromCarried > 0 {
                try self.delimiter.span.withUnsafeBytes { (delimiter) throws(Failure) in
                    try handle(.partBody(UnsafeRawBufferPointer(rebasing: delimiter[0..<fromCarried])))
                }
            }
            if contentCount > fromCarried {
                let slice = chunk[start..<(start + contentCount - fromCarried)]
                try handle(.partBody(UnsafeRawBufferPointer(rebasing: slice)))
            }
        }
        if matched == self.delimiter.count {
            self.matched = 0
            self.state = .afterDelimiter
        } else {
            self.matched = matched
        }
        return index
    }

    /// Where `byte` first occurs in `chunk` at or after `start`.
    static func firstIndex(of byte: UInt8, in chunk: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < chunk.count, let base = chunk.baseAddress else {
            return nil
        }
        guard let found = memchr(base + start, Int32(byte), chunk.count - start) else {
            return nil
        }
        return base.distance(to: UnsafeRawPointer(found))
    }

    private enum DelimiterLine {
        case incomplete
        case nextPart
        case close
    }

    /// Reads one byte of what follows a delimiter: `--` (closing delimiter) or optional padding and CRLF.
    private mutating func step(afterDelimiter byte: UInt8) throws(MultipartError) -> DelimiterLine {
        switch (self.state, byte) {
        case (.afterDelimiter, UInt8(ascii: "-")):
            self.state = .closeDash
            return .incomplete
        case (.closeDash, UInt8(ascii: "-")):
            return .close
        case (.afterDelimiter, UInt8(ascii: " ")), (.afterDelimiter, UInt8(ascii: "\t")),
            (.padding, UInt8(ascii: " ")), (.padding, UInt8(ascii: "\t")):
            self.state = .padding
            return .incomplete
        case (.afterDelimiter, Self.carriageReturn), (.padding, Self.carriageReturn):
            self.state = .delimiterCR
            return .incomplete
        case (.delimiterCR, Self.lineFeed):
            return .nextPart
        case (.closeDash, _):
            throw .malformed("a boundary delimiter is followed by a single \"-\"")
        case (.delimiterCR, _):
            throw .malformed("a boundary delimiter line does not end in CRLF")
        default:
            throw .malformed("a boundary delimiter is followed by other characters")
        }
    }

    private mutating func beginHeaders() {
        self.state = .headers
        self.line.removeAll(keepingCapacity: true)
        self.headerBytes = 0
        self.headerLines = 0
        self.pendingHead = PendingHead()
    }

    /// Reads header bytes up to the end of the current line or chunk.
    ///
    /// - Returns: The index after the last byte read, and the part's head once its header block is complete.
    private mutating func scanHeaders(
        _ chunk: UnsafeRawBufferPointer,
        from start: Int
    ) throws(MultipartError) -> (Int, MultipartPartHead?) {
        let lineEnd = Self.firstIndex(of: Self.lineFeed, in: chunk, from: start)
        let stop = lineEnd.map { $0 + 1 } ?? chunk.count
        guard stop - start <= self.limits.maxHeaderBytes - self.headerBytes else {
            throw .headerTooLarge(limit: self.limits.maxHeaderBytes)
        }
        self.headerBytes += stop - start
        self.line.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start..<stop]))
        guard lineEnd != nil else {
            return (stop, nil)
        }
        let head = try self.completeHeaderLine()
        self.line.removeAll(keepingCapacity: true)
        return (stop, head)
    }
}
