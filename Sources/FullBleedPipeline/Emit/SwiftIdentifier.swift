/// Swift identifiers for generated source: member names from asset keys, type-name validation, and string
/// literals.
enum SwiftIdentifier {
    /// Words that must be escaped with backticks to be used as a member name.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// Whether `name` can name a type: a letter or `_`, then ASCII letters, digits or `_`; not a keyword;
    /// at most 64 characters.
    static func isValidTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.count <= 64, !keywords.contains(name), name != "Type", name != "Protocol",
              isLetter(first) || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" }
    }

    /// The lowerCamelCase member name of an asset key, before collisions are resolved: the key split at
    /// every character that is not an ASCII letter or digit; the first word lowercased when it is all
    /// capitals (`IMG_0042-JPG` -> `img0042JPG`), else its first letter; later words capitalised; a leading
    /// digit prefixed with `hero` (`2024-06-trip-jpg` -> `hero202406TripJpg`).
    static func memberName(forKey key: String) -> String {
        var words: [String] = []
        var current = ""
        for scalar in key.unicodeScalars {
            if isLetter(scalar) || isDigit(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard var name = words.first else { return "hero" }
        if name.unicodeScalars.allSatisfy({ !isLowercase($0) }) {
            name = name.lowercased()
        } else {
            name = name.prefix(1).lowercased() + name.dropFirst()
        }
        for word in words.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst() }
        if let first = name.unicodeScalars.first, isDigit(first) { name = "hero" + name }
        return name
    }

    /// Member names for `keys` (in that order), unique and distinct from `reserved`: the first key to want a
    /// name gets it, later ones get `_2`, `_3`, ... (sanitised names never contain `_`, so suffixed names
    /// cannot clash with plain ones). Keywords are returned escaped in backticks.
    static func uniqueMemberNames(forKeys keys: [String], reserved: Set<String>) -> [String] {
        var names = UniqueNames(reserved: reserved)
        return keys.map { names.next(forKey: $0) }
    }

    /// `uniqueMemberNames` one key at a time, in order.
    struct UniqueNames {
        private var taken: Set<String>

        init(reserved: Set<String>) { taken = reserved }

        /// The member name of the next key.
        mutating func next(forKey key: String) -> String {
            let base = memberName(forKey: key)
            var name = base
            var counter = 2
            while taken.contains(name) {
                name = base + "_\(counter)"
                counter += 1
            }
            taken.insert(name)
            return keywords.contains(name) ? "`\(name)`" : name
        }
    }

    /// A Swift string literal of `text`: quotes, backslashes and control characters escaped.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` made safe for a `///` comment line: control characters become spaces.
    static func commentText(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x2028 || $0.value == 0x2029 || $0.value == 0x85 ? " " : $0
        }))
    }

    private static func isLetter(_ s: Unicode.Scalar) -> Bool { (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") }
    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
    private static func isLowercase(_ s: Unicode.Scalar) -> Bool { s >= "a" && s <= "z" }
}
