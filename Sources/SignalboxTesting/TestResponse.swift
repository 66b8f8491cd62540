import Foundation
public import HTTPTypes
public import SignalboxHTTP

/// An answer, decoded for assertions.
public struct TestResponse: Sendable {
    /// The response as the responder (or the server) sent it.
    public let response: Response
    /// The body as UTF-8 text.
    public let body: String

    public init(_ response: Response) {
        self.response = response
        self.body = String(decoding: response.body, as: UTF8.self)
    }

    public var status: HTTPResponse.Status { self.response.status }
    public var headerFields: HTTPFields { self.response.headerFields }
    public var location: String? { self.response.headerFields[.location] }
    public var contentType: String? { self.response.headerFields[.contentType] }
    /// Every `Set-Cookie` value, in order.
    public var setCookies: [String] { self.response.headerFields[values: .setCookie] }

    /// The first field named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { self.response.headerFields[$0] }
    }

    /// The navigation state of a JSON answer, typed (see ``NavigationState``).
    ///
    /// - Throws: `DecodingError` when the body is not a navigation state (an error answer, HTML).
    public var state: NavigationState {
        get throws { try JSONDecoder().decode(NavigationState.self, from: Data(self.response.body)) }
    }

    /// The body as a JSON object (empty when it is not one).
    public var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(self.response.body))) as? [String: Any] ?? [:]
    }

    /// The CSRF token of a page (`name="_csrf" value="…"`) or of a JSON state (`"csrf"`).
    public var csrfToken: String? {
        if self.contentType == "application/json" { return self.json["csrf"] as? String }
        return self.hiddenValue(named: "_csrf")
    }

    /// The one-time submission id a page gives its forms (`name="_submission" value="…"`): post
    /// it as `_submission` to send a form as a browser would, so that a repeat is not applied
    /// twice.
    public var submissionID: String? {
        self.hiddenValue(named: "_submission")
    }

    private func hiddenValue(named name: String) -> String? {
        guard let marker = self.body.firstRange(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = self.body[marker.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
