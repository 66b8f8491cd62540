import Mustache
import Signalbox

/// Presents a ``ViewModel`` object to swift-mustache without reflection: fields are looked up by
/// name and converted on access.
struct MustacheObject: MustacheParent {
    let fields: ViewModel.Fields

    func child(named name: String) -> Any? {
        self.fields[name].map(MustacheObject.value)
    }

    /// The Mustache-side value for a view model: objects as parents, lists as arrays, `null` as a
    /// value that is present (so lookups do not climb to outer contexts) but renders nothing and
    /// is falsy in sections.
    static func value(_ model: ViewModel) -> Any {
        switch model {
        case .null: MustacheNull()
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .string(let value): value
        case .list(let items): items.map(Self.value)
        case .object(let fields): MustacheObject(fields: fields)
        }
    }
}

/// `null` in a view model.
struct MustacheNull: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}
