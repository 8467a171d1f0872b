import Foundation
import CCrypto

/// SHA-256 through OpenSSL's libcrypto (`EVP_Digest` with `EVP_sha256()`).
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func digest<Bytes: ContiguousBytes>(_ bytes: Bytes) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { raw in
            digest.withUnsafeMutableBufferPointer { out in
                EVP_Digest(raw.baseAddress, raw.count, out.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        precondition(ok == 1 && length == 32, "EVP_Digest(SHA-256) failed")
        return digest
    }

    /// The digest as 64 lowercase hex digits.
    public static func hex<Bytes: ContiguousBytes>(_ bytes: Bytes) -> String {
        let table = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in digest(bytes) {
            text.append(table[Int(byte >> 4)])
            text.append(table[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
