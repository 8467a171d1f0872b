/// Text that must stay on one terminal line (error lines, notes, progress): file names may hold
/// newlines, carriage returns or escape sequences, which would split one error into several lines or
/// drive the terminal.
public enum OneLine {
    /// `text` with C0 and C1 control characters and DEL escaped: `\n`, `\r`, `\t`, else `\u{XX}`.
    /// A backslash followed by such an escape stays a backslash, so the result is readable, not reversible.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
