/// One entry of a navigation stack (or its root): which route built it, with which input, and
/// what it produced.
struct Entry {
    /// Index of the route in the owning coordinator's table.
    let route: Int
    /// `nil` for roots.
    let presentation: Presentation?
    let input: Any?
    /// The encoded path segment of a presented route's input; `nil` without input.
    let inputSegment: String?
    var content: Content
    var onDismiss: DismissHandler?
    var finished = false

    init(
        route: Int,
        presentation: Presentation?,
        input: Any?,
        inputSegment: String?,
        content: Content,
        onDismiss: DismissHandler? = nil
    ) {
        self.route = route
        self.presentation = presentation
        self.input = input
        self.inputSegment = inputSegment
        self.content = content
        self.onDismiss = onDismiss
    }
}

/// A closure run after its entry left the stack (see `route(to:onDismiss:)` of ``StackOperations``).
public typealias DismissHandler = () async throws -> Void

/// A tab of a tab coordinator; its content is built when the tab is first shown.
struct TabSlot {
    let route: Int
    /// A dynamic tab's input (a route with an input: a tab per open project, say), boxed so a
    /// declared tab's slot stays small.
    private let dynamic: DynamicTabInput?
    var content: Content?

    /// A declared tab.
    init(route: Int) {
        self.route = route
        self.dynamic = nil
    }

    /// A dynamic tab, opened for `input` (whose canonical segments are `inputSegment`).
    init(route: Int, input: Any, inputSegment: String) {
        self.route = route
        self.dynamic = DynamicTabInput(value: input, segment: inputSegment)
    }

    /// A dynamic tab's input; `nil` for a declared tab.
    var input: Any? { self.dynamic?.value }
    /// A dynamic tab's input as path segments; `nil` for a declared tab.
    var inputSegment: String? { self.dynamic?.segment }

    private final class DynamicTabInput {
        let value: Any
        let segment: String

        init(value: Any, segment: String) {
            self.value = value
            self.segment = segment
        }
    }
}

/// What a route factory produced: a screen, or a child coordinator with its node.
enum Content {
    case screen(any Screen)
    case coordinator(Child)

    /// A child coordinator and its (bound) node.
    struct Child {
        let coordinator: any Coordinatable
        let node: CoordinatorNode
    }

    var child: Child? {
        if case .coordinator(let child) = self { return child }
        return nil
    }
}

/// How a coordinator was entered, as its first screen reports it: by a parent's stack item
/// (its presentation and route name) or as a root or tab (`nil`s).
struct Arrival {
    var presentation: Presentation?
    var route: String?

    static let none = Arrival(presentation: nil, route: nil)
}

/// Where a screen sits in its coordinator's stack.
public enum StackPosition: Sendable, Hashable {
    /// The stack's root.
    case root
    /// The entry at this index above the root (0 is the first pushed or presented entry).
    case item(Int)

    /// How many entries remain when this position is on top.
    var keptCount: Int {
        switch self {
        case .root: 0
        case .item(let index): index + 1
        }
    }

    /// The position of the top of a stack holding `count` entries.
    static func top(of count: Int) -> StackPosition {
        count == 0 ? .root : .item(count - 1)
    }
}
