/// A failure to probe, decode or encode an image: typed, with the stage, the format and the
/// C library's own message, rendered as one line such as
/// `Samples/x.jpg: decode failed (jpeg): Premature end of JPEG file`.
public struct CodecError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Stage: String, Sendable, Codable {
        case probe, decode, encode
    }

    public enum Reason: Sendable, Equatable {
        /// The input has no bytes.
        case empty
        /// The bytes start with no known signature; `prefix` shows the first bytes, escaped.
        case unrecognizedFormat(prefix: String)
        /// The header claims more pixels than the limit allows (checked before any allocation).
        case pixelLimitExceeded(width: Int, height: Int, limit: Int)
        /// The header claims a zero or absurd size.
        case invalidDimensions(width: Int, height: Int)
        /// The library found corrupt or truncated data; the library's message.
        case corrupt(String)
        /// Valid data that is not supported; what is not.
        case unsupported(String)
        /// An encoder or decoder option is out of range; which and why.
        case invalidOption(String)
        /// The decode took longer than `DecodeOptions.timeLimitSeconds` (the limit, seconds) and was abandoned.
        case timedOut(seconds: Double)
    }

    public var stage: Stage
    public var format: ImageFormat?
    public var reason: Reason
    /// The file the bytes came from, when known (set by the file adapters).
    public var path: String?

    public init(stage: Stage, format: ImageFormat?, reason: Reason, path: String? = nil) {
        self.stage = stage
        self.format = format
        self.reason = reason
        self.path = path
    }

    /// The same error attributed to `path`.
    public func at(path: String) -> CodecError {
        var copy = self
        copy.path = path
        return copy
    }

    /// The reason alone, e.g. `Premature end of JPEG file`.
    public var reasonText: String {
        switch reason {
        case .empty: return "empty file (0 bytes)"
        case .unrecognizedFormat(let prefix): return "not a JPEG, PNG, WebP, HEIC or AVIF image (starts with \(prefix))"
        case .pixelLimitExceeded(let w, let h, let limit):
            return "\(w)x\(h) is \(w.multipliedReportingOverflow(by: h).partialValue) pixels, over the limit of \(limit) pixels"
        case .invalidDimensions(let w, let h): return "invalid dimensions \(w)x\(h)"
        case .corrupt(let message): return message
        case .unsupported(let what): return "unsupported: \(what)"
        case .invalidOption(let what): return "invalid option: \(what)"
        case .timedOut(let seconds): return "timed out after \(formatSeconds(seconds)) s"
        }
    }

    /// One line: `path: stage failed (format): reason`.
    public var description: String {
        var line = ""
        if let path { line += "\(path): " }
        line += "\(stage.rawValue) failed"
        if let format { line += " (\(format.rawValue))" }
        line += ": " + reasonText.replacingNewlines()
        return line
    }
}

extension String {
    /// The string with line breaks replaced by spaces, so error text stays on one line.
    func replacingNewlines() -> String {
        String(map { $0.isNewline ? " " : $0 })
    }
}

/// `60`, `0.5`, `0.001`, `0.000001`: plain decimals (never exponents), at most 6 decimal places.
func formatSeconds(_ seconds: Double) -> String {
    var text = String(format: "%.6f", seconds)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}

/// Renders the first bytes of an unrecognised file for an error message: printable ASCII quoted, else hex.
func describePrefix(_ bytes: [UInt8]) -> String {
    let head = bytes.prefix(8)
    if !head.isEmpty && head.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
        return "'" + String(decoding: head, as: UTF8.self) + "'"
    }
    return head.map { byte in
        let hex = String(byte, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
    }.joined(separator: " ")
}
