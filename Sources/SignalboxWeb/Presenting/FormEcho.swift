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
    var viewModel: ViewModel.Fields {
        var form = ViewModel.Fields()
        for (name, value) in self.values { form[name] = .string(value) }
        return [
            "form": .object(form),
            "error": .string(self.rejection.message),
            "fieldErrors": .object(self.rejection.fieldErrors.mapValues { .string($0) }),
        ]
    }
}
