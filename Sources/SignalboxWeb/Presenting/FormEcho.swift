import Signalbox

/// The user's input and the rejection, for showing a form that failed validation again (422);
/// or, without a rejection, a draft the user typed before (200: see ``Signalbox/Draft``).
///
/// Secret fields (passwords, say: see ``WebApp/Configuration/secretFields``, and every field a
/// form type shows as a password) and the CSRF field are left out, so neither the HTML page nor
/// the JSON answer can send them back.
struct FormEcho: Sendable {
    /// Every value per field, in the order sent, secrets left out.
    private(set) var values: [(name: String, values: [String])]
    /// `nil` for a draft.
    let rejection: FormRejection?

    init(form: FormData, rejection: FormRejection, isSecret: (String) -> Bool) {
        self.init(form.fields.lazy.map { ($0.name, $0.value) }, rejection: rejection, isSecret: isSecret)
    }

    /// A draft's values, shown as the form's input (no error, status 200).
    init(draft: Draft, isSecret: (String) -> Bool) {
        self.init(draft.fields.lazy.map { ($0.name, $0.value) }, rejection: nil, isSecret: isSecret)
    }

    private init(
        _ fields: some Sequence<(String, String)>,
        rejection: FormRejection?,
        isSecret: (String) -> Bool
    ) {
        var index: [String: Int] = [:]
        var values: [(name: String, values: [String])] = []
        for (name, value) in fields where name != "_csrf" && !isSecret(name) {
            if let at = index[name] {
                values[at].values.append(value)
            } else {
                index[name] = values.count
                values.append((name, [value]))
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

    /// `form` (the first value of each echoed field), and `error` and `fieldErrors` after a
    /// rejection or `draft` (true) for a draft.
    var viewModel: ViewModel.Fields {
        var form = ViewModel.Fields()
        for (name, values) in self.values { form[name] = .string(values.first ?? "") }
        guard let rejection = self.rejection else { return ["form": .object(form), "draft": .bool(true)] }
        return [
            "form": .object(form),
            "error": .string(rejection.message),
            "fieldErrors": .object(rejection.fieldErrors.mapValues { .string($0) }),
        ]
    }
}
