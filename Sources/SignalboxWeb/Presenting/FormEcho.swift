import Signalbox

/// The user's input and the rejection, for showing a form that failed validation again (422).
///
/// Secret fields (passwords, say: see ``WebApp/Configuration/secretFields``) and the CSRF field
/// are left out when the echo is made, so neither the HTML page nor the JSON answer can send
/// them back.
struct FormEcho: Sendable {
    /// First value per field, secrets left out.
    let values: [(name: String, value: String)]
    let rejection: FormRejection

    init(form: FormData, rejection: FormRejection, isSecret: (String) -> Bool) {
        var seen: Set<String> = []
        var values: [(name: String, value: String)] = []
        for field in form.fields
        where field.name != "_csrf" && !isSecret(field.name) && seen.insert(field.name).inserted {
            values.append((field.name, field.value))
        }
        self.values = values
        self.rejection = rejection
    }

    /// `form` (the echoed values), `error` and `fieldErrors`.
    var viewModel: [String: ViewModel] {
        [
            "form": .object(
                Dictionary(uniqueKeysWithValues: self.values.map { ($0.name, ViewModel.string($0.value)) })
            ),
            "error": .string(self.rejection.message),
            "fieldErrors": .object(self.rejection.fieldErrors.mapValues { .string($0) }),
        ]
    }
}
