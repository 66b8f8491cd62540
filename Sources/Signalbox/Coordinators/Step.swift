/// Something that happened on a screen, sent up the tree until a coordinator handles it
/// (Swordinator's steps). Use an enum per flow:
///
/// ```swift
/// enum LoginStep: Step { case loggedIn(User), forgotPassword }
///
/// // in a screen's submit(_:context:)
/// try await context.send(LoginStep.loggedIn(user))
///
/// // in a coordinator
/// func handle(_ step: any Step) async throws -> Bool {
///     guard case LoginStep.loggedIn(let user)? = step as? LoginStep else { return false }
///     try await root(\.authenticated, user)
///     return true
/// }
/// ```
public protocol Step {}

/// A deep link delivered to the active branch (Swordinator's `DeeplinkStep`).
public protocol DeepLink {}

/// A coordinator that handles deep links. The default forwards the link to the active child;
/// override ``handle(deepLink:)`` to act on it and return `true`.
public protocol Deeplinkable: Coordinatable {
    func handle(deepLink: any DeepLink) async throws -> Bool
}

extension Deeplinkable {
    public func handle(deepLink: any DeepLink) async throws -> Bool {
        guard let child = self.node.activeChild else { return false }
        return try await child.deliver(deepLink)
    }
}

extension CoordinatorNode {
    /// Offers a deep link to this node's coordinator, or to its active descendants when it is
    /// not ``Deeplinkable``.
    func deliver(_ link: any DeepLink) async throws -> Bool {
        if let linkable = self.owner as? any Deeplinkable {
            return try await linkable.handle(deepLink: link)
        }
        guard let child = self.activeChild else { return false }
        return try await child.deliver(link)
    }
}
