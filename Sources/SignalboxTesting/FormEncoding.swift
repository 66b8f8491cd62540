/// `application/x-www-form-urlencoded` as browsers write it: unreserved bytes as they are, a
/// space as `+`, every other byte as `%XX`.
public enum FormEncoding {
    /// `name=value&…` for `fields` in order.
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
    }

    /// One name or value.
    public static func encode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "*"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                out += "+"
            default:
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
}
