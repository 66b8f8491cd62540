import SignalboxHTTP
import Synchronization

/// Where a responder task leaves its response for the connection's libmicrohttpd thread.
///
/// A small state machine decides who may touch the connection:
///
/// * `pending → done`: the task finished before the libmicrohttpd thread suspended the connection
///   (always so for responders that never suspend): that thread queues the response itself.
/// * `pending → suspended → done`: the task finished later and resumes the connection.
/// * `suspended → abandoned`: shutdown gave up waiting; shutdown resumes the connection and the
///   task's eventual result is dropped.
/// * `pending → abandoned`: shutdown no longer allows suspending; the libmicrohttpd thread answers
///   503 at once and the task's eventual result is dropped.
///
/// Exactly one party calls `MHD_resume_connection`, and only after `MHD_suspend_connection`.
final class ResponseSlot: Sendable {
    enum State: Sendable {
        case pending
        case suspended
        case done
        case abandoned
    }

    /// What the libmicrohttpd thread should do after it suspended the connection.
    enum AfterSuspend {
        /// Return and wait for the task to resume the connection.
        case wait
        /// The task finished in the meantime: resume the connection right away.
        case resumeNow
    }

    private struct Storage {
        var state: State = .pending
        var response: Response?
        var task: Task<Void, Never>?
    }

    let connection: ConnectionHandle
    private let storage = Mutex(Storage())

    init(connection: ConnectionHandle) {
        self.connection = connection
    }

    /// Called by the task with its response. Returns `true` when the caller must resume the connection.
    func complete(with response: Response) -> Bool {
        self.storage.withLock { storage in
            switch storage.state {
            case .pending:
                storage.state = .done
                storage.response = response
                return false
            case .suspended:
                storage.state = .done
                storage.response = response
                storage.task = nil
                return true
            case .done, .abandoned:
                return false
            }
        }
    }

    /// The response, if the task has finished; otherwise `nil`. Called on the libmicrohttpd thread.
    func takeResponse() -> (State, Response?) {
        self.storage.withLock { storage in
            let response = storage.response
            storage.response = nil
            return (storage.state, response)
        }
    }

    /// Called on the libmicrohttpd thread right after `MHD_suspend_connection`.
    func markSuspended(task: Task<Void, Never>) -> AfterSuspend {
        self.storage.withLock { storage in
            switch storage.state {
            case .pending:
                storage.state = .suspended
                storage.task = task
                return .wait
            case .done, .suspended, .abandoned:
                return .resumeNow
            }
        }
    }

    /// Called on the libmicrohttpd thread when the connection may not be suspended (shutdown): the
    /// response if the task has finished meanwhile; otherwise the slot is abandoned and `nil` returned.
    func finishWithoutSuspending() -> Response? {
        self.storage.withLock { storage in
            if case .done = storage.state {
                defer { storage.response = nil }
                return storage.response
            }
            storage.state = .abandoned
            return nil
        }
    }

    /// Called by shutdown. Returns `true` when the caller must resume the connection; the pending
    /// task is cancelled and its response will be dropped.
    func abandon() -> Bool {
        let (mustResume, task): (Bool, Task<Void, Never>?) = self.storage.withLock { storage in
            guard case .suspended = storage.state else { return (false, nil) }
            storage.state = .abandoned
            defer { storage.task = nil }
            return (true, storage.task)
        }
        task?.cancel()
        return mustResume
    }
}
