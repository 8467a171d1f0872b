import Foundation

/// The URL prefix the built files are served under (`"publicPath"` in a pipeline, `--public-url` on the
/// command line), as the HTML snippets put it before each file's path relative to the output folder.
public enum PublicPath {
    /// `text` checked and normalised to end in `/`: an absolute `http://` or `https://` URL with a host, or a
    /// path from the site's root (`/heroes/`); printable ASCII without spaces, quotes, `<`, `>`, `\`, `?` or `#`
    /// (a query or fragment would end up in the middle of every URL). Throws a `ConfigError` at `location`
    /// naming the value.
    public static func normalised(_ text: String, at location: String) throws -> String {
        func refuse(_ why: String) -> ConfigError {
            ConfigError(location: location, message: "expects an http(s) URL or a path starting with '/' (e.g. https://cdn.example.com/heroes/ or /heroes/): \(why), found \"\(OneLine.escaped(text))\"")
        }
        let forbidden = Set("\"'<>\\^`{|}?#".unicodeScalars)
        if let bad = text.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value >= 0x7F || forbidden.contains($0) }) {
            let shown = bad.value <= 0x20 || bad.value >= 0x7F ? String(format: "U+%04X", bad.value) : "'\(bad)'"
            throw refuse("\(shown) is not allowed (percent-encode it; no query or fragment)")
        }
        let lower = text.lowercased()
        if let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) {
            let host = text.dropFirst(scheme.count).prefix { $0 != "/" }
            guard !host.isEmpty, !host.hasPrefix(":"), !host.contains("@") else { throw refuse("no host") }
        } else if text.hasPrefix("//") {
            throw refuse("a scheme-relative URL; give the scheme")
        } else if !text.hasPrefix("/") {
            throw refuse(text.contains(":") ? "only http and https URLs" : "a relative path")
        }
        return text.hasSuffix("/") ? text : text + "/"
    }
}
