import Signalbox

/// Once-only submissions: every page gives its forms a one-time id (the `_submission` field of
/// `partials/csrf`), and a session remembers the submissions it applied
/// (``NavigationTree/answeredSubmissions``, kept with the session's snapshot, so on every
/// instance and across restarts). A POST repeating one — a double click, Back and resubmit, a
/// retry after a timeout — is answered with the first answer's `Location` and its handler does
/// not run again. API clients send the same with an `Idempotency-Key` header.
///
/// A submission is its id, the path it was posted to, its fields and its files' names and
/// sizes: the same id with other fields (a second form of the same page) is a new submission.
/// Only applied submissions are remembered: one refused (422) or failed changed nothing and
/// runs again.
///
/// One window remains: a data write the handler committed whose session then failed to save
/// (answered `503 pageNotSaved`) is not remembered, so a retry applies it again.
enum Submissions {
    /// The form field that carries the id.
    static let field = "_submission"
    /// Longer ids are not ids a page gave out (an `Idempotency-Key` may be up to this long).
    static let maxIDBytes = 255

    /// The key a submission is remembered by; `nil` without a usable id.
    static func key(id: String?, path: String, fields: FormData) -> String? {
        guard var id, !id.isEmpty, id.utf8.count <= Self.maxIDBytes else { return nil }
        // An Idempotency-Key is a structured-field string: "…".
        if id.utf8.count >= 2, id.hasPrefix("\""), id.hasSuffix("\"") { id = String(id.dropFirst().dropLast()) }
        var hasher = StableHasher()
        hasher.combine(id)
        hasher.combine(path)
        hasher.combine(UInt64(fields.fields.count))
        for (name, value) in fields.fields {
            hasher.combine(name)
            hasher.combine(value)
        }
        hasher.combine(UInt64(fields.files.count))
        for (name, file) in fields.files {
            hasher.combine(name)
            hasher.combine(file.filename)
            hasher.combine(UInt64(file.size))
        }
        return hasher.finalize()
    }
}
