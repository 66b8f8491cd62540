// libFuzzer target for the web layer's request-header parsing: arbitrary bytes as a `Cookie`
// header (session id candidates under the default cookie name and under a name taken from the
// input) and as an `Accept` header (JSON negotiation).
// Invariants checked (a violation traps, which libFuzzer reports as a crash):
//   - every candidate is a well-formed session id (32 lowercase hex digits) sent in the header,
//     and no id is returned twice;
//   - writing the candidates back as a header reads back the same candidates;
//   - a `Set-Cookie` value for a candidate reads back as that candidate;
//   - `SessionID(rawValue:)` accepts exactly 32 lowercase hex digits.
@testable import SignalboxHTTP
@testable import SignalboxWeb

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let header = String(decoding: bytes, as: UTF8.self)

    // The name: the default, or the text before the first newline when there is one.
    var names = ["signalbox_session"]
    if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
        names.append(String(decoding: bytes[..<newline], as: UTF8.self))
    }
    for name in names {
        let ids = SessionCookie.candidates(in: header, name: name)
        precondition(Set(ids).count == ids.count, "no id is returned twice")
        for id in ids {
            precondition(RandomToken.isHex(id.rawValue[...], count: 32), "candidates are well-formed ids")
            precondition(header.contains(id.rawValue), "candidates come from the header")
            precondition(SessionID(rawValue: id.rawValue) == id, "ids re-validate")
        }
        if !ids.isEmpty, !name.isEmpty, !name.contains(";"), !name.contains("="),
            name.trimmingSpacesForFuzz == name
        {
            let rewritten = ids.map { "\(name)=\($0.rawValue)" }.joined(separator: "; ")
            precondition(SessionCookie.candidates(in: rewritten, name: name) == ids, "candidates round-trip")
            let setCookie = SessionCookie.setCookie(name: name, id: ids[0], secure: size % 2 == 0)
            precondition(
                SessionCookie.candidates(in: setCookie, name: name) == [ids[0]], "Set-Cookie reads back")
        }
    }

    // Any text either is an id or is not; only the exact shape is.
    let asID = SessionID(rawValue: header)
    let shape = header.utf8.count == 32 && header.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    precondition((asID != nil) == shape, "SessionID accepts exactly 32 lowercase hex digits")

    // Accept negotiation never traps, whatever the quality values.
    _ = ContentNegotiation.prefersJSON(header)
    return 0
}

extension String {
    var trimmingSpacesForFuzz: String { String(Substring(self).trimmingSpaces) }
}
