/// Writes a page's UTF-8 straight into memory set aside for it (an array's uninitialized
/// capacity: ``CompiledTemplate`` renders into the response body's own storage), each append one
/// `memcpy` with no growth or uniqueness checks.
///
/// What does not fit is counted, not written: ``count`` is then the size the page needs, and the
/// caller renders it again with that much room (rendering is a pure function of the template and
/// the view model, so the second pass writes the same bytes).
struct UTF8Writer: ByteSink {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// The bytes appended so far, including any that did not fit.
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// How many bytes of the buffer hold what was appended.
    var written: Int { Swift.min(self.count, self.buffer.count) }

    @inline(__always)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        let end = self.count + bytes.count
        if end <= self.buffer.count, let source = bytes.baseAddress, let target = self.buffer.baseAddress {
            (target + self.count).initialize(from: source, count: bytes.count)
        }
        self.count = end
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        if self.count < self.buffer.count { self.buffer[self.count] = byte }
        self.count += 1
    }
}
