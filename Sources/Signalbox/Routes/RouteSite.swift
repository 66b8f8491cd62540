import Synchronization

/// Where a route is declared: the route's full type and its place in the source. Every
/// coordinator instance runs the same declaration again with the same site, so the site keys the
/// one ``Route/Declaration`` they all share.
struct RouteSite: Hashable, Sendable {
    /// `Route<Coordinator, Kind, Input, Output>` itself: one source line may only collide with
    /// itself in one type.
    let route: ObjectIdentifier
    /// The `#fileID` literal's address (one literal per call site; its text when the literal has
    /// no address).
    let file: FileKey
    let line: UInt
    let column: UInt

    enum FileKey: Hashable, Sendable {
        case address(UInt)
        case text(String)
    }

    init(_ route: Any.Type, fileID: StaticString, line: UInt, column: UInt) {
        self.route = ObjectIdentifier(route)
        self.file =
            fileID.hasPointerRepresentation
            ? .address(UInt(bitPattern: fileID.utf8Start)) : .text(fileID.description)
        self.line = line
        self.column = column
    }

    /// Declarations made so far, by site. They live as long as the process, like the route tables.
    private static let declarations = Mutex<[RouteSite: any AnyObject & Sendable]>([:])

    /// The declaration made at `site`, or the one `make` makes (the first time only).
    static func declaration<Declaration: AnyObject & Sendable>(
        at site: RouteSite,
        make: () -> Declaration
    ) -> Declaration {
        // The site includes the route's type (`Route<Coordinator, Kind, Input, Output>`), which
        // fixes the declaration's type, so what is stored under it is a `Declaration`. Unchecked
        // because every route of every coordinator built (each session, each restore) reads it.
        if let known = self.declarations.withLock({ $0[site] }) {
            return unsafeDowncast(known, to: Declaration.self)
        }
        let made = make()
        return self.declarations.withLock { declarations in
            if let known = declarations[site] { return unsafeDowncast(known, to: Declaration.self) }
            declarations[site] = made
            return made
        }
    }
}
