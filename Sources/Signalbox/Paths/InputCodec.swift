/// Converts a presented route's input to and from its canonical path segments, one per
/// argument of the route's factory (`/todo/3`, `/cell/2/B`).
///
/// Every codec keeps the URL codec a bijection: decoding accepts any spelling of a value
/// (`03`, `%41`), and the segment it hands back is the one canonical spelling, which decodes to
/// the same value.
struct InputCodec: Sendable {
    typealias Decoded = (value: Any, segment: String)

    /// How many path segments the input takes.
    let segmentCount: Int
    /// Raw (percent-encoded) segments → the value and its canonical segments, joined by `/`.
    let decodeSegments: @Sendable (ArraySlice<Substring>) throws(InputDecodingError) -> Decoded
    /// Form text → the value and its canonical segments. For a single ``PathSegmentConvertible``
    /// input it is the decoded text (`a b`); otherwise the segments as in a path (`(id=3)`,
    /// `2/B`).
    let decodeText: @Sendable (String) throws(InputDecodingError) -> Decoded
    /// A value → its canonical segments, joined by `/`.
    let encode: @Sendable (Any) throws(InputDecodingError) -> String
    /// The type of each argument, one per segment (`Int`, `Query`), for route listings.
    var argumentTypes: [String] = []
    /// A value of the input type, when one can be made (from the segment `1`, `a` or the zero
    /// UUID, or ``SampleDecoder``'s plain value): a route map builds a route's child coordinator
    /// with it to list that coordinator's routes.
    var sample: @Sendable () -> Any? = { nil }
}

extension InputCodec {
    /// The codec of a route's input type: its ``PathSegmentConvertible`` text when it has one
    /// (`Int`, `String`, `UUID`, an app's own), else its `Codable` form; `nil` for neither.
    static func of<T>(_ type: T.Type) -> InputCodec? {
        if let convertible = type as? any PathSegmentConvertible.Type {
            return Self.text(convertible)
        }
        if let codable = type as? any (Codable & SendableMetatype).Type {
            return Self.structured(codable)
        }
        return nil
    }

    /// A single segment holding a ``PathSegmentConvertible`` value's text.
    static func text<T: PathSegmentConvertible>(_: T.Type) -> InputCodec {
        InputCodec(
            segmentCount: 1,
            decodeSegments: { segments throws(InputDecodingError) in
                let raw = segments[segments.startIndex]
                let plain = PathCodec.isCanonicalPlain(raw)
                let text = plain ? String(raw) : try PathCodec.decodeInput(raw)
                let value = try T(pathSegment: text)
                let canonical = value.pathSegment
                return (value, plain && canonical == text ? text : PathCodec.encodeInput(canonical))
            },
            decodeText: { text throws(InputDecodingError) in
                let value = try T(pathSegment: text)
                return (value, PathCodec.encodeInput(value.pathSegment))
            },
            encode: { PathCodec.encodeInput(($0 as! T).pathSegment) },
            argumentTypes: [String(describing: T.self)],
            sample: {
                Self.sampleSegments.lazy.compactMap { try? T(pathSegment: $0) }.first
                    ?? SampleDecoder.sample(ofAny: T.self)
            }
        )
    }

    /// The segments a ``sample`` is tried from, in order (the last one is a UUID's).
    private static let sampleSegments = ["1", "a", "00000000-0000-0000-0000-000000000000"]

    /// A single segment holding any `Codable` value as a ``SegmentValue``: `3`, `(a,b)`,
    /// `(id=3,tag=x)`.
    static func structured<T: Codable & SendableMetatype>(_: T.Type) -> InputCodec {
        let decode = { @Sendable (raw: Substring) throws(InputDecodingError) -> Decoded in
            let value = try SegmentDecoder.decode(T.self, from: try SegmentValue(segment: raw))
            let segment = try SegmentEncoder.encode(value).segment
            // A segment that is its value's own encoding round-trips by what was just done;
            // another spelling's canonical segment must be checked before a URL names it.
            if segment[...] == raw { return (value, segment) }
            return (value, try Self.canonicalSegment(of: value))
        }
        return InputCodec(
            segmentCount: 1,
            decodeSegments: { segments throws(InputDecodingError) in try decode(segments[segments.startIndex]) },
            decodeText: { text throws(InputDecodingError) in try decode(text[...]) },
            encode: { value throws(InputDecodingError) in try Self.canonicalSegment(of: value as! T) },
            argumentTypes: [String(describing: T.self)],
            sample: { SampleDecoder.sample(of: T.self) }
        )
    }

