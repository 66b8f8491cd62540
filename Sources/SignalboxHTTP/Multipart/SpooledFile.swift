/// An uploaded file that ``MultipartSpooler`` wrote to a temporary file.
public struct SpooledFile: Sendable, Hashable {
    /// The absolute path of the temporary file; its name is random and unrelated to ``filename``.
    public var path: String
    /// The client's name for the file, for display only: the last path component (after the last `/` or `\`),
    /// without control or bidirectional formatting characters, at most 255 UTF-8 bytes. It may be empty.
    public var filename: String
    /// The part's content type as sent, or `application/octet-stream` when the part had none.
    public var contentType: String
    /// The size of the file, in bytes.
    public var size: Int

    /// Creates a description of a spooled file.
    public init(path: String, filename: String, contentType: String, size: Int) {
        self.path = path
        self.filename = filename
        self.contentType = contentType
        self.size = size
    }

    /// The longest display file name, in UTF-8 bytes.
    static let maxFilenameBytes = 255

    /// Makes a client's file name safe to display: see ``filename``.
    static func displayFilename(_ raw: String) -> String {
        let scalars = raw.unicodeScalars
        let start =
            scalars.lastIndex { $0 == "/" || $0 == "\\" }.map { scalars.index(after: $0) } ?? scalars.startIndex
        var kept = String.UnicodeScalarView()
        for scalar in scalars[start...] where !Self.isHidden(scalar) {
            kept.append(scalar)
        }
        let name = String(kept)
        if name == "." || name == ".." {
            return ""
        }
        guard name.utf8.count > Self.maxFilenameBytes else {
            return name
        }
        var truncated = ""
        var byteCount = 0
        for character in name {
            byteCount += character.utf8.count
            if byteCount > Self.maxFilenameBytes {
                break
            }
            truncated.append(character)
        }
        return truncated
    }

    /// Whether `scalar` is a control character or a bidirectional formatting character.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069:
            true
        default:
            scalar.properties.generalCategory == .control
        }
    }
}
