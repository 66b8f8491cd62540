// A prototype of a compiled-template renderer for SignalboxWeb (benchmarks only): each Mustache
// template is parsed once (same rules as swift-mustache 2.1.1), its partials and blocks are
// inlined, adjacent text is merged, and the result is a flat list of four operations — literal
// bytes, a (escaped or raw) value, a section, an inverted section — evaluated directly against
// `ViewModel` into one pre-sized String. No `Any` boxes, no dynamic casts, no Mirror, no
// intermediate strings per token or section, byte-wise HTML escaping.
//
// Templates it cannot compile (set delimiters, transforms, lambdas, dynamic or indented
// partials) are rendered by swift-mustache through `MustacheRenderer`, so it can replace
// `MustacheRenderer` one for one.

import Signalbox
import SignalboxWeb
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A lookup name: `.`, `a`, `a.b.c`, or `.a` (anchored to the current object).
struct Key: Sendable {
    let first: String
    let rest: [String]
    let isDot: Bool
    let anchored: Bool

    init(_ name: String) {
        if name == "." {
            (self.first, self.rest, self.isDot, self.anchored) = ("", [], true, false)
            return
        }
        let parts = name.split(separator: ".").map(String.init)
        self.first = parts.first ?? ""
        self.rest = Array(parts.dropFirst())
        self.isDot = false
        self.anchored = name.first == "."
    }
}

enum Op: Sendable {
    /// Literal text.
    case text(String)
    /// A value, HTML-escaped or raw.
    case value(Key, escaped: Bool)
    /// A section: its body is the ops up to `end` (exclusive).
    case section(Key, end: Int)
    /// An inverted section.
    case inverted(Key, end: Int)
}

/// One template compiled to operations.
struct CompiledTemplate: Sendable {
    let ops: [Op]

    /// Compiles `name` from the parsed library, inlining partials and resolving blocks.
    init(name: String, library: [String: [Node]]) throws {
        guard let nodes = library[name] else { throw Unsupported(description: "no template \(name)") }
        var ops: [Op] = []
        var barrier = 0
        try Self.compile(nodes, overrides: [:], library: library, depth: 0, into: &ops, barrier: &barrier)
        self.ops = ops
    }

    private static func compile(
        _ nodes: [Node], overrides: [String: [Node]], library: [String: [Node]], depth: Int, into ops: inout [Op],
        barrier: inout Int  // literals merge only with a literal at or after this index
    ) throws {
        guard depth < 32 else { throw Unsupported(description: "partials nest deeper than 32 (recursive?)") }
        for node in nodes {
            switch node {
            case .text(let text):
                if ops.count > barrier, case .text(let previous)? = ops.last {
                    ops[ops.count - 1] = .text(previous + text)
                } else {
                    ops.append(.text(text))
                }
            case .variable(let name, let escaped):
                ops.append(.value(Key(name), escaped: escaped))
            case .section(let name, let body, let inverted):
                let index = ops.count
                ops.append(.text(""))  // placeholder
                barrier = ops.count
                try self.compile(
                    body, overrides: overrides, library: library, depth: depth, into: &ops, barrier: &barrier)
                ops[index] = inverted ? .inverted(Key(name), end: ops.count) : .section(Key(name), end: ops.count)
                barrier = ops.count  // a literal after a section must not merge into the section's last one
            case .partial(let name, let indentation, let inherits):
                if let indentation, !indentation.isEmpty {
                    throw Unsupported(description: "indented partial \(name)")
                }
                guard let partial = library[name] else { continue }  // swift-mustache renders nothing
                var merged = overrides
                if let inherits { merged.merge(inherits) { outer, _ in outer } }
                try self.compile(
                    partial, overrides: merged, library: library, depth: depth + 1, into: &ops, barrier: &barrier)
            case .block(let name, let body, let indentation):
                if let indentation, !indentation.isEmpty {
                    throw Unsupported(description: "indented block \(name)")
                }
                try self.compile(
                    overrides[name] ?? body, overrides: overrides, library: library, depth: depth + 1, into: &ops,
                    barrier: &barrier)
            case .blockDefinition:
                throw Unsupported(description: "block definition outside {{<…}}")
            }
        }
    }

    func render(_ root: ViewModel, capacity: Int) -> String {
        var out = ""
        out.reserveCapacity(capacity)
        var stack: [ViewModel] = [root]
        stack.reserveCapacity(8)
        self.run(0..<self.ops.count, &stack, &out)
        return out
    }

