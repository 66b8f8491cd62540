import Signalbox
import SignalboxWeb

extension ScreenContext {
    /// Gives the session a fresh id after its privileges changed (login, logout), so an id
    /// learnt before cannot ride along.
    func rotateSession() {
        self.service(SessionControl.self)?.rotateID()
    }
}
