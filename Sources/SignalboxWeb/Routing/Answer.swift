import Signalbox
import SignalboxHTTP

/// What a request's handling decided, as plain values: everything the presenter needs to write
/// the response once the session is released (templates render outside the session).
struct Answer: Sendable {
    enum Body: Sendable {
        /// A page: HTML through `layout`, or the JSON state.
        case page(PageDocument)
        /// `304 Not Modified`: the client's copy of the page is current.
        case notModified(PageValidator)
        /// `303 See Other` to a path of this site.
        case seeOther(String)
        /// An error page or JSON error; `homePath` is where the page's link leads.
        case error(WebError, homePath: String?)
        /// A developer page: its template's model, or the JSON for JSON clients.
        case developerPage(DeveloperPage)
        /// A JSON document.
        case json(String)
        /// A stylesheet the library ships.
        case stylesheet(String)
        /// A script the library ships.
        case script(String)
        /// `204 No Content`: done, nothing to show (a draft saved).
        case noContent
        /// A file a screen offers, sent as an attachment.
        case download(Download)
        /// A response presented already (a new visitor's first page: see `WebApp.newVisitor`).
        case presented(Response)
    }

    var body: Body
    /// `Set-Cookie` values to send.
    var cookies: [String] = []
    /// For a new visitor: whether what was shown is worth a session (a page, or a guard's
    /// redirect that remembered the path), rather than an error or a redirect the next request
    /// derives from its URL again.
    var keepsNewSession = false
    /// Whether the response asks the browser to drop the pages it keeps (`Clear-Site-Data:
    /// "cache"`): set when the session rotated while browsers keep pages (``PageCaching/revalidate``).
    var clearsSiteCache = false

    init(_ body: Body, keepsNewSession: Bool = false) {
        self.body = body
        self.keepsNewSession = keepsNewSession
    }
}

/// A developer page (`/_dev/tree`, `/_dev/routes`): template `template` shown as the content of
/// `layout`, or `json` for a JSON client.
struct DeveloperPage: Sendable {
    var template: String
    var title: String
    var model: ViewModel
    var json: String
    /// The session's CSRF token for the page's forms, if it has a session.
    var csrf: String?
}
