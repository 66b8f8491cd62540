import GRDB
import TodoApp

// The data file's tables, their migrations, and how their rows decode.
extension SQLiteTodoStore {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("todo-demo v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE user (
                        username TEXT PRIMARY KEY NOT NULL,
                        password_hash TEXT NOT NULL,
                        hides_completed_todos INTEGER NOT NULL DEFAULT 0
                    ) STRICT;
                    CREATE TABLE project (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        username TEXT NOT NULL REFERENCES user(username) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        favorite INTEGER NOT NULL DEFAULT 0
                    ) STRICT;
                    CREATE INDEX project_user ON project (username, id);
                    CREATE TABLE todo (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        username TEXT NOT NULL REFERENCES user(username) ON DELETE CASCADE,
                        title TEXT NOT NULL,
                        done INTEGER NOT NULL DEFAULT 0,
                        favorite INTEGER NOT NULL DEFAULT 0,
                        project_id INTEGER REFERENCES project(id) ON DELETE SET NULL
                    ) STRICT;
                    CREATE INDEX todo_user ON todo (username, id);
                    """
            )
        }
        migrator.registerMigration("todo-demo v2: change counts") { db in
            // Every write to a user's data bumps the user's change count, in the same
            // transaction (triggers, so no write path can forget it): the version of the
            // user's pages for conditional GET.
            var sql = "ALTER TABLE user ADD COLUMN change_count INTEGER NOT NULL DEFAULT 0;\n"
            for table in ["todo", "project"] {
                for (event, row) in [("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")] {
                    sql += """
                        CREATE TRIGGER \(table)_\(event.lowercased())_bumps_change_count
                        AFTER \(event) ON \(table) BEGIN
                            UPDATE user SET change_count = change_count + 1 WHERE username = \(row).username;
                        END;

                        """
                }
            }
            sql += """
                CREATE TRIGGER user_settings_bump_change_count
                AFTER UPDATE OF hides_completed_todos ON user BEGIN
                    UPDATE user SET change_count = change_count + 1 WHERE username = NEW.username;
                END;
                """
            try db.execute(sql: sql)
        }
        migrator.registerMigration("todo-demo v3: attachments") { db in
            try db.execute(
                sql: """
                    CREATE TABLE attachment (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        todo_id INTEGER NOT NULL REFERENCES todo(id) ON DELETE CASCADE,
                        username TEXT NOT NULL REFERENCES user(username) ON DELETE CASCADE,
                        filename TEXT NOT NULL,
                        content_type TEXT NOT NULL,
                        size INTEGER NOT NULL,
                        bytes BLOB NOT NULL
                    ) STRICT;
                    CREATE INDEX attachment_todo ON attachment (todo_id, id);
                    CREATE TRIGGER attachment_insert_bumps_change_count
                    AFTER INSERT ON attachment BEGIN
                        UPDATE user SET change_count = change_count + 1 WHERE username = NEW.username;
                    END;
                    """
            )
        }
        migrator.registerMigration("todo-demo v4: notes") { db in
            try db.execute(sql: "ALTER TABLE todo ADD COLUMN note TEXT NOT NULL DEFAULT ''")
        }
        return migrator
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return "\(error.message ?? "SQLite error") (SQLite code \(error.extendedResultCode.rawValue))"
        }
        return String(describing: error)
    }

    // Throwing decoders: a value of the wrong type (a damaged file) fails the read instead of
    // trapping like `row[i]`.
    static func project(_ row: Row) throws -> Project {
        Project(
            id: try row.decode(atIndex: 0),
            name: try row.decode(atIndex: 1),
            isFavorite: try row.decode(atIndex: 2)
        )
    }

    static func attachment(_ row: Row) throws -> Attachment {
        Attachment(
            id: try row.decode(atIndex: 0),
            todoID: try row.decode(atIndex: 1),
            filename: try row.decode(atIndex: 2),
            contentType: try row.decode(atIndex: 3),
            size: try row.decode(atIndex: 4)
        )
    }

    static func todo(_ row: Row) throws -> Todo {
        Todo(
            id: try row.decode(atIndex: 0),
            title: try row.decode(atIndex: 1),
            isDone: try row.decode(atIndex: 2),
            isFavorite: try row.decode(atIndex: 3),
            projectID: try row.decode(atIndex: 4),
            note: try row.decode(atIndex: 5)
        )
    }
}
