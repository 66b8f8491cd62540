/// Something that happened on a screen, sent up the tree until a coordinator handles it
/// (Swordinator's steps). Use an enum per flow:
///
/// ```swift
/// enum LoginStep: Step { case loggedIn(User), forgotPassword }
///
/// // in a screen's submit(_:context:)
/// try context.send(LoginStep.loggedIn(user))
///
/// // in a coordinator
/// func handle(_ step: any Step) throws -> Bool {
///     guard case LoginStep.loggedIn(let user)? = step as? LoginStep else { return false }
///     try root(\.authenticated, user)
///     return true
/// }
/// ```
public protocol Step {}

/// A deep link delivered to the active branch (Swordinator's `DeeplinkStep`).
public protocol DeepLink {}

/// A coordinator that handles deep links. The default forwards the link to the active child;
/// override ``handle(deepLink:)`` to act on it and return `true`.
public protocol Deeplinkable: Coordinatable {
    func handle(deepLink: any DeepLink) throws -> Bool
}

extension Deeplinkable {
    public func handle(deepLink: any DeepLink) throws -> Bool {
        guard let child = self.node.activeChild?.owner else { return false }
        return try CoordinatorNode.deliver(deepLink, to: child)
    }
}

extension CoordinatorNode {
    /// Offers a deep link to `coordinator`, or to its active descendants when it is not
    /// ``Deeplinkable``.
    static func deliver(_ link: any DeepLink, to coordinator: any Coordinatable) throws -> Bool {
        if let linkable = coordinator as? any Deeplinkable {
            return try linkable.handle(deepLink: link)
        }
        guard let child = coordinator.node.activeChild?.owner else { return false }
        return try Self.deliver(link, to: child)
    }
}
