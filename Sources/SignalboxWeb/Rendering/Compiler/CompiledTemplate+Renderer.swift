import Signalbox

extension CompiledTemplate {
    /// Evaluates operations against a context stack, as swift-mustache evaluates its tokens
    /// against its boxes (`MustacheObject`, arrays, `MustacheNull`, scalars).
    ///
    /// It reads the template through buffers borrowed for one render, so an operation, a literal
    /// or a name costs no reference counting; the context stack is scanned in place.
    struct Renderer {
        let operations: UnsafeBufferPointer<Operation>
        let literals: UnsafeBufferPointer<Range<Int>>
        let literalBytes: UnsafeBufferPointer<UInt8>
        let keys: UnsafeBufferPointer<LookupKey>
        var stack: [ViewModel]
        var output: UTF8Writer
        /// HTML already rendered, as top-level fields of the root context (see
        /// ``TemplateRenderer/renderUTF8(_:with:fragments:)``).
        let fragments: [String: [UInt8]]

        init(
            operations: UnsafeBufferPointer<Operation>,
            literals: UnsafeBufferPointer<Range<Int>>,
            literalBytes: UnsafeBufferPointer<UInt8>,
            keys: UnsafeBufferPointer<LookupKey>,
            stack: [ViewModel],
            fragments: [String: [UInt8]],
            output: UTF8Writer
        ) {
            self.output = output
            self.operations = operations
            self.literals = literals
            self.literalBytes = literalBytes
            self.keys = keys
            self.stack = stack
            self.fragments = fragments
        }

        /// Runs `range`; `false` when a value cannot be rendered like swift-mustache renders it.
        mutating func run(_ range: Range<Int>) -> Bool {
            var counter = range.lowerBound
            while counter < range.upperBound {
                switch self.operations[counter] {
                case .text(let literal):
                    self.output.append(bytes: UnsafeBufferPointer(rebasing: self.literalBytes[self.literals[literal]]))
                    counter += 1
                case .value(let key, let escaped):
                    if let value = self.lookupInStack(key) {
                        if !self.append(value, escaped: escaped) { return false }
                    } else if let fragment = self.fragment(named: key) {
                        if escaped {
                            self.output.appendHTMLEscaped(String(decoding: fragment, as: UTF8.self))
                        } else {
                            fragment.withUnsafeBufferPointer { self.output.append(bytes: $0) }
                        }
                    }
                    counter += 1
                case .section(let key, let end):
                    let body = counter + 1..<end
                    switch self.lookup(key) {
                    case .list(let items)?:
                        for item in items {
                            self.stack.append(item)
                            defer { self.stack.removeLast() }
                            guard self.run(body) else { return false }
                        }
                    case .bool(let flag)?:
                        if flag, !self.run(body) { return false }
                    case .null?, nil:
                        break
                    case let value?:
                        self.stack.append(value)
                        defer { self.stack.removeLast() }
                        guard self.run(body) else { return false }
                    }
                    counter = end
                case .inverted(let key, let end):
                    let body = counter + 1..<end
                    switch self.lookup(key) {
                    case .list(let items)? where items.isEmpty:
                        // swift-mustache pushes the empty list (`{{.}}` inside names it).
                        self.stack.append(.list(items))
                        defer { self.stack.removeLast() }
                        guard self.run(body) else { return false }
                    case .bool(false)?, .null?, nil:
                        guard self.run(body) else { return false }
                    default:
                        break
                    }
                    counter = end
                }
            }
            return true
        }

        /// swift-mustache's lookup over `MustacheObject`s: the first name climbs the context stack
        /// (only objects have children), the rest descend; `null` is found (it stops the climb).
        private func lookup(_ key: Int) -> ViewModel? {
            if let value = self.lookupInStack(key) { return value }
            // A fragment is a field of the root: found once nothing above it has the name.
            return self.fragment(named: key).map { .string(String(decoding: $0, as: UTF8.self)) }
        }

        /// The lookup in the context stack alone.
        private func lookupInStack(_ index: Int) -> ViewModel? {
            let key = self.keys.baseAddress! + index
            if key.pointee.isCurrent { return self.stack.last }
            // The levels are read in place (no copy of each object scanned past), from the top.
            let found: ViewModel? = self.stack.withUnsafeBufferPointer { levels in
                let first = key.pointee.first
                let fingerprint = key.pointee.firstFingerprint
                var level = levels.count - 1
                let lowest = key.pointee.isAnchored ? level : 0
                while level >= lowest {
                    if let value = levels[level].value(forKey: first, fingerprint: fingerprint) { return value }
                    level -= 1
                }
                return nil
            }
            guard var value = found else { return nil }
            // Indices, not `zip`: no iterator holding the arrays for the common one-part name.
            let rest = key.pointee.rest.count
            if rest > 0 {
                for part in 0..<rest {
                    let fingerprint = key.pointee.restFingerprints[part]
                    guard let child = value.value(forKey: key.pointee.rest[part], fingerprint: fingerprint) else {
                        return nil
                    }
                    value = child
                }
            }
            return value
        }

        /// The fragment `key` names: a plain name, reaching the root (only `.name` at the root
        /// when anchored).
        private func fragment(named index: Int) -> [UInt8]? {
            guard !self.fragments.isEmpty else { return nil }
            let key = self.keys[index]
            guard !key.isCurrent, key.rest.isEmpty else { return nil }
            if key.isAnchored, self.stack.count > 1 { return nil }
            return self.fragments[key.first]
        }

        /// Appends a scalar as swift-mustache prints it; `false` for lists and objects, which it
        /// prints with Swift's `description` of its boxes.
        private mutating func append(_ value: ViewModel, escaped: Bool) -> Bool {
            switch value {
            case .null: break
            case .string(let text): escaped ? self.output.appendHTMLEscaped(text) : self.output.append(utf8: text)
            case .int(let number): self.output.appendDecimal(number)
            case .bool(let flag): self.output.append(utf8: flag ? "true" : "false")
            case .double(let number): self.output.append(utf8: String(describing: number))
            case .list, .object: return false
            }
            return true
        }
    }
}
