import Signalbox
import SignalboxWeb

extension ScreenContext {
    /// The router of the screen's own navigation coordinator (or the nearest one of type `C`).
    ///
    /// - Throws: ``NavigationError/coordinatorDismissed(coordinator:)`` when none is alive.
    func requireRouter<C: NavigationCoordinatable>(_ type: C.Type) throws(NavigationError) -> NavigationRouter<C> {
        guard let router = self.router(type) else {
            throw .coordinatorDismissed(coordinator: String(describing: type))
        }
        return router
    }

    /// Gives the session a fresh id after its privileges changed (login, logout), so an id
    /// learnt before cannot ride along.
    func rotateSession() {
        self.service(SessionControl.self)?.rotateID()
    }
}
