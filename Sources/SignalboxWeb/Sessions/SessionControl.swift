import Signalbox

/// Session controls a screen's form handler can use, reached through its context:
///
/// ```swift
/// func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
///     guard let user = try await users.authenticate(form["name"], form["password"]) else {
///         return .invalid("Wrong name or password", fields: ["password": "Try again"])
///     }
///     try await context.send(LoginStep.loggedIn(user))
///     context.service(SessionControl.self)?.rotateID()   // no session fixation
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

    init() {}

    /// Asks for a new session id (and CSRF token) once this request is handled. Call it when the
    /// session's privilege changes: at login and logout.
    public func rotateID() {
        self.isRotationRequested = true
    }

    /// What a form handler's ``ScreenContext`` offers: this control.
    var services: ScreenServices {
        var services = ScreenServices()
        services.register(self)
        return services
    }
}
