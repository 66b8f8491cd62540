import Signalbox

/// A compiled Mustache name: `.`, `a`, `a.b.c`, or `.a` (anchored to the current context).
///
/// Split once at compile time, as swift-mustache splits it on every lookup: empty parts are
/// dropped, and a name with no parts left (`.`, `..`, `{{}}`) means the current context.
struct LookupKey: Sendable {
    /// The name looked up in the context stack (or only the top, when anchored).
    let first: String
    /// The names descended into from what `first` found.
    let rest: [String]
    /// Whether the key is the current context itself.
    let isCurrent: Bool
    /// Whether the first name is looked up in the current context only (`.a`).
    let isAnchored: Bool
    /// `first`'s fingerprint (`ViewModel.Fields.fingerprint(of:)`), computed once.
    let firstFingerprint: UInt64
    /// `rest`'s fingerprints.
    let restFingerprints: [UInt64]

    init(_ name: String) {
        let parts = name.split(separator: ".").map(String.init)
        self.first = parts.first ?? ""
        self.rest = Array(parts.dropFirst())
        self.firstFingerprint = ViewModel.Fields.fingerprint(of: self.first)
        self.restFingerprints = self.rest.map(ViewModel.Fields.fingerprint(of:))
        self.isCurrent = parts.isEmpty
        self.isAnchored = name.first == "."
    }
}
