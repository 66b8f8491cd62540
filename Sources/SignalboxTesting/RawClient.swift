#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal blocking HTTP/1.1 client over a raw TCP socket, so tests control every byte:
/// keep-alive, pipelining, chunked bodies, oversize heads, bad versions, drip-feeding.
///
/// Blocking: call it from ``onThread(_:)``, never directly on the cooperative pool.
///
/// ```swift
/// let response = try await onThread {
///     let client = try RawClient(port: server.port)
///     try client.sendRequest("GET", "/", headers: [("Accept", "application/json")])
///     return try client.readResponse()
/// }
/// ```
@_spi(RawHTTP) public final class RawClient {
    /// Why a connection, a send or a read failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    private let socket: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    /// Connects to `127.0.0.1:port`, from `source` when given (any `127.x.y.z` address is this
    /// machine: tests use several to stand for several clients). Reads time out after `timeout`
    /// seconds so a bug never hangs a test.
    public init(port: Int, from source: String? = nil, timeout: Int = 20) throws {
        let fd = posixStreamSocket()
        guard fd >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        func failure(_ call: String) -> Failure {
            let code = errno
            posixClose(fd)
            return Failure(description: "\(call) failed: errno \(code)")
        }
        if let source {
            guard Self.withAddress(source, port: 0, { bind(fd, $0, $1) }) == 0 else { throw failure("bind(\(source))") }
        }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var noDelay: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        guard Self.withAddress("127.0.0.1", port: port, { connect(fd, $0, $1) }) == 0 else {
            throw failure("connect()")
        }
        self.socket = fd
    }

