import Crypto
import CryptoExtras
public import TodoApp

/// Salted scrypt hashes for stored passwords: `scrypt$N$r$p$<salt hex>$<hash hex>`, so the cost
/// can be raised later without invalidating existing hashes.
public struct PasswordHasher: Sendable {
    /// scrypt's cost (`N`, a power of two), block size (`r`) and parallelism (`p`).
    public var rounds: Int
    public var blockSize: Int
    public var parallelism: Int
    /// Where ``hashing(_:)`` and ``verifying(_:against:)`` run (shared by every hasher unless
    /// told otherwise).
    public var lane: HashingLane

    /// The default costs 32 MiB and about 0.1 s per hash on one core (N = 2¹⁵, r = 8, p = 1).
    public init(rounds: Int = 1 << 15, blockSize: Int = 8, parallelism: Int = 1, lane: HashingLane = .shared) {
        self.rounds = rounds
        self.blockSize = blockSize
        self.parallelism = parallelism
        self.lane = lane
    }

    /// A new hash of `password`, made in the ``lane``.
    ///
    /// - Throws: ``TodoStoreError/busy`` when the lane is full; ``TodoStoreError/unavailable``
    ///   when hashing fails.
    public func hashing(_ password: String) async throws(TodoStoreError) -> String {
        let result: String?
        do {
            result = try await self.lane.run { try? self.hash(password) }
        } catch {
            throw .busy
        }
        guard let result else { throw .unavailable }
        return result
    }

    /// Whether `password` matches `stored`, checked in the ``lane``.
    ///
    /// - Throws: ``TodoStoreError/busy`` when the lane is full.
    public func verifying(_ password: String, against stored: String) async throws(TodoStoreError) -> Bool {
        do {
            return try await self.lane.run { self.verify(password, against: stored) }
        } catch {
            throw .busy
        }
    }

    /// A fast hasher for tests (N = 2⁴): never for real passwords.
    public static let forTests = PasswordHasher(rounds: 16, blockSize: 1, parallelism: 1)

    /// A new hash of `password` with a random 16-byte salt.
    public func hash(_ password: String) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let key = try self.derive(
            password,
            salt: salt,
            rounds: self.rounds,
            blockSize: self.blockSize,
            parallelism: self.parallelism
        )
        return "scrypt$\(self.rounds)$\(self.blockSize)$\(self.parallelism)$\(Self.hex(salt))$\(Self.hex(key))"
    }

    /// Whether `password` matches `stored` (compared in constant time); `false` for a malformed hash.
    public func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$")
        guard parts.count == 6, parts[0] == "scrypt", let rounds = Int(parts[1]), let blockSize = Int(parts[2]),
            let parallelism = Int(parts[3]), let salt = Self.bytes(hex: parts[4]),
            let expected = Self.bytes(hex: parts[5]),
            let key = try? self.derive(
                password,
                salt: salt,
                rounds: rounds,
                blockSize: blockSize,
                parallelism: parallelism
            ),
            key.count == expected.count
        else { return false }
        return zip(key, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func derive(
        _ password: String,
        salt: [UInt8],
        rounds: Int,
        blockSize: Int,
        parallelism: Int
    ) throws
        -> [UInt8]
    {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8),
            salt: salt,
            outputByteCount: 32,
            rounds: rounds,
            blockSize: blockSize,
            parallelism: parallelism
        )
        return key.withUnsafeBytes { Array($0) }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    static func bytes(hex: Substring) -> [UInt8]? {
        let characters = Array(hex.utf8)
        guard characters.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = Self.nibble(characters[index]), let low = Self.nibble(characters[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
