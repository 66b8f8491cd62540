import Signalbox

/// A Mustache template compiled for ``ViewModel``s: parsed once with swift-mustache's rules, its
/// partials and blocks inlined, adjacent text merged, and the result a flat list of four
/// ``Operation``s evaluated directly against the view model into one pre-sized byte buffer — no
/// `Any` boxes, no dynamic casts, no intermediate strings per token, byte-wise HTML escaping.
///
/// The output is byte-for-byte swift-mustache's. Where swift-mustache would print Swift's own
/// description of a list or an object (`{{x}}` naming one), ``render(_:)`` returns
/// `nil` and the caller renders the template with swift-mustache instead.
struct CompiledTemplate: Sendable {
    /// The operations, in order.
    let operations: [Operation]
    /// Where the literal texts the operations name are in ``literalBytes``.
    let literals: [Range<Int>]
    /// The literal texts' UTF-8, one after another.
    let literalBytes: [UInt8]
    /// The names the operations look up.
    let keys: [LookupKey]
    /// The largest output so far: the next render reserves that much.
    private let sizeHint = OutputSizeHint()

    /// How deep partials and blocks may nest before the template is declined (recursive partials).
    static let maximumDepth = 32

    /// Compiles template `name` from the parsed templates, inlining partials and resolving blocks.
    ///
    /// - Parameters:
    ///   - parsed: every template the compiler parsed, by name.
    ///   - declined: templates that exist but did not parse here: a partial naming one declines
    ///     the template too (swift-mustache renders it, the compiler cannot).
    /// - Throws: ``CompileError`` when the template needs something the compiler does not do.
    init(name: String, parsed: [String: [TemplateNode]], declined: Set<String>) throws {
        guard let nodes = parsed[name] else { throw CompileError("not parsed") }
        var builder = Builder(parsed: parsed, declined: declined)
        try builder.compile(nodes, overrides: [:], depth: 0)
        self.operations = builder.operations
        var literalBytes: [UInt8] = []
        self.literals = builder.literals.map { text in
            let start = literalBytes.count
            literalBytes.append(contentsOf: text.utf8)
            return start..<literalBytes.count
        }
        self.literalBytes = literalBytes
        self.keys = builder.keys
    }

    /// Renders with `root` as the context; `nil` when swift-mustache must render it instead.
    func render(_ root: ViewModel) -> String? {
        self.renderUTF8(root).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Renders with `root` as the context into UTF-8 bytes, written straight into the returned
    /// array's storage (no `String` made, so none to validate: a page goes to the response body
    /// as it is written); `nil` when swift-mustache must render it instead.
    ///
    /// The array has room for the largest output so far; a render that needs more runs again
    /// with exactly the room it needs.
    func renderUTF8(_ root: ViewModel, fragments: [String: [UInt8]] = [:]) -> [UInt8]? {
        var capacity = self.sizeHint.value
        while true {
            var needed: Int?
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                let writer = self.run(root, fragments: fragments, into: UTF8Writer(buffer))
                needed = writer?.count
                initialized = writer?.written ?? 0
            }
            guard let needed else { return nil }
            self.sizeHint.update(needed)
            if needed <= capacity { return bytes }
            capacity = needed
        }
    }

    /// Runs the operations with `root` as the context into `output`; `nil` when a value cannot be
    /// rendered as swift-mustache renders it.
    private func run(_ root: ViewModel, fragments: [String: [UInt8]], into output: UTF8Writer) -> UTF8Writer? {
        var stack: [ViewModel] = []
        stack.reserveCapacity(8)
        stack.append(root)
        return self.operations.withUnsafeBufferPointer { operations in
            self.literals.withUnsafeBufferPointer { literals in
                self.literalBytes.withUnsafeBufferPointer { literalBytes in
                    self.keys.withUnsafeBufferPointer { keys in
                        var renderer = Renderer(
                            operations: operations,
                            literals: literals,
                            literalBytes: literalBytes,
                            keys: keys,
                            stack: stack,
                            fragments: fragments,
                            output: output
                        )
                        guard renderer.run(0..<operations.count) else { return nil }
                        return renderer.output
                    }
                }
            }
        }
    }
}

extension CompiledTemplate {
    /// Turns parsed nodes into operations.
    private struct Builder {
        let parsed: [String: [TemplateNode]]
        let declined: Set<String>
        var operations: [Operation] = []
        var literals: [String] = []
        var keys: [LookupKey] = []
        /// Literals merge only into a literal at or after this index (never into a section's body).
        var barrier = 0

        mutating func literal(_ text: String) -> Operation {
            self.literals.append(text)
            return .text(self.literals.count - 1)
        }

        mutating func key(_ name: String) -> Int {
            self.keys.append(LookupKey(name))
            return self.keys.count - 1
        }

        mutating func compile(_ nodes: [TemplateNode], overrides: [String: [TemplateNode]], depth: Int) throws {
            guard depth < CompiledTemplate.maximumDepth else {
                throw CompileError("partials nest deeper than \(CompiledTemplate.maximumDepth) (recursive?)")
            }
            for node in nodes {
                switch node {
                case .text(let text):
                    if self.operations.count > self.barrier, case .text(let previous)? = self.operations.last {
                        self.literals[previous] += text
                    } else if !text.isEmpty {
                        self.operations.append(self.literal(text))
                    }
                case .variable(let name, let escaped):
                    self.operations.append(.value(self.key(name), escaped: escaped))
                case .section(let name, let body, let inverted):
                    let index = self.operations.count
                    self.operations.append(.text(-1))  // replaced once the body's end is known
                    self.barrier = self.operations.count
                    try self.compile(body, overrides: overrides, depth: depth)
                    let end = self.operations.count
                    let key = self.key(name)
                    self.operations[index] = inverted ? .inverted(key, end: end) : .section(key, end: end)
                    self.barrier = end  // the text after a section must not merge into its body
                case .partial(let name, let indentation, let inherits):
                    if let indentation, !indentation.isEmpty {
                        throw CompileError("indented partial \(name)")
                    }
                    if self.declined.contains(name) { throw CompileError("partial \(name) is not compiled") }
                    guard let partial = self.parsed[name] else { continue }  // swift-mustache renders nothing
                    var merged = overrides
                    if let inherits { merged.merge(inherits) { outer, _ in outer } }
                    try self.compile(partial, overrides: merged, depth: depth + 1)
                case .block(let name, let body, let indentation):
                    if let indentation, !indentation.isEmpty {
                        throw CompileError("indented block \(name)")
                    }
                    try self.compile(overrides[name] ?? body, overrides: overrides, depth: depth + 1)
                case .blockDefinition:
                    throw CompileError("block definition outside {{<…}}")
                }
            }
        }
    }
}
