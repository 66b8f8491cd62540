/// What the user typed into a screen's form and has not sent yet, kept with the session's tree
/// so that it survives leaving the screen, a refresh, a restart and another instance.
///
/// A page's optional script saves a draft as the user types (see the web layer's drafts); the
/// screen's form shows it again whenever the screen is shown, until the form it was typed into
/// is sent and accepted, the draft is discarded, or the session ends. A tree keeps ``NavigationTree/draftLimit``
/// drafts at most (the least recently saved goes first).
///
/// ```swift
/// tree.saveDraft([Draft.Field(name: "title", value: "Buy oat")], at: "/authenticated/todos/createTodo")
/// tree.draft(at: "/authenticated/todos/createTodo")?.fields.first?.value  // "Buy oat"
/// ```
public struct Draft: Codable, Equatable, Sendable {
    /// One form field: a name may repeat (checkboxes).
    public struct Field: Codable, Equatable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The path of the screen whose form it is, e.g. `/authenticated/todos/createTodo`.
    public var path: String
    /// The fields in the order the form has them.
    public var fields: [Field]

    public init(path: String, fields: [Field]) {
        self.path = path
        self.fields = fields
    }
}

extension NavigationTree {
    /// How many drafts a tree keeps at most (the least recently saved goes first).
    public static let draftLimit = 8

    /// The draft of the screen at `path`, if there is one.
    public func draft(at path: String) -> Draft? {
        self.drafts.last { $0.path == path }
    }

    /// Keeps `fields` as the draft of the screen at `path`, replacing its earlier one; no
    /// fields discard it.
    public func saveDraft(_ fields: [Draft.Field], at path: String) {
        guard !fields.isEmpty else { return self.discardDraft(at: path) }
        let draft = Draft(path: path, fields: fields)
        if self.drafts.last == draft { return }
        var drafts = self.drafts
        drafts.removeAll { $0.path == path }
        drafts.append(draft)
        if drafts.count > Self.draftLimit { drafts.removeFirst(drafts.count - Self.draftLimit) }
        self.drafts = drafts
    }

    /// Forgets the draft of the screen at `path` (after its form was accepted, say).
    public func discardDraft(at path: String) {
        guard self.drafts.contains(where: { $0.path == path }) else { return }
        self.drafts.removeAll { $0.path == path }
    }
}
