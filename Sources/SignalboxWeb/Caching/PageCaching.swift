import HTTPTypes

/// How browsers may keep a ``WebApp``'s pages: the `Cache-Control` every answer carries.
///
/// Either way, a page carries a validator (`ETag`) when every screen on it gives a
/// ``/Signalbox/Screen/dataVersion``, and a request that names it in `If-None-Match` is answered
/// `304 Not Modified` without rendering. What differs is whether browsers keep pages to ask that.
public enum PageCaching: Sendable, Hashable {
    /// `Cache-Control: no-store, private` (the default). Browsers keep no copy, so they never
    /// revalidate (API clients and tests still can). Chromium's back/forward cache drops such a
    /// page once the session cookie changed, as it does at logout: Back after a logout never
    /// shows a signed-in page.
    case noStore
    /// `Cache-Control: no-cache, private`: browsers keep pages and revalidate each before use
    /// (a reload or a revisit answers `304` without rendering when nothing changed). The answer
    /// that rotates a session (login, logout) carries `Clear-Site-Data: "cache"`, which browsers
    /// honour over HTTPS. But Chromium's back/forward cache restores a `no-cache` page without
    /// asking the server, so after a logout Back can still show a signed-in page from memory:
    /// choose this for pages that are not private to a user.
    case revalidate

    /// The `Cache-Control` value.
    var cacheControl: String {
        switch self {
        case .noStore: "no-store, private"
        case .revalidate: "no-cache, private"
        }
    }

    /// The `Cache-Control` field, made once per policy.
    var cacheControlField: HTTPField {
        switch self {
        case .noStore: Self.noStoreField
        case .revalidate: Self.revalidateField
        }
    }

    private static let noStoreField = HTTPField(name: .cacheControl, value: PageCaching.noStore.cacheControl)
    private static let revalidateField = HTTPField(name: .cacheControl, value: PageCaching.revalidate.cacheControl)
}
