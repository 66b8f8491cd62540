import Signalbox
import SignalboxHTTP

// MARK: Writing

extension OpenAPIDocument {
    static func write(_ value: ViewModel, indent: Int, to output: inout String) {
        let inner = String(repeating: "  ", count: indent + 1)
        switch value {
        case .object(let fields) where !fields.isEmpty:
            output += "{\n"
            for (position, key) in fields.keys.sorted().enumerated() {
                output += inner
                JSONEscaping.appendQuoted(key, to: &output)
                output += ": "
                Self.write(fields[key]!, indent: indent + 1, to: &output)
                output += position == fields.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        case .list(let items) where !items.isEmpty:
            output += "[\n"
            for (position, item) in items.enumerated() {
                output += inner
                Self.write(item, indent: indent + 1, to: &output)
                output += position == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        default:
            var writer = JSONWriter()
            writer.value(value)
            output += writer.output
        }
    }
}
