import Foundation

/// Facts about where output goes: whether stderr is a terminal, and whether colour is allowed.
enum Terminal {
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// The width of the terminal on stderr in columns (80 when it cannot be told).
    static var standardErrorColumns: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org).
    static var colorAllowed: Bool {
        standardErrorIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
    }

    static func red(_ text: String) -> String { colorAllowed ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
    static func yellow(_ text: String) -> String { colorAllowed ? "\u{1B}[33m\(text)\u{1B}[0m" : text }
}
