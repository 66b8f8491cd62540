/// Reads `Accept`: the one rule the server's own errors and the web layer's answers share.
package enum ContentNegotiation {
    /// Whether the client prefers JSON: `application/json` has a higher quality than
    /// `text/html` (browsers always list `text/html`; `*/*` counts for neither).
    package static func prefersJSON(_ accept: String?) -> Bool {
        // Browsers' `Accept` never names JSON: answer them without parsing (every request asks).
        guard let accept, Self.mentionsJSON(accept) else { return false }
        var json = 0.0
        var html = 0.0
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";")
            guard let first = parts.first else { continue }
            let type = first.trimmingWhitespace().lowercased()
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let parameter = parameter.trimmingWhitespace()
                if parameter.lowercased().hasPrefix("q=") { quality = Double(parameter.dropFirst(2)) ?? 0 }
            }
            switch type {
            case "application/json": json = max(json, quality)
            case "text/html", "application/xhtml+xml": html = max(html, quality)
            default: break
            }
        }
        return json > 0 && json > html
    }

    /// Whether `json` appears in `text`, ignoring case.
    private static func mentionsJSON(_ text: String) -> Bool {
        // The last four bytes, lowercased (`| 0x20` maps only `J`, `S`, `O`, `N` onto these letters).
        var window: UInt32 = 0
        for byte in text.utf8 {
            window = window << 8 | UInt32(byte | 0x20)
            if window == 0x6A73_6F6E { return true }  // "json"
        }
        return false
    }
}
