public import SignalboxMHD
@_spi(RawHTTP) import SignalboxTesting

/// One request on a fresh connection, off the cooperative pool.
public func fetch(
    _ server: HTTPServer,
    _ method: String = "GET",
    _ target: String,
    headers: [(String, String)] = [],
    body: [UInt8] = [],
    chunked: Bool = false
) async throws -> RawResponse {
    let port = server.port
    return try await onThread {
        let client = try RawClient(port: port)
        try client.sendRequest(method, target, headers: headers, body: body, chunked: chunked)
        return try client.readResponse(isHead: method == "HEAD")
    }
}

/// Sends raw bytes on a fresh connection and reads one response.
public func fetchRaw(_ server: HTTPServer, _ bytes: [UInt8]) async throws -> RawResponse {
    let port = server.port
    return try await onThread {
        let client = try RawClient(port: port)
        try client.send(bytes)
        return try client.readResponse()
    }
}
