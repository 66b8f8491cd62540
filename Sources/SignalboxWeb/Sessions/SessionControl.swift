import Signalbox

/// Session controls a screen's form handler can use, reached through its context:
///
/// ```swift
/// func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
///     guard let user = try await users.authenticate(form["name"], form["password"]) else {
///         return .invalid("Wrong name or password", fields: ["password": "Try again"])
///     }
///     try await context.send(LoginStep.loggedIn(user))
///     let session = context.service(SessionControl.self)
///     session?.rotateID()     // no session fixation
///     session?.establish()    // kept over sessions nobody signed in to when the store is full
///     return .accepted
/// }
/// ```
///
/// The web layer hands one to every form submission
/// and applies the requests after the handler returns: the session gets a new id and a new CSRF
/// token, the old id stops working and the response sets the new cookie.
public final class SessionControl {
    /// Whether ``rotateID()`` was called.
    public private(set) var isRotationRequested = false
    /// Whether ``establish()`` was called.
    public private(set) var isEstablishRequested = false
    /// The client's address — the peer's, or the one a trusted proxy forwarded
    /// (``WebApp/Configuration/trustedProxies``) — for per-client limits such as a login
    /// throttle; `nil` when the server did not say.
    public let clientAddress: String?

    init(clientAddress: String?) {
        self.clientAddress = clientAddress
    }

    /// Asks for a new session id (and CSRF token) once this request is handled. Call it when the
    /// session's privilege changes: at login and logout.
    public func rotateID() {
        self.isRotationRequested = true
    }

    /// Marks the session *established*: worth keeping. When the session store is full it
    /// evicts sessions nobody established first (least recently used first), so a flood of new
    /// visitors — even ones that come back — never logs out a signed-in user. Call it at login.
    ///
    /// An app without accounts can call it where a session starts to hold something worth
    /// keeping (a filled cart, say); an app that never calls it evicts by recency alone.
    public func establish() {
        self.isEstablishRequested = true
    }

    /// What a form handler's ``ScreenContext`` offers: this control.
    var services: ScreenServices {
        var services = ScreenServices()
        services.register(self)
        return services
    }
}
