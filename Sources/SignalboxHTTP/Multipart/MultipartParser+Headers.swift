extension MultipartParser {
    /// What a part's headers said so far.
    struct PendingHead: Sendable {
        var disposition: MultipartPartHead?
        var contentType: String?
        var sawContentType = false
    }

    /// A header value made of a leading value and `;`-separated `name=value` parameters.
    struct ParameterizedValue {
        /// The leading value, without surrounding whitespace.
        var value: ArraySlice<UInt8>
        /// The parameters in order; names are lowercased, quoted values unquoted.
        var parameters: [(name: String, value: [UInt8])]

        func parameter(_ name: String) -> [UInt8]? {
            self.parameters.first { $0.name == name }?.value
        }
    }

    /// Returns the boundary parameter of a `multipart/form-data` content type.
    ///
    /// The media type and parameter names are compared case-insensitively; the boundary may be quoted, other
    /// parameters may come before or after it, and whitespace around `;` and `=` is tolerated.
    ///
    /// - Parameter value: The value of a `Content-Type` header, such as `multipart/form-data; boundary=XYZ`.
    /// - Returns: The boundary, or `nil` when the media type is not `multipart/form-data`, the value cannot be parsed,
    ///   or the boundary is missing, given twice, or not 1 to 70 of the characters RFC 2046 allows.
    public static func boundary(fromContentType value: String) -> String? {
        guard let parsed = Self.parseParameterized(Array(value.utf8)),
            Self.asciiLowercased(parsed.value) == "multipart/form-data",
            let boundary = parsed.parameter("boundary"),
            (1...70).contains(boundary.count),
            boundary.allSatisfy(Self.isBoundaryByte),
            boundary.last != UInt8(ascii: " ")
        else {
            return nil
        }
        return String(decoding: boundary, as: UTF8.self)
    }

    /// Handles the header line in `self.line`, which ends in LF.
    ///
    /// - Returns: The part's head when the line is the blank line that ends the header block.
    mutating func completeHeaderLine() throws(MultipartError) -> MultipartPartHead? {
        let count = self.line.count
        guard count >= 2, self.line[count - 2] == Self.carriageReturn else {
            throw .malformed("a part header line ends in a bare LF")
        }
        if count == 2 {
            guard var head = self.pendingHead.disposition else {
                throw .malformed("a part has no Content-Disposition header")
            }
            head.contentType = self.pendingHead.contentType
            return head
        }
        self.headerLines += 1
        guard self.headerLines <= self.limits.maxHeaderLines else {
            throw .tooManyHeaderLines(limit: self.limits.maxHeaderLines)
        }
        try self.pendingHead.add(self.line[0..<(count - 2)])
        return nil
    }

    /// Parses a header value of the form `value *( ";" name "=" ( token / quoted-string ) )`.
    ///
    /// In a quoted string a backslash escapes a following `"` or `\`; before any other character it is kept, as
    /// some clients send Windows paths unescaped.
    ///
    /// - Returns: `nil` when the syntax is wrong or a parameter is given twice.
    static func parseParameterized(_ bytes: [UInt8]) -> ParameterizedValue? {
        let count = bytes.count
        var index = bytes.firstIndex(of: UInt8(ascii: ";")) ?? count
        var result = ParameterizedValue(value: Self.trimmed(bytes[0..<index]), parameters: [])
        func skipWhitespace() {
            while index < count && Self.isWhitespace(bytes[index]) {
                index += 1
            }
        }
        while index < count {
            index += 1  // The ";".
            skipWhitespace()
            if index == count || bytes[index] == UInt8(ascii: ";") {
                continue
            }
            let nameStart = index
            while index < count && Self.isTokenByte(bytes[index]) {
                index += 1
            }
            guard index > nameStart else {
                return nil
            }
            let name = Self.asciiLowercased(bytes[nameStart..<index])
            skipWhitespace()
            guard index < count && bytes[index] == UInt8(ascii: "=") else {
                return nil
            }
            index += 1
            skipWhitespace()
            var value: [UInt8] = []
            if index < count && bytes[index] == UInt8(ascii: "\"") {
                index += 1
                var closed = false
                while index < count {
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: "\"") {
                        closed = true
                        break
                    }
                    if byte == UInt8(ascii: "\\") && index < count
                        && (bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "\\"))
                    {
                        value.append(bytes[index])
                        index += 1
                    } else {
                        value.append(byte)
                    }
                }
                guard closed else {
                    return nil
                }
            } else {
                let valueStart = index
                while index < count && (Self.isTokenByte(bytes[index]) || bytes[index] >= 0x80) {
                    index += 1
                }
                guard index > valueStart else {
                    return nil
                }
                value = Array(bytes[valueStart..<index])
            }
            skipWhitespace()
            guard index == count || bytes[index] == UInt8(ascii: ";"),
                result.parameter(name) == nil
            else {
                return nil
            }
            result.parameters.append((name, value))
        }
        return result
    }

    /// Decodes an RFC 8187 `ext-value` such as `UTF-8''%E2%82%AC%20rates.txt`; only UTF-8 is supported.
    static func decodeExtendedValue(_ value: [UInt8]) -> String? {
        guard let firstQuote = value.firstIndex(of: UInt8(ascii: "'")),
            let secondQuote = value[(firstQuote + 1)...].firstIndex(of: UInt8(ascii: "'")),
            Self.asciiLowercased(value[0..<firstQuote]) == "utf-8"
        else {
            return nil
        }
        var decoded: [UInt8] = []
        var index = secondQuote + 1
        while index < value.count {
            if value[index] == UInt8(ascii: "%") {
                guard index + 2 < value.count,
                    let high = Self.hexDigitValue(value[index + 1]),
                    let low = Self.hexDigitValue(value[index + 2])
                else {
                    return nil
                }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(value[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Whether `byte` is an RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Whether `byte` is an RFC 2046 `bchars`.
    static func isBoundaryByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "'()+_,-./:=? ".utf8.contains(byte)
        }
    }

    static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"):
            byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"):
            byte - UInt8(ascii: "A") + 10
        default:
            nil
        }
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let first = bytes.first, Self.isWhitespace(first) {
            bytes.removeFirst()
        }
        while let last = bytes.last, Self.isWhitespace(last) {
            bytes.removeLast()
        }
        return bytes
    }

    static func asciiLowercased(_ bytes: some Collection<UInt8>) -> String {
        String(
            decoding: bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 },
            as: UTF8.self
        )
    }
}

