import SignalboxHTTP

/// Somewhere UTF-8 is appended: a page being written (``UTF8Writer``) or a byte array.
/// HTML escaping (``appendHTMLEscaped(_:)``) writes into either.
protocol ByteSink {
    /// Appends bytes.
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
    /// Appends one byte.
    mutating func append(byte: UInt8)
}

extension ByteSink {
    /// Appends a string's UTF-8.
    @inline(__always)
    mutating func append(utf8 text: String) {
        text.withUTF8Bytes { self.append(bytes: $0) }
    }

    /// Appends `number` in decimal, as `String(number)` writes it (digits made on the stack).
    mutating func appendDecimal(_ number: Int) {
        if number >= 0 && number < 10 {
            self.append(byte: UInt8(ascii: "0") + UInt8(number))
            return
        }
        // Twenty bytes hold the longest, Int.min: a sign and nineteen digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            var magnitude = number.magnitude
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if number < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            self.append(bytes: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}

extension [UInt8]: ByteSink {
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) { self.append(contentsOf: bytes) }
    mutating func append(byte: UInt8) { self.append(byte) }
}