    private func run(_ range: Range<Int>, _ stack: inout [ViewModel], _ out: inout String) {
        var pc = range.lowerBound
        while pc < range.upperBound {
            switch self.ops[pc] {
            case .text(let text):
                out.append(text)
                pc += 1
            case .value(let key, let escaped):
                if let value = Self.lookup(key, stack) { Self.append(value, escaped: escaped, to: &out) }
                pc += 1
            case .section(let key, let end):
                let body = pc + 1..<end
                switch Self.lookup(key, stack) {
                case .list(let items)?:
                    for item in items {
                        stack.append(item)
                        self.run(body, &stack, &out)
                        stack.removeLast()
                    }
                case .bool(let flag)?:
                    if flag { self.run(body, &stack, &out) }
                case .null?, nil:
                    break
                case let value?:
                    stack.append(value)
                    self.run(body, &stack, &out)
                    stack.removeLast()
                }
                pc = end
            case .inverted(let key, let end):
                let show: Bool =
                    switch Self.lookup(key, stack) {
                    case .list(let items)?: items.isEmpty
                    case .bool(let flag)?: !flag
                    case .null?, nil: true
                    default: false
                    }
                if show { self.run(pc + 1..<end, &stack, &out) }
                pc = end
            }
        }
    }

    /// swift-mustache's lookup over `MustacheObject`s: the first name climbs the context stack
    /// (only objects have children), the rest descend; `null` is found (it stops the climb).
    @inline(__always)
    private static func lookup(_ key: Key, _ stack: [ViewModel]) -> ViewModel? {
        if key.isDot { return stack.last }
        var found: ViewModel?
        if key.anchored {
            if case .object(let fields)? = stack.last { found = fields[key.first] }
        } else {
            var index = stack.count - 1
            while index >= 0 {
                if case .object(let fields) = stack[index], let value = fields[key.first] {
                    found = value
                    break
                }
                index -= 1
            }
        }
        guard var value = found else { return nil }
        for name in key.rest {
            guard case .object(let fields) = value, let child = fields[name] else { return nil }
            value = child
        }
        return value
    }

    @inline(__always)
    private static func append(_ value: ViewModel, escaped: Bool, to out: inout String) {
        switch value {
        case .null: return
        case .string(let text): escaped ? self.appendEscaped(text, to: &out) : out.append(text)
        case .int(let number): out.append(String(number))
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .double(let number): out.append(String(describing: number))
        case .list, .object:
            // swift-mustache prints Swift's description of its boxes here; nothing sensible to copy.
            return
        }
    }

    /// HTML escaping of `<`, `>`, `&`, `"`, `'` as swift-mustache does it, but per byte: swift-mustache
    /// compares whole `Character`s, so a quote followed by a combining mark stays unescaped there.
    /// Output is appended to a `String`, so nothing is validated again as UTF-8.
    private static func appendEscaped(_ text: String, to out: inout String) {
        let utf8 = text.utf8
        var chunk = utf8.startIndex
        var index = chunk
        while index != utf8.endIndex {
            let replacement: String
            switch utf8[index] {
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default:
                utf8.formIndex(after: &index)
                continue
            }
            if chunk != index { out.append(contentsOf: Substring(text.unicodeScalars[chunk..<index])) }
            out.append(replacement)
            utf8.formIndex(after: &index)
            chunk = index
        }
        if chunk == utf8.startIndex {
            out.append(text)
        } else if chunk != utf8.endIndex {
            out.append(contentsOf: Substring(text.unicodeScalars[chunk...]))
        }
    }
}

/// A `TemplateRenderer` that renders compiled templates and falls back to swift-mustache for
/// the templates it cannot compile.
public struct CompiledMustacheRenderer: TemplateRenderer {
    private let compiled: [String: CompiledTemplate]
    private let fallback: MustacheRenderer
    private let sizeHint = SizeHint()
    /// Templates left to swift-mustache, with the reason.
    public let unsupported: [String: String]

    /// Loads every `*.mustache` below `directory` (names as `MustacheRenderer` gives them).
    public init(directory: String) throws {
        self.fallback = try MustacheRenderer(directory: directory)
        var library: [String: [Node]] = [:]
        var unsupported: [String: String] = [:]
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        for path in try FileManager.default.subpathsOfDirectory(atPath: directory).sorted()
        where path.hasSuffix(".mustache") {
            let name = String(path.dropLast(".mustache".count))
            let text = try String(contentsOfFile: base + path, encoding: .utf8)
            do {
                library[name] = try TemplateParser.parse(text)
            } catch {
                unsupported[name] = "\(error)"
            }
        }
        var compiled: [String: CompiledTemplate] = [:]
        for name in library.keys {
            do {
                compiled[name] = try CompiledTemplate(name: name, library: library)
            } catch {
                unsupported[name] = "\(error)"
            }
        }
        self.compiled = compiled
        self.unsupported = unsupported
    }

    public func render(_ name: String, with viewModel: ViewModel) throws -> String {
        guard let template = self.compiled[name] else { return try self.fallback.render(name, with: viewModel) }
        let text = template.render(viewModel, capacity: self.sizeHint.value)
        self.sizeHint.update(text.utf8.count)
        return text
    }

    public func hasTemplate(named name: String) -> Bool {
        self.compiled[name] != nil || self.fallback.hasTemplate(named: name)
    }
}

/// The largest output so far (a capacity to reserve), shared by every thread.
final class SizeHint: Sendable {
    private let largest = Atomic<Int>(1024)
    var value: Int { self.largest.load(ordering: .relaxed) }
    func update(_ size: Int) {
        if size > self.value { self.largest.store(size, ordering: .relaxed) }
    }
}