    /// The segment of a `Codable` value, after checking it decodes back to a value with the same
    /// segment (a type whose `Codable` conformance loses or reorders data cannot be an input:
    /// its URLs would not be stable).
    static func canonicalSegment<T: Codable>(of value: T) throws(InputDecodingError) -> String {
        let segment = try SegmentEncoder.encode(value).segment
        let again = try SegmentDecoder.decode(T.self, from: try SegmentValue(segment: segment[...]))
        guard try SegmentEncoder.encode(again).segment == segment else {
            throw InputDecodingError(
                "\(T.self) does not decode to the value it encodes, so its path segment would not be stable"
            )
        }
        return segment
    }

    /// One segment per argument of a factory with several, each with its type's own codec.
    static func arguments<each A: Codable & SendableMetatype>(_ types: repeat (each A).Type) -> InputCodec {
        var codecs: [InputCodec] = []
        for type in repeat each types { codecs.append(Self.of(type)!) }
        let decode = { @Sendable [codecs] (segments: ArraySlice<Substring>) throws(InputDecodingError) -> Decoded in
            guard segments.count == codecs.count else {
                throw InputDecodingError("expected \(codecs.count) segments, one per argument, got \(segments.count)")
            }
            var values: [Any] = []
            var canonical: [String] = []
            for (position, (codec, segment)) in zip(codecs, segments).enumerated() {
                do throws(InputDecodingError) {
                    let decoded = try codec.decodeSegments([segment][...])
                    values.append(decoded.value)
                    canonical.append(decoded.segment)
                } catch {
                    throw InputDecodingError("argument \(position + 1): \(error.reason)")
                }
            }
            return (Self.tuple(values, repeat (each A).self), canonical.joined(separator: "/"))
        }
        return InputCodec(
            segmentCount: codecs.count,
            decodeSegments: decode,
            decodeText: { text throws(InputDecodingError) in
                try decode(text.split(separator: "/", omittingEmptySubsequences: false)[...])
            },
            encode: { [codecs] value throws(InputDecodingError) in
                let tuple = value as! (repeat each A)
                var segments: [String] = []
                for element in repeat each tuple {
                    segments.append(try codecs[segments.count].encode(element))
                }
                return segments.joined(separator: "/")
            },
            argumentTypes: codecs.flatMap(\.argumentTypes),
            sample: { [codecs] in
                var values: [Any] = []
                for codec in codecs {
                    guard let value = codec.sample() else { return nil }
                    values.append(value)
                }
                let tuple: (repeat each A) = Self.tuple(values, repeat (each A).self)
                return tuple
            }
        )
    }

    /// A tuple of the decoded arguments, in order.
    private static func tuple<each A>(_ values: [Any], _ types: repeat (each A).Type) -> (repeat each A) {
        var index = 0
        func next<T>(_: T.Type) -> T {
            defer { index += 1 }
            return values[index] as! T
        }
        return (repeat next(each types))
    }
}

extension PathCodec {
    /// The canonical path segment of a route input, as a route taking `T` writes it: for links
    /// a template builds itself (`{{base}}/search/{{querySegment}}`).
    ///
    /// ```swift
    /// try PathCodec.segment(for: Query(text: "milk", done: false))   // "(done=false,text=milk)"
    /// ```
    public static func segment<T: Codable & SendableMetatype>(for value: T) throws(InputDecodingError) -> String {
        try InputCodec.of(T.self)!.encode(value)
    }

    /// Decodes a route input of type `T` from a raw path segment, as a route taking `T` does.
    public static func value<T: Codable & SendableMetatype>(
        _ type: T.Type,
        fromSegment segment: Substring
    ) throws(InputDecodingError) -> T {
        try InputCodec.of(T.self)!.decodeSegments([segment][...]).value as! T
    }
}
