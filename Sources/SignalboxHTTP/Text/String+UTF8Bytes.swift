extension StringProtocol {
    /// Calls `body` with this text's UTF-8: read in place for a native string (no copy, no
    /// reference counting per byte as through `utf8` views), copied once otherwise. For parsing
    /// that runs on every request (cookies, `If-None-Match`, HTML escaping).
    @inlinable
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try self.utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(self.utf8).withUnsafeBufferPointer(body)
    }
}
