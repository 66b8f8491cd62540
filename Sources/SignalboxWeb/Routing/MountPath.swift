/// Where a ``WebApp`` is served: `/` (the default) or a path prefix such as `/todo` in a service
/// that has other routes of its own.
///
/// Inside the app every path is an *app path* — what coordinators, guards and the core's URL
/// codec see, always starting at `/`. Everything the web layer sends out (links and form actions
/// in the view models, `Location`, the JSON paths, the cookie's `Path`, the default templates'
/// asset URLs) is a *public URL*: the mount path followed by the app path. Requests are read the
/// other way round; a request outside the mount path is not the app's (`404`).
///
/// ```swift
/// let mount: MountPath = "/todo"
/// mount.url(for: "/authenticated/todos")   // "/todo/authenticated/todos"
/// mount.url(for: "/")                      // "/todo"
/// mount.appPath(of: "/todo/login")         // "/login"
/// mount.appPath(of: "/elsewhere")          // nil
/// ```
///
/// A mount path is `/`, or `/` followed by segments of letters, digits, `-`, `.`, `_` and `~`
/// (neither `.` nor `..`), without a trailing `/`. That keeps it the same in a URL, an HTML
/// attribute and a cookie's `Path`.
public struct MountPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// `""` for `/`, else the path itself (`"/todo"`): what templates write before an app path
    /// (`{{mount}}/_nav/pop`).
    public let prefix: String

    /// The app owns the whole site.
    public static let root = MountPath(validated: "")

    /// A mount path from text such as `"/todo"` or `"/apps/todo"`; a trailing `/` is dropped.
    ///
    /// - Throws: ``MountPathError`` when `path` is not a valid mount path.
    public init(_ path: String) throws(MountPathError) {
        var path = Substring(path)
        guard path.first == "/" else { throw MountPathError(path: String(path), reason: "it must start with /") }
        guard !path.contains("//") else { throw MountPathError(path: String(path), reason: "it has an empty segment") }
        if path.count > 1, path.last == "/" { path = path.dropLast() }
        if path == "/" {
            self = .root
            return
        }
        for segment in path.dropFirst().split(separator: "/") {
            guard segment != "." && segment != ".." else {
                throw MountPathError(path: String(path), reason: "it has a . or .. segment")
            }
            guard segment.utf8.allSatisfy(Self.isAllowed) else {
                throw MountPathError(
                    path: String(path),
                    reason: "only letters, digits, -, ., _ and ~ may appear between the slashes"
                )
            }
        }
        self.init(validated: String(path))
    }

    /// A mount path written in the source, e.g. `"/todo"`; an invalid one stops the program
    /// (use ``init(_:)`` for text from outside).
    public init(stringLiteral value: String) {
        do {
            try self.init(value)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    private init(validated prefix: String) {
        self.prefix = prefix
    }

    /// `/` or the prefix (`/todo`).
    public var path: String { self.prefix.isEmpty ? "/" : self.prefix }

    public var description: String { self.path }

    /// Whether the app owns the whole site.
    public var isRoot: Bool { self.prefix.isEmpty }

    /// The public URL of an app path: `/todo` + `/login`. The app's `/` is the mount path itself.
    public func url(for appPath: String) -> String {
        if self.prefix.isEmpty { return appPath }
        return appPath == "/" ? self.prefix : self.prefix + appPath
    }

    /// The app path a request path (raw, without its query) names: `/todo/login` → `/login`,
    /// `/todo` and `/todo/` → `/`; `nil` when the path is outside the mount path (`/todos`,
    /// `/other`).
    public func appPath(of requestPath: String) -> String? {
        if self.prefix.isEmpty { return requestPath }
        guard requestPath.hasPrefix(self.prefix) else { return nil }
        let rest = requestPath.utf8.dropFirst(self.prefix.utf8.count)
        if rest.isEmpty { return "/" }
        guard rest.first == UInt8(ascii: "/") else { return nil }
        return String(Substring(rest))
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}

/// Text that is not a valid ``MountPath``.
public struct MountPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text given.
    public var path: String
    /// What is wrong with it.
    public var reason: String

    public var description: String { "\"\(self.path.prefix(128))\" is not a mount path: \(self.reason)" }
}