    /// Calls `body` (`bind`, `connect`) with the IPv4 socket address `host:port`.
    private static func withAddress(
        _ host: String,
        port: Int,
        _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    deinit {
        posixClose(self.socket)
    }

    public func send(_ text: String) throws {
        try self.send(Array(text.utf8))
    }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { posixSend(self.socket, $0) }
            guard written > 0 else { throw Failure(description: "send() failed: errno \(errno)") }
            offset += written
        }
    }

    /// Sends a request with a body. `chunked` sends the body as `chunkSizes`-sized chunks.
    public func sendRequest(
        _ method: String = "GET",
        _ target: String,
        headers: [(String, String)] = [],
        body: [UInt8] = [],
        chunked: Bool = false,
        version: String = "HTTP/1.1"
    ) throws {
        var head = "\(method) \(target) \(version)\r\nHost: localhost\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        if chunked {
            head += "Transfer-Encoding: chunked\r\n\r\n"
            var bytes = Array(head.utf8)
            var offset = 0
            while offset < body.count {
                let size = min(1000, body.count - offset)
                bytes +=
                    Array("\(String(size, radix: 16))\r\n".utf8) + body[offset..<offset + size] + Array("\r\n".utf8)
                offset += size
            }
            bytes += Array("0\r\n\r\n".utf8)
            try self.send(bytes)
        } else {
            if !body.isEmpty || method == "POST" || method == "PUT" {
                head += "Content-Length: \(body.count)\r\n"
            }
            head += "\r\n"
            try self.send(Array(head.utf8) + body)
        }
    }

    /// Reads one response. `isHead` (or a 1xx/204/304 status) means no body follows the head.
    public func readResponse(isHead: Bool = false) throws -> RawResponse {
        var response = try self.readHead()
        if isHead || response.status / 100 == 1 || response.status == 204 || response.status == 304 {
            return response
        }
        if response.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            response.body = try self.readChunked()
        } else if let length = response.header("Content-Length").flatMap(Int.init) {
            while self.buffer.count < length {
                guard try self.fill() else { throw Failure(description: "closed inside the body") }
            }
            response.body = Array(self.buffer[..<length])
            self.buffer.removeFirst(length)
        } else {
            while try self.fill() {}
            response.body = self.buffer
            self.buffer = []
        }
        return response
    }

    /// Reads a response's head only (`body` empty): read a streamed (chunked) body as it comes
    /// with ``readChunk()``.
    public func readHead() throws -> RawResponse {
        var headEnd: Int?
        while true {
            if let end = self.findHeadEnd() {
                headEnd = end
                break
            }
            guard try self.fill() else {
                throw Failure(description: "connection closed before a complete head (\(self.buffer.count) bytes)")
            }
        }
        guard let headEnd else { throw Failure(description: "no head") }
        let headText = String(decoding: self.buffer[..<headEnd], as: UTF8.self)
        self.buffer.removeFirst(headEnd + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw Failure(description: "bad status line \(statusLine)")
        }
        var headers: [(String, String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " ")
            headers.append((name, value))
        }
        return RawResponse(version: parts[0], status: status, headers: headers, body: [])
    }

    /// The next chunk of a chunked body, as soon as it arrived; `nil` after the last one.
    public func readChunk() throws -> [UInt8]? {
        let line = try self.readLine()
        guard let size = Int(line.split(separator: ";")[0], radix: 16) else {
            throw Failure(description: "bad chunk size \(line)")
        }
        if size == 0 {
            while try !self.readLine().isEmpty {}
            return nil
        }
        while self.buffer.count < size + 2 {
            guard try self.fill() else { throw Failure(description: "closed inside a chunk") }
        }
        let chunk = Array(self.buffer[..<size])
        self.buffer.removeFirst(size + 2)
        return chunk
    }

    /// `true` when the server closed the connection (read returns end of file) within the timeout.
    public func isClosedByServer() -> Bool {
        guard self.buffer.isEmpty else { return false }
        return (try? self.fill()) != true
    }

    /// Waits up to `milliseconds` for the server to act on this connection: `true` as soon as it
    /// sends something, closes or resets it; `false` when the time passed without either. A
    /// drip-feeding client uses it as its pace, so it never sleeps past the server's close.
    public func serverActs(within milliseconds: Int32) -> Bool {
        if !self.buffer.isEmpty || self.closed { return true }
        var descriptor = pollfd(fd: self.socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    private func findHeadEnd() -> Int? {
        guard self.buffer.count >= 4 else { return nil }
        for index in 0...(self.buffer.count - 4)
        where self.buffer[index] == 13 && self.buffer[index + 1] == 10 && self.buffer[index + 2] == 13
            && self.buffer[index + 3] == 10
        {
            return index
        }
        return nil
    }

    private func readChunked() throws -> [UInt8] {
        var body: [UInt8] = []
        while let chunk = try self.readChunk() { body += chunk }
        return body
    }

    private func readLine() throws -> String {
        while true {
            if let index = self.buffer.indices.dropLast().first(where: {
                self.buffer[$0] == 13 && self.buffer[$0 + 1] == 10
            }) {
                let line = String(decoding: self.buffer[..<index], as: UTF8.self)
                self.buffer.removeFirst(index + 2)
                return line
            }
            guard try self.fill() else { throw Failure(description: "closed inside a line") }
        }
    }

    /// Reads more bytes; `false` at end of file. Throws on reset or timeout.
    private func fill() throws -> Bool {
        if self.closed { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(self.socket, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            throw Failure(description: "recv() failed: errno \(errno)")
        }
        if count == 0 {
            self.closed = true
            return false
        }
        self.buffer += chunk[..<count]
        return true
    }
}

/// A parsed response.
public struct RawResponse: Sendable {
    /// `HTTP/1.1`.
    public var version: String
    public var status: Int
    /// Every field, in order, as sent.
    public var headers: [(String, String)]
    public var body: [UInt8]

    /// The first field with this name (case-insensitive).
    public func header(_ name: String) -> String? {
        self.headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    /// Every field with this name, in order.
    public func headers(named name: String) -> [String] {
        self.headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
    }

    /// The body as UTF-8 text.
    public var text: String {
        String(decoding: self.body, as: UTF8.self)
    }

    /// Whether the server announced it closes the connection after this response.
    public var closesConnection: Bool {
        self.header("Connection")?.lowercased().contains("close") == true
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var slice = Substring(self)
        while slice.first == set { slice.removeFirst() }
        while slice.last == set { slice.removeLast() }
        return String(slice)
    }

    fileprivate func components(separatedBy separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}
