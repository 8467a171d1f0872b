/// A `Contents.json` value of an Xcode asset catalog, rendered exactly as Xcode writes it: keys sorted,
/// two-space indentation, `"key" : value` with a space on both sides of the colon, a trailing newline.
enum XcodeContentsJSON: Equatable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([XcodeContentsJSON])
    case object([String: XcodeContentsJSON])

    /// The `"info"` block Xcode writes into every `Contents.json`. The author is `xcode`, not `fullbleed`:
    /// Xcode rewrites the author whenever someone touches the catalog, and keeping its value means opening
    /// the catalog in Xcode never turns into a diff against the next build.
    static let info: XcodeContentsJSON = .object(["author": .string("xcode"), "version": .integer(1)])

    /// The rendered file, UTF-8.
    var bytes: [UInt8] {
        var text = ""
        write(into: &text, indent: "")
        text += "\n"
        return Array(text.utf8)
    }

    private func write(into text: inout String, indent: String) {
        switch self {
        case .string(let value): text += Self.quoted(value)
        case .integer(let value): text += String(value)
        case .bool(let value): text += value ? "true" : "false"
        case .array(let items):
            guard !items.isEmpty else { text += "[\n\n" + indent + "]"; return }
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += indent + "  "
                item.write(into: &text, indent: indent + "  ")
                text += index == items.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let fields):
            let keys = fields.keys.sorted()
            text += "{\n"
            for (index, key) in keys.enumerated() {
                text += indent + "  " + Self.quoted(key) + " : "
                fields[key]!.write(into: &text, indent: indent + "  ")
                text += index == keys.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }

    private static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
