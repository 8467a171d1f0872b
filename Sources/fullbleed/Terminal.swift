import Foundation

/// Facts about where output goes: whether stderr is a terminal, and whether colour is allowed.
enum Terminal {
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org).
    static var colorAllowed: Bool {
        standardErrorIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
    }

    static func red(_ text: String) -> String { colorAllowed ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
    static func yellow(_ text: String) -> String { colorAllowed ? "\u{1B}[33m\(text)\u{1B}[0m" : text }
}
