import Foundation
import GRDB
public import TodoApp

// Files attached to todos: their metadata cached per user with the rest of a page's data, their
// bytes read only for a download.
extension SQLiteTodoStore {
    public func attachments(ofTodo todoID: Int, of user: User) async throws(TodoStoreError) -> [Attachment] {
        try self.cache.value(
            of: user.username,
            get: { $0.attachments[todoID] },
            set: { $0.attachments[todoID] = $1 }
        ) { () throws(TodoStoreError) in
            try self.readAttachments(ofTodo: todoID, of: user)
        }
    }

    private func readAttachments(ofTodo todoID: Int, of user: User) throws(TodoStoreError) -> [Attachment] {
        try self.read { db in
            try Array(
                Row.fetchCursor(
                    db.cachedStatement(
                        sql: """
                            SELECT id, todo_id, filename, content_type, size FROM attachment
                            WHERE todo_id = ? AND username = ? ORDER BY id
                            """
                    ),
                    arguments: [todoID, user.username]
                ).map(Self.attachment)
            )
        }
    }

    public func attach(
        filename: String,
        contentType: String,
        bytes: [UInt8],
        toTodo todoID: Int,
        for user: User
    ) async throws(TodoStoreError) -> Attachment {
        let (name, type) = try Validation.storableAttachment(
            filename: filename,
            contentType: contentType,
            size: bytes.count
        )
        let data = Data(bytes)
        return try await self.write(for: user.username) { db throws(TodoStoreError) in
            guard try Self.exists(db, "SELECT 1 FROM todo WHERE id = ? AND username = ?", [todoID, user.username])
            else { throw .notFound }
            try Self.run(
                db,
                """
                INSERT INTO attachment (todo_id, username, filename, content_type, size, bytes)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [todoID, user.username, name, type, data.count, data]
            )
            return Attachment(
                id: Int(db.lastInsertedRowID),
                todoID: todoID,
                filename: name,
                contentType: type,
                size: data.count
            )
        }
    }

    public func attachment(
        id: Int,
        of user: User
    ) async throws(TodoStoreError) -> (attachment: Attachment, bytes: [UInt8])? {
        try self.read { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT id, todo_id, filename, content_type, size, bytes FROM attachment
                            WHERE id = ? AND username = ?
                            """
                    ),
                    arguments: [id, user.username]
                )
            else { return nil }
            let data: Data = try row.decode(atIndex: 5)
            return (try Self.attachment(row), [UInt8](data))
        }
    }
}
