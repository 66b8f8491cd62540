extension InMemoryTodoStore {
    struct Account: Sendable {
        var user: User
        var password: String
        var todos: [Todo] = []
        var projects: [Project] = []
        var settings = UserSettings()
        var attachments: [Attachment] = []
        var attachmentBytes: [Int: [UInt8]] = [:]
        /// Bumped by every change to the account's data.
        var changeCount = 0
    }

    /// Everything the store holds, with the rules for changing it (the store's `Mutex` only guards it).
    struct State: Sendable {
        var accounts: [String: Account] = [:]
        var nextTodoID = 1
        var nextProjectID = 1
        var nextAttachmentID = 1

        mutating func register(username: String, password: String) throws(TodoStoreError) -> User {
            let name = try Validation.registration(username: username, password: password)
            guard self.accounts[name] == nil else { throw .usernameTaken }
            let user = User(username: name)
            self.accounts[name] = Account(user: user, password: password)
            return user
        }

        mutating func addTodo(title: String, for user: User) throws(TodoStoreError) -> Todo {
            let title = try Validation.storableTitle(title, noun: "title")
            return try self.withAccount(of: user) { state, account throws(TodoStoreError) in
                guard account.todos.count < Validation.maxTodosPerUser else { throw .tooManyTodos }
                let todo = Todo(id: state.nextTodoID, title: title)
                state.nextTodoID += 1
                account.todos.append(todo)
                return todo
            }
        }

        mutating func updateTodo(_ todo: Todo, for user: User) throws(TodoStoreError) {
            var todo = todo
            todo.title = try Validation.storableTitle(todo.title, noun: "title")
            todo.note = try Validation.storableNote(todo.note)
            let updated = todo
            try self.withAccount(of: user) { _, account throws(TodoStoreError) in
                guard let index = account.todos.firstIndex(where: { $0.id == updated.id }) else { throw .notFound }
                if let project = updated.projectID, !account.projects.contains(where: { $0.id == project }) {
                    throw .notFound
                }
                account.todos[index] = updated
            }
        }

        mutating func deleteTodo(id: Int, of user: User) throws(TodoStoreError) {
            try self.withAccount(of: user) { _, account throws(TodoStoreError) in
                guard let index = account.todos.firstIndex(where: { $0.id == id }) else { throw .notFound }
                account.todos.remove(at: index)
                for attachment in account.attachments where attachment.todoID == id {
                    account.attachmentBytes[attachment.id] = nil
                }
                account.attachments.removeAll { $0.todoID == id }
            }
        }

        mutating func attach(
            filename: String,
            contentType: String,
            bytes: [UInt8],
            toTodo todoID: Int,
            for user: User
        ) throws(TodoStoreError) -> Attachment {
            let (name, type) = try Validation.storableAttachment(
                filename: filename,
                contentType: contentType,
                size: bytes.count
            )
            return try self.withAccount(of: user) { state, account throws(TodoStoreError) in
                guard account.todos.contains(where: { $0.id == todoID }) else { throw .notFound }
                let attachment = Attachment(
                    id: state.nextAttachmentID,
                    todoID: todoID,
                    filename: name,
                    contentType: type,
                    size: bytes.count
                )
                state.nextAttachmentID += 1
                account.attachments.append(attachment)
                account.attachmentBytes[attachment.id] = bytes
                return attachment
            }
        }

        mutating func addProject(name: String, for user: User) throws(TodoStoreError) -> Project {
            let name = try Validation.storableTitle(name, noun: "name")
            return try self.withAccount(of: user) { state, account throws(TodoStoreError) in
                guard account.projects.count < Validation.maxProjectsPerUser else { throw .tooManyProjects }
                let project = Project(id: state.nextProjectID, name: name)
                state.nextProjectID += 1
                account.projects.append(project)
                return project
            }
        }

        mutating func updateProject(_ project: Project, for user: User) throws(TodoStoreError) {
            var project = project
            project.name = try Validation.storableTitle(project.name, noun: "name")
            let updated = project
            try self.withAccount(of: user) { _, account throws(TodoStoreError) in
                guard let index = account.projects.firstIndex(where: { $0.id == updated.id }) else { throw .notFound }
                account.projects[index] = updated
            }
        }

        mutating func updateSettings(_ settings: UserSettings, for user: User) throws(TodoStoreError) {
            try self.withAccount(of: user) { _, account in account.settings = settings }
        }

        // MARK: Helpers

        /// Runs `body` on the user's account; the account is saved only when it succeeds.
        private mutating func withAccount<Value>(
            of user: User,
            _ body: (inout State, inout Account) throws(TodoStoreError) -> Value
        ) throws(TodoStoreError) -> Value {
            guard var account = self.accounts[user.username] else { throw .unknownUser }
            let value = try body(&self, &account)
            account.changeCount += 1
            self.accounts[user.username] = account
            return value
        }
    }
}
