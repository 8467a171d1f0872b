/// One command-line option: its spellings, whether it takes a value, and its help line.
///
/// Plain Swift with no imports: the SwiftPM plugin compiles this same file (a symbolic link in
/// `Sources/FullBleedPlugin/`) so it reads `fullbleed build`'s options from `BuildOptionTable`, not from help text.
struct OptionSpec: Sendable {
    let long: String
    let short: Character?
    /// Name of the value shown in help (`N`, `DIR`); nil for a boolean flag.
    let valueName: String?
    let help: String

    init(_ long: String, short: Character? = nil, value: String? = nil, help: String) {
        self.long = long
        self.short = short
        self.valueName = value
        self.help = help
    }

    var takesValue: Bool { valueName != nil }

    /// `-j, --jobs N` as shown in help (flags without a short form are indented to line up).
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? "    "
        text += "--\(long)"
        if let valueName { text += " \(valueName)" }
        return text
    }

    /// Help lines for `options`: each synopsis padded to one column (the longest synopsis plus two spaces),
    /// so a value name is never glued to its description (`--decode-timeout SECONDS  Abandon ...`).
    static func helpLines(_ options: [OptionSpec], indent: String = "  ") -> [String] {
        let width = (options.map(\.synopsis.count).max() ?? 0) + 2
        return options.map { option in
            indent + option.synopsis + String(repeating: " ", count: width - option.synopsis.count) + option.help
        }
    }
}
