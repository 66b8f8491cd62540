/// A `struct MHD_Connection *` that can cross into a Swift task.
///
/// `@unchecked Sendable` is safe because Swift never dereferences the pointer: it only hands it
/// back to `MHD_resume_connection`, which libmicrohttpd documents as callable from any thread, and
/// ``ResponseSlot`` guarantees that happens exactly once and only while the connection is suspended
/// (a suspended connection is never freed: it cannot time out and disconnects go unnoticed).
struct ConnectionHandle: @unchecked Sendable {
    let raw: OpaquePointer
}

/// A `struct MHD_Daemon *` kept in the server's lifecycle state.
///
/// `@unchecked Sendable` is safe because the daemon is only used through libmicrohttpd's
/// thread-safe entry points (`MHD_get_daemon_info`, `MHD_quiesce_daemon`) and stopped exactly once
/// by the single caller that moves the lifecycle from `running` to `stopping`.
struct DaemonHandle: @unchecked Sendable {
    let raw: OpaquePointer
}
