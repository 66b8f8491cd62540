import Signalbox
import Testing

@testable import SignalboxWeb

/// A form whose secret is a password control under a name no rule of names would catch.
private struct UnlockForm: FormValidatable {
    var label: String
    var pin: String

    static func rules(_ rules: inout FormRules<Self>) {
        rules.field(\.pin, control: .password)
    }
}

/// Issue 34's echo finding: a rejected form sends back what the user typed, never a secret.
@Suite struct FormEchoTests {
    let isSecret = WebApp.Configuration().isSecretField

    @Test(
        arguments: [
            ("title", true), ("username", true), ("password", false), ("newPassword", false),
            ("passwordConfirmation", false), ("PASSWORD", false), ("apiToken", false), ("clientSecret", false),
            ("_csrf", false),
        ]
    )
    func anUntypedFormEchoesEveryFieldButSecretNames(_ name: String, _ echoed: Bool) {
        let echo = FormEcho(
            form: FormData([(name, "typed")]),
            rejection: FormRejection(message: "No."),
            isSecret: self.isSecret
        )
        #expect(echo.values(of: name) == (echoed ? ["typed"] : []), "\(name)")
    }

    @Test func aTypedFormNeverEchoesAPasswordControlWhateverItsName() {
        var echo = FormEcho(
            form: FormData([("label", "front door"), ("pin", "0451")]),
            rejection: FormRejection(message: "No."),
            isSecret: self.isSecret
        )
        echo.removeSecrets(of: FormSchema(of: UnlockForm.self))
        #expect(echo.values(of: "label") == ["front door"])
        #expect(echo.values(of: "pin").isEmpty)
        #expect(echo.viewModel["form"]?["pin"] == nil)
    }
}
