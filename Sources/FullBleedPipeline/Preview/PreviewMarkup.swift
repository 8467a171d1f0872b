import Foundation

/// Escaping and number formatting for the preview page: every piece of manifest text (asset keys, paths,
/// alt text, warnings) goes through `text` or `attribute`, every file path through `url`.
enum PreviewMarkup {
    /// `text` safe as HTML element content: `& < > " '` become character references.
    static func text(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `value` safe inside a double-quoted attribute (the same escaping as `text`).
    static func attribute(_ value: String) -> String { text(value) }

    /// A relative, `/`-separated file path as a relative URL: each component percent-encoded (spaces, `#`,
    /// `?`, `%` and non-ASCII), so the browser finds exactly that file. The result is attribute-safe.
    static func url(_ relativePath: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x7F)))
        allowed.insert(charactersIn: "-._~")
        return relativePath.split(separator: "/", omittingEmptySubsequences: false)
            .map { component in
                component == ".." ? ".." : (String(component).addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
            }
            .joined(separator: "/")
    }

    /// `value` with `decimals` decimals, locale-independent ("0.52", "402").
    static func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return "n/a" }
        return String(format: "%.\(decimals)f", value)
    }

    /// A CSS length in px (CSS px stand for points on the device frames), at most two decimals.
    static func px(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? "\(Int(rounded))px" : "\(rounded)px"
    }

    /// A percentage of `whole` for CSS positions, four decimals.
    static func percent(_ part: Double, of whole: Double) -> String {
        guard whole > 0 else { return "0%" }
        return String(format: "%.4f%%", part / whole * 100)
    }
}
