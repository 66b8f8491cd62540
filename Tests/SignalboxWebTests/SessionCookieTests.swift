import Foundation
import HTTPTypes
import SignalboxHTTP
import SignalboxTesting
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
        ("signalbox_session=\(valid.dropLast())g", []),
        ("signalbox_session=0123456789abcdef/123456789abcdef", []),
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

    /// A header stuffed with ids (a look-up each) is read only as far as the first few.
    @Test func onlyTheFirstFewDistinctIDsAreLookedUp() {
        let ids = (0..<150).map { String(repeating: "0", count: 29) + String(format: "%03d", $0) }
        let header = ids.map { "signalbox_session=\($0)" }.joined(separator: "; ")
        let read = SessionCookie.candidates(in: header, name: "signalbox_session").map(\.rawValue)
        #expect(read == Array(ids.prefix(SessionCookie.maxCandidates)))
        #expect(SessionCookie.maxCandidates == 4)
        // Repeats and malformed values do not use up the budget.
        let repeated = [ids[0], ids[0], "bad", ids[1], ids[1], ids[2], ids[3]].map { "signalbox_session=\($0)" }
        #expect(
            SessionCookie.candidates(in: repeated.joined(separator: "; "), name: "signalbox_session").map(\.rawValue)
                == Array(ids.prefix(4))
        )
    }

    @Test func writesAnHttpOnlyLaxCookieForTheAppsPaths() async throws {
        let id = try #require(SessionID(rawValue: Self.valid))
        #expect(
            SessionCookie.setCookie(name: "sid", id: id, path: "/", secure: false)
                == "sid=\(Self.valid); Path=/; HttpOnly; SameSite=Lax"
        )
        #expect(
            SessionCookie.setCookie(name: "sid", id: id, path: "/", secure: true)
                == "sid=\(Self.valid); Path=/; HttpOnly; SameSite=Lax; Secure"
        )
        #expect(
            SessionCookie.setCookie(name: "sid", id: id, path: "/todo", secure: false)
                == "sid=\(Self.valid); Path=/todo; HttpOnly; SameSite=Lax"
        )
    }

    /// A million ids straight from the generator: all 32 lowercase hex digits, all distinct, and
    /// every one of the 128 bit positions set in 50 % ± 1 % of them (a fixed, stuck or biased bit
    /// would be hundreds of standard deviations out; a fair one is 20 within).
    @Test func sessionIDsAre128RandomBitsAndLogOnlyAFingerprint() async {
        let count = 1_000_000
        var seen = Set<UInt128>(minimumCapacity: count)
        // Bit-sliced counters: bit k of slices[k] at position p is bit k of how many ids had bit p set.
        var slices = [UInt128](repeating: 0, count: 21)
        var malformed = 0
        var nibbles = [UInt8](repeating: 0xFF, count: 256)
        for (value, digit) in "0123456789abcdef".utf8.enumerated() { nibbles[Int(digit)] = UInt8(value) }
        nibbles.withUnsafeBufferPointer { nibbles in
            for _ in 0..<count {
                var raw = SessionID.random().rawValue
                let parsed: UInt128? = raw.withUTF8 { bytes in
                    guard bytes.count == 32 else { return nil }
                    var value: UInt128 = 0
                    var invalid: UInt8 = 0
                    for byte in bytes {
                        let nibble = nibbles[Int(byte)]
                        invalid |= nibble
                        value = value << 4 | UInt128(nibble & 0xF)
                    }
                    return invalid & 0xF0 == 0 ? value : nil
                }
                guard var carry = parsed else {
                    malformed += 1
                    continue
                }
                seen.insert(carry)
                var slice = 0
                while carry != 0 {
                    let next = slices[slice] & carry
                    slices[slice] ^= carry
                    carry = next
                    slice += 1
                }
            }
        }
        #expect(malformed == 0, "32 lowercase hex digits each")
        #expect(seen.count == count, "no two equal")
        let outOfBalance = (0..<128).filter { bit in
            let set = slices.indices.reduce(0) { $0 + Int((slices[$1] >> bit) & 1) << $1 }
            return abs(Double(set) / Double(count) - 0.5) > 0.01
        }
        #expect(outOfBalance.isEmpty, "bit positions set in more or less than 50 % ± 1 % of the ids")

        // Held as two words, not a string: a session keeps no heap block for its id.
        #expect(MemoryLayout<SessionID>.size == 16)
        for id in (0..<10).map({ _ in SessionID.random() }) {
            #expect(SessionID(rawValue: id.rawValue) == id)
            #expect(!id.description.contains(id.rawValue))
            #expect(id.fingerprint.count == 8)
        }
    }
}
