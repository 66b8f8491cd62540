import Synchronization

/// The largest output of a template so far, reserved up front by its next render; shared by
/// every thread (relaxed: it is only a hint).
final class OutputSizeHint: Sendable {
    private let largest = Atomic<Int>(256)

    /// The capacity to reserve.
    var value: Int { self.largest.load(ordering: .relaxed) }

    /// Records an output's size in UTF-8 bytes.
    func update(_ size: Int) {
        if size > self.value { self.largest.store(size, ordering: .relaxed) }
    }
}
