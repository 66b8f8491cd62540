import Signalbox

/// The user's input and the rejection, for showing a form that failed validation again (422).
///
/// Secret fields (passwords, say: see ``WebApp/Configuration/secretFields``, and every field a
/// form type shows as a password) and the CSRF field are left out, so neither the HTML page nor
/// the JSON answer can send them back.
struct FormEcho: Sendable {
    /// Every value per field, in the order sent, secrets left out.
    private(set) var values: [(name: String, values: [String])]
    let rejection: FormRejection

    init(form: FormData, rejection: FormRejection, isSecret: (String) -> Bool) {
        var index: [String: Int] = [:]
        var values: [(name: String, values: [String])] = []
        for field in form.fields where field.name != "_csrf" && !isSecret(field.name) {
            if let at = index[field.name] {
                values[at].values.append(field.value)
            } else {
                index[field.name] = values.count
                values.append((field.name, [field.value]))
            }
        }
        self.values = values
        self.rejection = rejection
    }

    /// Leaves out the fields `schema` shows as passwords.
    mutating func removeSecrets(of schema: FormSchema) {
        let secret = Set(schema.fields.lazy.filter { $0.control == .password }.map(\.name))
        guard !secret.isEmpty else { return }
        self.values.removeAll { secret.contains($0.name) }
    }

    /// Every value sent for `name`.
    func values(of name: String) -> [String] {
        self.values.first { $0.name == name }?.values ?? []
    }

    /// `form` (the first value of each echoed field), `error` and `fieldErrors`.
    var viewModel: ViewModel.Fields {
        var form = ViewModel.Fields()
        for (name, values) in self.values { form[name] = .string(values.first ?? "") }
        return [
            "form": .object(form),
            "error": .string(self.rejection.message),
            "fieldErrors": .object(self.rejection.fieldErrors.mapValues { .string($0) }),
        ]
    }
}
