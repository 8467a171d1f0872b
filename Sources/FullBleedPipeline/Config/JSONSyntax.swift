import Foundation

/// A place in a text file: 1-based line and column (the column counts bytes of UTF-8 from the line's start).
public struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of byte `offset` in `data` (an offset past the end gives the position after the last byte).
    public init(offset: Int, in data: Data) {
        var line = 1, column = 1
        for byte in data.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        self.init(line: line, column: column)
    }

    public var description: String { "\(line):\(column)" }
}

/// Syntax checks that standard JSON (RFC 8259) makes and Foundation's `JSONSerialization` does not.
///
/// Measured with Swift 6.3.1 on Linux: `JSONSerialization.jsonObject(with:options: [.fragmentsAllowed])`
/// accepts `{"a": [1, 2,],}` (trailing commas) without `.json5Allowed`, while `jq`, Python's `json` and
/// JavaScript's `JSON.parse` refuse it; its syntax errors say only "around character N".
enum JSONSyntax {
    /// The byte offset of the first comma that is followed (after whitespace) by `]` or `}`, outside strings.
    static func trailingCommaOffset(_ data: Data) -> Int? {
        var inString = false, escaped = false
        var lastComma: Int?
        for (offset, byte) in data.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
            case UInt8(ascii: ","): lastComma = offset; continue
            case UInt8(ascii: "]"), UInt8(ascii: "}"): if let comma = lastComma { return comma }
            case UInt8(ascii: "\""): inString = true
            default: break
            }
            lastComma = nil
        }
        return nil
    }

    /// Where `JSONSerialization` stopped, from its "around character N" (else the end of the data).
    static func errorOffset(_ error: Error, in data: Data) -> Int {
        let text = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
        guard let range = text.range(of: "around character ") else { return data.count }
        return Int(text[range.upperBound...].prefix { $0.isNumber }) ?? data.count
    }

    /// `JSONSerialization`'s reason without its generic prefix: `Invalid value around character 13.` -> `invalid value`.
    static func reason(_ error: Error) -> String {
        let text = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? (error as NSError).localizedDescription
        var reason = text.components(separatedBy: " around character ").first ?? text
        if reason.hasSuffix(".") { reason.removeLast() }
        return reason.prefix(1).lowercased() + reason.dropFirst()
    }
}
