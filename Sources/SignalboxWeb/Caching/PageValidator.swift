import Signalbox
import SignalboxHTTP

/// A page's validator, sent as its `ETag`: a stable hash of everything the page is a function
/// of — how it is written (HTML with which templates, or JSON), where the app is mounted,
/// whether developer tools are on, the session's CSRF token (so a rotated session, at login or
/// logout, never matches a page of the old one), the whole navigation state (every stack and
/// tab, not only the visible branch) and each shown screen's ``Screen/dataVersion``.
///
/// A revalidation (`If-None-Match`) that names it is answered `304 Not Modified` without
/// loading titles or view models and without rendering.
struct PageValidator: Equatable, Sendable {
    /// The entity tag, quotes included: `"p…"` (32 hex digits).
    let entityTag: String

    /// The validator of the page `branch` shows, or `nil` when it cannot have one: a screen
    /// without a data version, HTML templates without a version, or a tree that does not
    /// snapshot.
    static func of(
        _ branch: ActiveBranch,
        in state: inout SessionState,
        templates: String?,
        json: Bool,
        mount: MountPath,
        developerTools: Bool
    ) async throws -> PageValidator? {
        guard json || templates != nil else { return nil }
        var hasher = StableHasher()
        // The screens first: a page without versions (an app that gives none) costs no snapshot.
        for entry in branch.screens {
            guard let version = try await entry.screen.dataVersion else { return nil }
            hasher.combine(version)
        }
        guard let tree = Self.treeDigest(of: &state) else { return nil }
        hasher.combine(json ? "json" : "html")
        if !json, let templates { hasher.combine(templates) }
        hasher.combine(mount.prefix)
        hasher.combine(developerTools)
        hasher.combine(state.csrfToken)
        hasher.combine(tree)
        return PageValidator(entityTag: "\"p\(hasher.finalize())\"")
    }

    /// The hash of the session's whole navigation state, taken again only when the tree's
    /// revision moved since the last page; `nil` when the tree does not snapshot.
    private static func treeDigest(of state: inout SessionState) -> StableHasher.Digest? {
        let revision = state.tree.revision
        if let cached = state.treeDigest, cached.revision == revision { return cached.digest }
        guard let snapshot = try? state.tree.snapshot() else { return nil }
        var hasher = StableHasher()
        hasher.combine(snapshot)
        let digest = hasher.digest()
        state.treeDigest = (revision, digest)
        return digest
    }

    /// Whether an `If-None-Match` field value names this validator: `*`, or a list of entity
    /// tags compared weakly (RFC 9110 §13.1.2: `W/` is ignored). A malformed list matches
    /// nothing, so the client gets the full page.
    func isNamed(byIfNoneMatch field: String?) -> Bool {
        guard let field else { return false }
        return field.withUTF8Bytes { field in self.entityTag.withUTF8Bytes { Self.list(field, names: $0) } }
    }

    private static func list(_ field: UnsafeBufferPointer<UInt8>, names own: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while true {
            while index < field.count,
                field[index] == UInt8(ascii: " ") || field[index] == UInt8(ascii: "\t")
                    || field[index] == UInt8(ascii: ",")
            {
                index += 1
            }
            guard index < field.count else { return false }
            if field[index] == UInt8(ascii: "*") { return true }
            if index + 1 < field.count, field[index] == UInt8(ascii: "W"), field[index + 1] == UInt8(ascii: "/") {
                index += 2
            }
            guard index < field.count, field[index] == UInt8(ascii: "\"") else { return false }
            guard let close = field[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return false }
            if field[index...close].hasSameBytes(as: own) { return true }
            index = close + 1
        }
    }
}

extension StableHasher {
    mutating func combine(_ snapshot: NavigationSnapshot) {
        self.combine(snapshot.pendingPath)
        self.combine(snapshot.root)
        // A page shown again after a submission gets a new one-time submission id.
        self.combine(snapshot.submissions.last?.key)
        // A form shows its draft.
        for draft in snapshot.drafts {
            self.combine(draft.path)
            self.combine(UInt64(draft.fields.count))
            for field in draft.fields {
                self.combine(field.name)
                self.combine(field.value)
            }
        }
    }

    mutating func combine(_ coordinator: CoordinatorSnapshot) {
        switch coordinator {
        case .navigation(let type, let root, let stack):
            self.combine(byte: 1)
            self.combine(type)
            self.combine(root)
            self.combine(UInt64(stack.count))
            for entry in stack { self.combine(entry) }
        case .tabs(let type, let active, let tabs):
            self.combine(byte: 2)
            self.combine(type)
            self.combine(active)
            self.combine(UInt64(tabs.count))
            for tab in tabs {
                self.combine(tab.name)
                self.combine(tab.child)
            }
        case .wrapper(let type, let child):
            self.combine(byte: 3)
            self.combine(type)
            self.combine(child)
        }
    }

    mutating func combine(_ coordinator: CoordinatorSnapshot?) {
        guard let coordinator else { return self.combine(byte: 0) }
        self.combine(coordinator)
    }

    mutating func combine(_ entry: EntrySnapshot) {
        self.combine(entry.route)
        self.combine(entry.presentation?.rawValue)
        self.combine(entry.input)
        self.combine(entry.child)
    }
}
