#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything Signalbox knows about one declared route, erased; built once per coordinator type.
struct RouteDescriptor: Sendable {
    /// The path segment (the property name unless overridden).
    let name: String
    let metadata: RouteMetadata
    /// Present for presented routes that take an input.
    let input: InputCodec?
    /// Present for roots that take an input.
    let rootInput: RootInputCodec?
    let makesCoordinator: Bool
    /// The screen or coordinator type the route shows (`TodoScreen`), for route listings.
    let outputType: String
    /// The screen type the route shows, when it shows a screen (for its form's schema).
    let screenType: (any Screen.Type)?
    let make: @Sendable (AnyObject, Any?) -> Content
    let result: ResultHandler?
    /// Runs whenever an entry of this route leaves the stack, also one rebuilt from a path or
    /// restored from a snapshot (unlike a closure passed to `route(to:onDismiss:)`).
    let dismiss: DeclaredDismissHandler?
    /// A tab's tap handler and badge, when it declares them.
    let tabHooks: TabHooks?

    var presentation: Presentation? {
        if case .presented(let presentation) = self.metadata { return presentation }
        return nil
    }

    var tabItem: TabItem? {
        if case .tab(let item) = self.metadata { return item }
        return nil
    }

    var isRoot: Bool {
        if case .root = self.metadata { return true }
        return false
    }

    var takesInput: Bool { self.input != nil || self.rootInput != nil }

    // MARK: The one input codec (paths, by-name requests and snapshots)

    /// Decodes a route's raw (percent-encoded) input segments, as they follow its name in a path.
    func decode(segments raw: ArraySlice<Substring>) throws(NavigationError) -> DecodedInput {
        try self.withCodec(describing: raw.joined(separator: "/")) { codec throws(InputDecodingError) in
            let (value, segment) = try codec.decodeSegments(raw)
            return DecodedInput(value: value, segment: segment)
        }
    }

    /// Decodes an entry's input as stored in a snapshot: its segments joined by `/`.
    func decode(storedSegment stored: String) throws(NavigationError) -> DecodedInput {
        try self.decode(segments: stored.split(separator: "/", omittingEmptySubsequences: false)[...])
    }

    /// Decodes input text from a form field (see ``InputCodec/decodeText``).
    func decode(text: String) throws(NavigationError) -> DecodedInput {
        try self.withCodec(describing: text) { codec throws(InputDecodingError) in
            let (value, segment) = try codec.decodeText(text)
            return DecodedInput(value: value, segment: segment)
        }
    }

    /// The canonical path segments of an input value, joined by `/`.
    func encodeSegment(_ value: Any) throws(NavigationError) -> String {
        try self.withCodec(describing: String(describing: value)) { codec throws(InputDecodingError) in
            try codec.encode(value)
        }
    }

    /// Runs `body` with the route's input codec; its failure becomes ``NavigationError/badInput``
    /// naming the route, what was given (at most 128 characters) and the reason.
    private func withCodec<Result>(
        describing given: @autoclosure () -> String,
        _ body: (InputCodec) throws(InputDecodingError) -> Result
    ) throws(NavigationError) -> Result {
        guard let codec = self.input else {
            throw .badInput(route: self.name, segment: "", reason: "the route takes no input")
        }
        do {
            return try body(codec)
        } catch {
            throw .badInput(route: self.name, segment: String(given().prefix(128)), reason: error.reason)
        }
    }

    /// Whether two root inputs are the same (both absent, or equal as JSON).
    func sameRootInput(_ old: Any?, _ new: Any?) -> Bool {
        guard let codec = self.rootInput else { return true }
        guard let old, let new else { return old == nil && new == nil }
        return (try? codec.encode(old)) == (try? codec.encode(new))
    }
}

/// A route input decoded from a path segment or text: the value and its canonical segment.
struct DecodedInput {
    let value: Any
    let segment: String
}

