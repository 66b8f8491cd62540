import Signalbox

/// A dialog over the login page asking for a username. It keeps whom it answered, so the
/// confirmation survives a reload.
final class ForgotPasswordScreen: Screen {
    private(set) var sentTo: String?

    var template: String { "auth/forgot-password" }
    var title: String { "Forgot password" }
    /// The screen keeps whether it sent a link, and to whom: that is its data.
    var dataVersion: String? { self.sentTo.map { "sent to \($0)" } ?? "" }
    var viewModel: ViewModel {
        guard let sentTo = self.sentTo else { return ["sent": false] }
        return ["sent": true, "sentTo": .string(sentTo)]
    }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        let username = (form["username"] ?? "").trimmingWhitespace()
        guard !username.isEmpty else {
            return .invalid("Enter the username of your account.", fields: ["username": "Required."])
        }
        guard username.count <= 64 else {
            return .invalid("Usernames are shorter than that.", fields: ["username": "Too long."])
        }
        // A real app would mail a reset link; the answer never tells whether the account exists.
        self.sentTo = username
        return .accepted
    }
}
