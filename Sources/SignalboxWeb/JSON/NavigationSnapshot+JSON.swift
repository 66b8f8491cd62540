public import Signalbox
import SignalboxHTTP

extension NavigationSnapshot {
    /// The snapshot as JSON text, written by hand: the same document `JSONEncoder` writes for
    /// the snapshot's `Codable` conformance with sorted keys, with strings escaped like every
    /// other Signalbox JSON (markup-sensitive characters as `\u` escapes). `JSONDecoder` reads
    /// it back to an equal snapshot.
    ///
    /// Session stores persist this text, and JSON answers show it as `tree`. It is written on
    /// every navigation a durable store saves, so it avoids `JSONEncoder`'s generic machinery.
    ///
    /// ```swift
    /// let text = try tree.snapshot().jsonText
    /// let again = try JSONDecoder().decode(NavigationSnapshot.self, from: Data(text.utf8))
    /// ```
    @_spi(SessionStores) public var jsonText: String {
        var output = ""
        output.reserveCapacity(512)
        output += "{"
        if !self.drafts.isEmpty {
            output += "\"drafts\":["
            for (index, draft) in self.drafts.enumerated() {
                if index > 0 { output += "," }
                output += "{\"fields\":"
                Self.appendPairs(draft.fields, "name", "value", to: &output) { ($0.name, $0.value) }
                output += ",\"path\":"
                JSONEscaping.appendQuoted(draft.path, to: &output)
                output += "}"
            }
            output += "],"
        }
        if !self.notices.isEmpty {
            output += "\"notices\":"
            Self.appendPairs(self.notices, "kind", "text", to: &output) { ($0.kind.rawValue, $0.text) }
            output += ","
        }
        Self.appendMember("pendingPath", self.pendingPath, to: &output, JSONEscaping.appendQuoted)
        output += "\"root\":"
        Self.append(self.root, to: &output)
        if !self.submissions.isEmpty {
            output += ",\"submissions\":"
            Self.appendPairs(self.submissions, "key", "path", to: &output) { ($0.key, $0.path) }
        }
        output += "}"
        return output
    }

    private static func append(_ coordinator: CoordinatorSnapshot, to output: inout String) {
        switch coordinator {
        case .navigation(let type, let root, let stack):
            output += "{\"navigation\":{\"root\":"
            Self.append(root, to: &output)
            output += ",\"stack\":["
            for (index, entry) in stack.enumerated() {
                if index > 0 { output += "," }
                Self.append(entry, to: &output)
            }
            output += "],\"type\":"
            JSONEscaping.appendQuoted(type, to: &output)
            output += "}}"
        case .tabs(let type, let active, let tabs):
            output += "{\"tabs\":{\"active\":"
            JSONEscaping.appendQuoted(active, to: &output)
            output += ",\"tabs\":["
            for (index, tab) in tabs.enumerated() {
                if index > 0 { output += "," }
                output += "{"
                Self.appendMember("child", tab.child, to: &output, Self.append)
                output += "\"name\":"
                JSONEscaping.appendQuoted(tab.name, to: &output)
                output += "}"
            }
            output += "],\"type\":"
            JSONEscaping.appendQuoted(type, to: &output)
            output += "}}"
        case .wrapper(let type, let child):
            output += "{\"wrapper\":{\"child\":"
            Self.append(child, to: &output)
            output += ",\"type\":"
            JSONEscaping.appendQuoted(type, to: &output)
            output += "}}"
        }
    }

    private static func append(_ entry: EntrySnapshot, to output: inout String) {
        output += "{"
        Self.appendMember("child", entry.child, to: &output, Self.append)
        Self.appendMember("input", entry.input, to: &output, JSONEscaping.appendQuoted)
        Self.appendMember("presentation", entry.presentation?.rawValue, to: &output, JSONEscaping.appendQuoted)
        output += "\"route\":"
        JSONEscaping.appendQuoted(entry.route, to: &output)
        output += "}"
    }

    /// Appends `[{"first":…,"second":…},…]`: objects of two string members, as `JSONEncoder`
    /// writes drafts' fields, notices and submissions (the names in sorted order).
    private static func appendPairs<Item>(
        _ items: [Item],
        _ first: String,
        _ second: String,
        to output: inout String,
        _ members: (Item) -> (String, String)
    ) {
        output += "["
        for (index, item) in items.enumerated() {
            if index > 0 { output += "," }
            let (firstValue, secondValue) = members(item)
            output += "{\""
            output += first
            output += "\":"
            JSONEscaping.appendQuoted(firstValue, to: &output)
            output += ",\""
            output += second
            output += "\":"
            JSONEscaping.appendQuoted(secondValue, to: &output)
            output += "}"
        }
        output += "]"
    }

    /// Appends `"key":value,` when `value` is there: an optional member, which `JSONEncoder`
    /// omits when `nil`, before the next key (keys are written in sorted order).
    private static func appendMember<Value>(
        _ key: String,
        _ value: Value?,
        to output: inout String,
        _ write: (Value, inout String) -> Void
    ) {
        guard let value else { return }
        output += "\""
        output += key
        output += "\":"
        write(value, &output)
        output += ","
    }
}