extension MultipartParser.PendingHead {
    /// Records one header line (without its line end).
    mutating func add(_ line: ArraySlice<UInt8>) throws(MultipartError) {
        guard let first = line.first, !MultipartParser.isWhitespace(first) else {
            throw .malformed("a part header uses obsolete line folding")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw .malformed("a part header line has no colon")
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(MultipartParser.isTokenByte) else {
            throw .malformed("a part header has an invalid name")
        }
        let rawValue = MultipartParser.trimmed(line[(colon + 1)...])
        guard rawValue.allSatisfy({ $0 == UInt8(ascii: "\t") || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .malformed("a part header contains a control character")
        }
        guard let value = String(validating: rawValue, as: UTF8.self) else {
            throw .malformed("a part header is not valid UTF-8")
        }
        switch MultipartParser.asciiLowercased(name) {
        case "content-disposition":
            guard self.disposition == nil else {
                throw .malformed("a part has two Content-Disposition headers")
            }
            self.disposition = try Self.parseDisposition(rawValue)
        case "content-type":
            guard !self.sawContentType else {
                throw .malformed("a part has two Content-Type headers")
            }
            self.sawContentType = true
            self.contentType = value.isEmpty ? nil : value
        default:
            break
        }
    }

    /// Parses `form-data; name="field"; filename="a.txt"`, preferring `filename*` over `filename`.
    private static func parseDisposition(_ value: ArraySlice<UInt8>) throws(MultipartError) -> MultipartPartHead {
        guard let parsed = MultipartParser.parseParameterized(Array(value)) else {
            throw .malformed("a part's Content-Disposition header cannot be parsed")
        }
        guard MultipartParser.asciiLowercased(parsed.value) == "form-data" else {
            throw .malformed("a part's Content-Disposition is not form-data")
        }
        guard let nameBytes = parsed.parameter("name"), let name = String(validating: nameBytes, as: UTF8.self) else {
            throw .malformed("a part has no name")
        }
        var filename: String?
        if let extended = parsed.parameter("filename*") {
            guard let decoded = MultipartParser.decodeExtendedValue(extended) else {
                throw .malformed("a part's filename* parameter is not valid UTF-8 percent-encoded text")
            }
            filename = decoded
        } else if let plain = parsed.parameter("filename") {
            guard let decoded = String(validating: plain, as: UTF8.self) else {
                throw .malformed("a part's filename is not valid UTF-8")
            }
            filename = decoded
        }
        return MultipartPartHead(name: name, filename: filename)
    }
}
