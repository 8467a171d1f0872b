/// Why a placeholder (ThumbHash, BlurHash) could not be encoded or decoded.
public enum PlaceholderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input image exceeds the encoder's size limit (ThumbHash: 100x100).
    case imageTooLarge(width: Int, height: Int, limit: Int)
    /// BlurHash component counts must each be 1...9.
    case invalidComponentCount(x: Int, y: Int)
    /// A hash that cannot be decoded, with the reason.
    case invalidHash(String)

    public var description: String {
        switch self {
        case let .imageTooLarge(width, height, limit):
            return "placeholder input \(width)x\(height) exceeds \(limit)x\(limit): downscale first"
        case let .invalidComponentCount(x, y):
            return "BlurHash components \(x)x\(y) out of range 1...9"
        case .invalidHash(let reason):
            return "invalid placeholder hash: \(reason)"
        }
    }
}
