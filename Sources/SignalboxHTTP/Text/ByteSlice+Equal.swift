extension Slice where Base == UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are `other`'s, compared in place: for the header parsing every
    /// request does (the generic `elementsEqual` walks two iterators, several times slower).
    @inlinable
    package func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard self.count == other.count else { return false }
        var offset = 0
        while offset < other.count {
            if self.base[self.startIndex + offset] != other[offset] { return false }
            offset += 1
        }
        return true
    }
}
