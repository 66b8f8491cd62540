import HTTPTypes
import SignalboxHTTP
import Testing

@testable import SignalboxWeb

@Suite struct SessionCookieTests {
    static let valid = "0123456789abcdef0123456789abcdef"
    static let other = "fedcba9876543210fedcba9876543210"

    @Test(arguments: [
        ("signalbox_session=\(valid)", [valid]),
        ("theme=dark; signalbox_session=\(valid); lang=en", [valid]),
        ("signalbox_session = \(valid) ", [valid]),
        ("signalbox_session=\"\(valid)\"", [valid]),
        ("signalbox_session=\(other); signalbox_session=\(valid)", [other, valid]),
        ("signalbox_session=\(valid); signalbox_session=\(valid)", [valid]),
        ("signalbox_session=\(valid.uppercased())", []),
        ("signalbox_session=\(valid)00", []),
        ("signalbox_session=\(valid.dropLast())", []),
        ("signalbox_session=", []),
        ("signalbox_session", []),
        ("xsignalbox_session=\(valid)", []),
        ("signalbox_session=../../etc/passwd", []),
        ("", []),
    ])
    func readsOnlyWellFormedSessionIDs(_ header: String, _ expected: [String]) {
        #expect(SessionCookie.candidates(in: header, name: "signalbox_session").map(\.rawValue) == expected)
    }

    @Test func writesAnHttpOnlyLaxCookieForTheWholeSite() throws {
        let id = try #require(SessionID(rawValue: Self.valid))
        #expect(
            SessionCookie.setCookie(name: "sid", id: id, secure: false)
                == "sid=\(Self.valid); Path=/; HttpOnly; SameSite=Lax")
        #expect(
            SessionCookie.setCookie(name: "sid", id: id, secure: true)
                == "sid=\(Self.valid); Path=/; HttpOnly; SameSite=Lax; Secure")
    }

    @Test func sessionIDsAre128RandomBitsAndLogOnlyAFingerprint() {
        let ids = (0..<1000).map { _ in SessionID.random() }
        #expect(Set(ids).count == 1000)
        for id in ids.prefix(10) {
            #expect(id.rawValue.count == 32)
            #expect(SessionID(rawValue: id.rawValue) == id)
            #expect(!id.description.contains(id.rawValue))
            #expect(id.fingerprint.count == 8)
        }
        // Every hex digit shows up in every position over 1000 ids: no fixed or biased positions.
        for position in 0..<32 {
            let digits = Set(ids.map { Array($0.rawValue)[position] })
            #expect(digits.count == 16)
        }
    }
}
