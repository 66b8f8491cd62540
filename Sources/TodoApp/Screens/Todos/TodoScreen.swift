import Signalbox

/// One todo: toggle done or favourite, file it under a project (through the picker), write a
/// note (a form that keeps its draft), attach files and download them, or delete it. A todo that does not exist (deleted, or someone
/// else's) shows as missing.
struct TodoScreen: UserDataScreen {
    /// The attach form (`action=attach`, `multipart/form-data`).
    struct Attach: FormValidatable {
        var file: FormFile

        static func rules(_ rules: inout FormRules<Self>) {
            rules.field(\.file, .maxSize(Validation.maxAttachmentBytes))
        }
    }

    /// The todo's id (the route's input).
    let id: Int
    let account: Account

    var template: String { "todos/todo" }
    var title: String {
        get async throws { try await self.store.todo(id: self.id, of: self.user)?.title ?? "Todo #\(self.id)" }
    }
    /// What `todos/todo` shows of a todo that exists.
    struct Model: Encodable {
        let exists = true
        let todo: TodoRow
        /// The note as saved (the form shows a draft or rejected input instead, as `form.note`).
        let note: String
        let maxNoteLength = Validation.maxNoteLength
        let attachments: [AttachmentRow]
        let hasAttachments: Bool
        let maxAttachmentSize = FormFile.describeSize(Validation.maxAttachmentBytes)

        init(_ todo: TodoRow, note: String, attachments: [AttachmentRow]) {
            self.todo = todo
            self.note = note
            self.attachments = attachments
            self.hasAttachments = !attachments.isEmpty
        }

        /// The todo's own fields beside the page's (`{{title}}`, not `{{todo.title}}`).
        func encode(to encoder: any Encoder) throws {
            try self.todo.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(self.exists, forKey: .exists)
            try container.encode(self.note, forKey: .note)
            try container.encode(self.maxNoteLength, forKey: .maxNoteLength)
            try container.encode(self.attachments, forKey: .attachments)
            try container.encode(self.hasAttachments, forKey: .hasAttachments)
            try container.encode(self.maxAttachmentSize, forKey: .maxAttachmentSize)
        }

        enum CodingKeys: CodingKey { case exists, note, maxNoteLength, attachments, hasAttachments, maxAttachmentSize }
    }

    var viewModel: ViewModel {
        get async throws {
            guard let todo = try await self.store.todo(id: self.id, of: self.user) else {
                return ["exists": false, "id": .int(self.id)]
            }
            let projects = try ProjectIndex(try await self.store.projects(of: self.user))
            let attachments = try await self.store.attachments(ofTodo: self.id, of: self.user)
            return try ViewModel(
                encoding: Model(
                    TodoRow(todo, projects: projects),
                    note: todo.note,
                    attachments: attachments.map(AttachmentRow.init)
                )
            )
        }
    }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        guard var todo = try await self.store.todo(id: self.id, of: self.user) else {
            return .invalid(TodoStoreError.notFound.description)
        }
        switch form["action"] {
        case "toggleDone":
            todo.isDone.toggle()
        case "toggleFavorite":
            todo.isFavorite.toggle()
        case "clearProject":
            todo.projectID = nil
        case "saveNote":
            switch Validation.note(form["note"] ?? "") {
            case .success(let note): todo.note = note
            case .failure(let failure): return .invalid(failure.message, fields: ["note": failure.message])
            }
        case "attach":
            let attach = try form.decode(Attach.self)
            let file = attach.file
            do {
                _ = try Validation.storableAttachment(
                    filename: file.filename,
                    contentType: file.contentType,
                    size: file.size
                )
            } catch {
                return .invalid(error.description, fields: ["file": error.description])
            }
            _ = try await self.store.attach(
                filename: file.filename,
                contentType: file.contentType,
                bytes: try file.contents(),
                toTodo: self.id,
                for: self.user
            )
            return .accepted
        case "delete":
            try await self.store.deleteTodo(id: self.id, of: self.user)
            try await context.router(TodosCoordinator.self).pop()
            context.notify(.success, "Todo “\(todo.title)” deleted.")
            return .accepted
        default:
            return .invalid(
                "Unknown action.",
                fields: ["action": "Use toggleDone, toggleFavorite, clearProject, saveNote, attach or delete."]
            )
        }
        try await self.store.updateTodo(todo, for: self.user)
        if form["action"] == "toggleFavorite" {
            context.notify(.success, todo.isFavorite ? "Added to favourites." : "Removed from favourites.")
        }
        if form["action"] == "saveNote" { context.notify(.success, "Note saved.") }
        return .accepted
    }

    /// The attachment `name` (its id), when it is this todo's and the user's.
    func download(_ name: String, context: ScreenContext) async throws -> Download? {
        guard let id = Int(name), let (attachment, bytes) = try await self.store.attachment(id: id, of: self.user),
            attachment.todoID == self.id
        else { return nil }
        return Download(filename: attachment.filename, contentType: attachment.contentType, bytes: bytes)
    }
}
