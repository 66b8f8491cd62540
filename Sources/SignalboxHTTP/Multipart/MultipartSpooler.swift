/// Reads a `multipart/form-data` body chunk by chunk into text fields and temporary files.
///
/// Feed the body with ``append(_:)``, then call ``finish()`` for the form. File content is written to new files in a
/// directory as it arrives, so large files are never held in memory, and every limit is enforced as the bytes arrive.
///
/// When the request is over, whether it succeeded, failed or was cancelled, call ``discard()``: it removes every
/// temporary file the spooler made, so move the files you keep (with `rename`) before calling it. When ``append(_:)``
/// or ``finish()`` throws, the spooler has already removed its temporary files.
///
/// A spooler owns open files: don't copy one that is in use.
public struct MultipartSpooler: Sendable {
    /// Limits on a `multipart/form-data` body.
    public struct Limits: Sendable, Hashable {
        /// The largest file, in bytes.
        public var maxFileBytes: Int
        /// The largest body, in bytes, counting everything fed to ``MultipartSpooler/append(_:)``.
        public var maxBytes: Int
        /// The most files.
        public var maxFiles: Int
        /// The most text fields.
        public var maxFields: Int
        /// The largest text field value, in bytes.
        public var maxFieldBytes: Int
        /// Limits on part headers.
        public var parser: MultipartParser.Limits

        /// Creates limits.
        public init(
            maxFileBytes: Int = 10 * 1024 * 1024,
            maxBytes: Int = 50 * 1024 * 1024,
            maxFiles: Int = 10,
            maxFields: Int = 100,
            maxFieldBytes: Int = 32 * 1024,
            parser: MultipartParser.Limits = MultipartParser.Limits()
        ) {
            self.maxFileBytes = maxFileBytes
            self.maxBytes = maxBytes
            self.maxFiles = maxFiles
            self.maxFields = maxFields
            self.maxFieldBytes = maxFieldBytes
            self.parser = parser
        }
    }

    private enum Phase: Sendable {
        case active
        case finished(MultipartForm)
        case failed(MultipartSpoolError)
        case discarded
    }

    /// The most file content a spooler holds in memory before writing it.
    static let writeBufferCapacity = SpoolSink.writeBufferCapacity

    private var parser: MultipartParser
    private var sink: SpoolSink
    private var receivedBytes = 0
    private var phase = Phase.active

    /// Creates a spooler.
    ///
    /// - Parameters:
    ///   - boundary: The body's boundary, from ``MultipartParser/boundary(fromContentType:)``.
    ///   - directory: The absolute path of an existing directory for the temporary files.
    ///   - limits: Limits on the body.
    public init(boundary: String, directory: String, limits: Limits = Limits()) {
        self.parser = MultipartParser(boundary: boundary, limits: limits.parser)
        self.sink = SpoolSink(directory: directory, limits: limits)
    }

    /// How many bytes of file content the spooler holds in memory.
    var bufferedByteCount: Int {
        self.sink.bufferedByteCount
    }

    /// Parses the next chunk of the body, writing file content to temporary files.
    ///
    /// Bytes appended after ``finish()`` returned are ignored.
    ///
    /// - Throws: The first error found; the temporary files are removed then, and every later call throws the same
    ///   error.
    public mutating func append(_ chunk: UnsafeRawBufferPointer) throws(MultipartSpoolError) {
        switch self.phase {
        case .failed(let error):
            throw error
        case .discarded:
            throw .discarded
        case .finished:
            return
        case .active:
            break
        }
        do throws(MultipartSpoolError) {
            guard chunk.count <= self.sink.limits.maxBytes - self.receivedBytes else {
                throw MultipartSpoolError.bodyTooLarge(limit: self.sink.limits.maxBytes)
            }
            self.receivedBytes += chunk.count
            try self.parser.feed(chunk, mapError: MultipartSpoolError.malformed) {
                (event) throws(MultipartSpoolError) in
                try self.sink.handle(event)
            }
        } catch {
            self.fail(error)
            throw error
        }
    }

    /// Checks that the body is complete and returns its fields and files.
    ///
    /// Calling it again returns the same form.
    ///
    /// - Throws: ``MultipartSpoolError/malformed(_:)`` with ``MultipartError/truncated`` when the body ended early,
    ///   or the error that stopped the spooler; the temporary files are removed then.
    public mutating func finish() throws(MultipartSpoolError) -> MultipartForm {
        switch self.phase {
        case .failed(let error):
            throw error
        case .discarded:
            throw .discarded
        case .finished(let form):
            return form
        case .active:
            break
        }
        do throws(MultipartError) {
            try self.parser.finish()
        } catch {
            self.fail(.malformed(error))
            throw .malformed(error)
        }
        let form = self.sink.form
        self.phase = .finished(form)
        return form
    }

    /// Closes and removes every temporary file made so far, including those of a finished form.
    ///
    /// It may be called at any time, any number of times. Afterwards ``append(_:)`` and ``finish()`` throw
    /// ``MultipartSpoolError/discarded``, or the error that stopped the spooler before.
    public mutating func discard() {
        self.sink.removeAll()
        if case .failed = self.phase {
            return
        }
        self.phase = .discarded
    }

    private mutating func fail(_ error: MultipartSpoolError) {
        self.sink.removeAll()
        self.phase = .failed(error)
    }
}