/// Converts a root's `Codable` input to and from the JSON kept in snapshots.
struct RootInputCodec: Sendable {
    let encode: @Sendable (Any) throws -> String
    let decode: @Sendable (String) throws -> Any
    /// A plain value (``SampleDecoder``), for route maps.
    let sample: @Sendable () -> Any?
}

/// Delivers a sub-flow's result to the presenting coordinator.
struct ResultHandler: Sendable {
    let valueType: String
    let accepts: @Sendable (Any) -> Bool
    /// Calls the handler with `.finished(value)`, or `.cancelled` when `value` is `nil`.
    let deliver: @Sendable (AnyObject, Any?) async throws -> Void
}

/// Implemented by every ``Route`` so a coordinator's routes can be found by reflection once.
protocol RouteDeclaring {
    var id: UInt64 { get }
    func descriptor(property: String) -> RouteDescriptor
}

extension Route: RouteDeclaring {
    var id: UInt64 { self.declaration.id }

    func descriptor(property: String) -> RouteDescriptor {
        let declaration = self.declaration
        let makesCoordinator = Output.self is any Coordinatable.Type
        // Resolve the output's conformance once per type, not on every route.
        let box: @Sendable (Any) -> Content
        if let coordinatorType = Output.self as? any Coordinatable.Type {
            box = coordinatorBox(coordinatorType)
        } else if let screenType = Output.self as? any Screen.Type {
            box = screenBox(screenType)
        } else {
            // The route initializers only accept screens and coordinators.
            box = { .screen($0 as! any Screen) }
        }
        // `owner` is always a `Coordinator`: a descriptor belongs to the route table of one
        // coordinator type (RouteRegistry keys tables by the type's ObjectIdentifier) and nodes
        // call it with their own owner only. Unchecked because it runs for every entry built
        // (each push, each path segment, each restored entry).
        let make: @Sendable (AnyObject, Any?) -> Content
        switch declaration.factory {
        case .plain(let factory):
            make = { owner, _ in
                box(factory(unsafeDowncast(owner, to: Coordinator.self))())
            }
        case .input(let factory):
            make = { owner, input in
                // The input was decoded or type-checked for this very route.
                box(factory(unsafeDowncast(owner, to: Coordinator.self))(input as! Input))
            }
        }
        var input: InputCodec?
        var rootInput: RootInputCodec?
        if case .input = declaration.factory {
            if case .root = declaration.metadata {
                rootInput = Self.rootInputCodec()
            } else {
                input = declaration.inputCodec?() ?? InputCodec.of(Input.self)
            }
        }
        return RouteDescriptor(
            name: declaration.segment ?? property,
            metadata: declaration.metadata,
            input: input,
            rootInput: rootInput,
            makesCoordinator: makesCoordinator,
            outputType: String(describing: Output.self),
            screenType: Output.self as? any Screen.Type,
            make: make,
            result: declaration.onResult?.make(),
            dismiss: declaration.onDismiss,
            tabHooks: declaration.tabHooks
        )
    }

    private static func rootInputCodec() -> RootInputCodec? {
        guard Input.self is any Codable.Type else { return nil }
        return RootInputCodec(
            encode: { value in
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                let encodable = value as! any Encodable
                let data = try encodeJSON(encodable, with: encoder)
                return String(decoding: data, as: UTF8.self)
            },
            decode: { text in
                let type = Input.self as! any Decodable.Type
                return try decodeJSON(type, from: Data(text.utf8))
            },
            sample: { SampleDecoder.sample(ofAny: Input.self) }
        )
    }
}

private func screenBox<S: Screen>(_: S.Type) -> @Sendable (Any) -> Content {
    { .screen($0 as! S) }
}

private func coordinatorBox<C: Coordinatable>(_ type: C.Type) -> @Sendable (Any) -> Content {
    { value in
        let coordinator = value as! C
        return .coordinator(Content.Child(coordinator: coordinator, node: coordinator.node))
    }
}

private func encodeJSON<Value: Encodable>(_ value: Value, with encoder: JSONEncoder) throws -> Data {
    try encoder.encode(value)
}

private func decodeJSON<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Any {
    try JSONDecoder().decode(type, from: data)
}
