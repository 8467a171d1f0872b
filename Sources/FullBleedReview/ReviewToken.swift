import CCrypto
import Foundation

/// The secret every request to the review server must carry: 32 bytes from the system's CSPRNG (OpenSSL's
/// `RAND_bytes`, seeded by the kernel), as 64 lowercase hex digits, compared in constant time.
public struct ReviewToken: Sendable {
    public let hex: String

    /// A fresh token. Fails only when the CSPRNG cannot be seeded.
    public static func generate() throws -> ReviewToken {
        var bytes = [UInt8](repeating: 0, count: 32)
        guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else { throw ReviewError(status: 500, message: "the system random number generator failed") }
        return ReviewToken(hex: bytes.map { String(format: "%02x", $0) }.joined())
    }

    /// Whether `candidate` is this token: `CRYPTO_memcmp` over equal lengths, so the time taken does not
    /// depend on how many leading characters match.
    public func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let a = Array(hex.utf8), b = Array(candidate.utf8)
        guard a.count == b.count else { return false }
        return CRYPTO_memcmp(a, b, a.count) == 0
    }
}

/// A refused or failed request: the HTTP status and a one-line message for the page.
public struct ReviewError: Error, Sendable, CustomStringConvertible {
    public var status: Int
    public var message: String
    public init(status: Int, message: String) {
        self.status = status
        self.message = message
    }
    public var description: String { message }
}
