/// Turns ``MultipartEvent``s into text fields and temporary files, within ``MultipartSpooler/Limits``.
struct SpoolSink: Sendable {
    /// The most file content held in memory before it is written.
    static let writeBufferCapacity = 64 * 1024

    private struct PendingField: Sendable {
        let name: String
        var value: [UInt8]
    }

    private struct PendingFile: Sendable {
        let name: String
        let filename: String
        let contentType: String
        /// The temporary file's path, once made; a file input without a file name makes none until content comes.
        var path: String?
        var size = 0
    }

    let directory: String
    let limits: MultipartSpooler.Limits
    private(set) var fields: [MultipartForm.Field] = []
    private(set) var files: [MultipartForm.File] = []
    /// Every temporary file made so far, including the current one.
    private var createdPaths: [String] = []
    private var field: PendingField?
    private var file: PendingFile?
    /// The current file's descriptor while it is open.
    private var descriptor: Int32?
    /// File content not written yet.
    private var buffer: [UInt8] = []

    init(directory: String, limits: MultipartSpooler.Limits) {
        self.directory = directory
        self.limits = limits
    }

    /// How many bytes of file content are held in memory.
    var bufferedByteCount: Int {
        self.buffer.count
    }

    /// The form made from the fields and files so far.
    var form: MultipartForm {
        MultipartForm(fields: self.fields, files: self.files)
    }

    mutating func handle(_ event: MultipartEvent) throws(MultipartSpoolError) {
        switch event {
        case .partHead(let head):
            try self.begin(head)
        case .partBody(let bytes):
            try self.receive(bytes)
        case .partEnd:
            try self.end()
        case .end:
            break
        }
    }

    /// Closes and removes every temporary file made so far and forgets everything.
    mutating func removeAll() {
        if let descriptor = self.descriptor {
            SpoolFileSystem.closeQuietly(descriptor)
            self.descriptor = nil
        }
        for path in self.createdPaths {
            SpoolFileSystem.remove(path)
        }
        self.createdPaths = []
        self.fields = []
        self.files = []
        self.field = nil
        self.file = nil
        self.buffer = []
    }

    private mutating func begin(_ head: MultipartPartHead) throws(MultipartSpoolError) {
        guard let filename = head.filename else {
            guard self.fields.count < self.limits.maxFields else {
                throw .tooManyFields(limit: self.limits.maxFields)
            }
            self.field = PendingField(name: head.name, value: [])
            return
        }
        self.file = PendingFile(
            name: head.name,
            filename: SpooledFile.displayFilename(filename),
            contentType: head.contentType ?? "application/octet-stream"
        )
        // Browsers send `filename=""` and no content for a file input without a file: make nothing for it yet.
        if !filename.isEmpty {
            try self.createFile()
        }
    }

    private mutating func createFile() throws(MultipartSpoolError) {
        guard self.files.count < self.limits.maxFiles else {
            throw .tooManyFiles(limit: self.limits.maxFiles)
        }
        let (descriptor, path) = try SpoolFileSystem.createFile(in: self.directory)
        self.descriptor = descriptor
        self.createdPaths.append(path)
        self.file?.path = path
    }

    private mutating func receive(_ bytes: UnsafeRawBufferPointer) throws(MultipartSpoolError) {
        if let count = self.field?.value.count {
            guard bytes.count <= self.limits.maxFieldBytes - count else {
                throw .fieldTooLarge(limit: self.limits.maxFieldBytes)
            }
            self.field?.value.append(contentsOf: bytes)
        } else if let file = self.file {
            guard bytes.count <= self.limits.maxFileBytes - file.size else {
                throw .fileTooLarge(limit: self.limits.maxFileBytes)
            }
            if file.path == nil {
                try self.createFile()
            }
            self.file?.size += bytes.count
            try self.write(bytes)
        }
    }

    private mutating func end() throws(MultipartSpoolError) {
        if let field = self.field {
            self.field = nil
            guard !field.value.contains(0) else {
                throw .invalidField("the field \(Self.quoted(field.name)) contains a NUL byte")
            }
            guard let value = String(validating: field.value, as: UTF8.self) else {
                throw .invalidField("the field \(Self.quoted(field.name)) is not valid UTF-8")
            }
            self.fields.append(MultipartForm.Field(name: field.name, value: value))
        } else if let file = self.file {
            self.file = nil
            guard let path = file.path, let descriptor = self.descriptor else {
                return
            }
            try self.flush()
            self.descriptor = nil
            try SpoolFileSystem.closeWritten(descriptor)
            let spooled = SpooledFile(
                path: path,
                filename: file.filename,
                contentType: file.contentType,
                size: file.size
            )
            self.files.append(MultipartForm.File(name: file.name, file: spooled))
        }
    }

    /// Writes file content, through the buffer unless it is large.
    private mutating func write(_ bytes: UnsafeRawBufferPointer) throws(MultipartSpoolError) {
        if bytes.count > Self.writeBufferCapacity - self.buffer.count {
            try self.flush()
        }
        if bytes.count >= Self.writeBufferCapacity, let descriptor = self.descriptor {
            try SpoolFileSystem.writeAll(bytes, to: descriptor)
        } else {
            if self.buffer.capacity < Self.writeBufferCapacity {
                self.buffer.reserveCapacity(Self.writeBufferCapacity)
            }
            self.buffer.append(contentsOf: bytes)
        }
    }

    private mutating func flush() throws(MultipartSpoolError) {
        guard !self.buffer.isEmpty, let descriptor = self.descriptor else {
            return
        }
        try self.buffer.span.withUnsafeBytes { (bytes) throws(MultipartSpoolError) in
            try SpoolFileSystem.writeAll(bytes, to: descriptor)
        }
        self.buffer.removeAll(keepingCapacity: true)
    }

    /// A field name quoted for an error message, shortened if long.
    private static func quoted(_ name: String) -> String {
        let shown = name.count > 64 ? name.prefix(64) + "..." : Substring(name)
        return "\"\(shown)\""
    }
}
