#if canImport(FoundationEssentials)
public import struct FoundationEssentials.UUID
#else
public import struct Foundation.UUID
#endif

extension UUID: PathSegmentConvertible {
    public var pathSegment: String { self.uuidString.lowercased() }

    public init(pathSegment: String) throws(InputDecodingError) {
        guard let value = UUID(uuidString: pathSegment) else {
            throw InputDecodingError("expected a UUID, got \"\(pathSegment.prefix(64))\"")
        }
        self = value
    }
}
