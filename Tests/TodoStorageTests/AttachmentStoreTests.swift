import Foundation
import Testing
import TodoApp

@testable import TodoStorage

/// Attachments in the in-memory and SQLite stores: the same answers from both.
@Suite final class AttachmentStoreTests {
    let folder = NSTemporaryDirectory() + "signalbox-attachments-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: self.folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: self.folder)
    }

    enum Kind: String, CaseIterable, Sendable { case memory, sqlite }

    func store(_ kind: Kind) throws -> any TodoStore {
        switch kind {
        case .memory: InMemoryTodoStore()
        case .sqlite: try SQLiteTodoStore(path: self.folder + "/data.sqlite", hasher: .forTests)
        }
    }

    @Test(arguments: Kind.allCases)
    func attachmentsRoundTripStayWithTheirOwnerAndGoWithTheirTodo(_ kind: Kind) async throws {
        let store = try self.store(kind)
        let ann = try await store.register(username: "ann", password: "password1")
        let ben = try await store.register(username: "ben", password: "password1")
        let todo = try await store.addTodo(title: "Report", for: ann)
        let other = try await store.addTodo(title: "Other", for: ann)
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let before = try await store.changeCount(of: ann)
        let pdf = try await store.attach(
            filename: "  report.pdf ",
            contentType: "Application/PDF",
            bytes: bytes,
            toTodo: todo.id,
            for: ann
        )
        #expect(try await store.changeCount(of: ann) > before)
        #expect(pdf.filename == "report.pdf" && pdf.contentType == "application/pdf" && pdf.size == 70_000)
        let odd = try await store.attach(
            filename: "x",
            contentType: "bad type\n",
            bytes: [0],
            toTodo: todo.id,
            for: ann
        )
        #expect(odd.contentType == "application/octet-stream")
        #expect(try await store.attachments(ofTodo: todo.id, of: ann) == [pdf, odd])
        #expect(try await store.attachments(ofTodo: other.id, of: ann).isEmpty)
        let read = try #require(try await store.attachment(id: pdf.id, of: ann))
        #expect(read.attachment == pdf && read.bytes == bytes)

        // Ben reaches none of it, and cannot attach to Ann's todo.
        #expect(try await store.attachment(id: pdf.id, of: ben) == nil)
        #expect(try await store.attachments(ofTodo: todo.id, of: ben).isEmpty)
        await #expect(throws: TodoStoreError.notFound) {
            try await store.attach(filename: "a", contentType: "text/plain", bytes: [1], toTodo: todo.id, for: ben)
        }
        // The rules: not empty, not too large.
        await #expect(throws: TodoStoreError.invalid("The file is empty.")) {
            try await store.attach(filename: "a", contentType: "text/plain", bytes: [], toTodo: todo.id, for: ann)
        }
        let large = [UInt8](repeating: 0, count: Validation.maxAttachmentBytes + 1)
        await #expect(throws: TodoStoreError.invalid("A file can have at most 5 MB.")) {
            try await store.attach(filename: "a", contentType: "text/plain", bytes: large, toTodo: todo.id, for: ann)
        }
        // Deleting the todo deletes its attachments.
        try await store.deleteTodo(id: todo.id, of: ann)
        #expect(try await store.attachment(id: pdf.id, of: ann) == nil)
    }
}
