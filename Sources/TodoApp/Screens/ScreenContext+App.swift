import Signalbox
import SignalboxWeb

extension ScreenContext {
    /// Gives the session a fresh id after its privileges changed (login, logout), so an id
    /// learnt before cannot ride along.
    func rotateSession() {
        self.service(SessionControl.self)?.rotateID()
    }

    /// At login: a fresh id (see ``rotateSession()``), and the session counts as established, so
    /// a full session store evicts visitors who never signed in before it.
    func beginSignedInSession() {
        let control = self.service(SessionControl.self)
        control?.rotateID()
        control?.establish()
    }

    /// The client's address (the forwarded one behind a trusted proxy), for the login throttle.
    var clientAddress: String? {
        self.service(SessionControl.self)?.clientAddress
    }
}
