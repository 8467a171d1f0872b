import FullBleedPipeline

/// FullBleed's small command-line parser (the toolchain has no argument-parser module).
///
/// Supports `--name value`, `--name=value`, `-x value`, boolean `--flag`, repeated options, `--` to end
/// options, and positional arguments anywhere. Unknown options and missing values are usage errors.
/// A usage mistake: rendered as one line, exit code 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

struct ParsedArguments {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    /// The last value given for `option`.
    func value(_ option: String) -> String? { values[option]?.last }
    func allValues(_ option: String) -> [String] { values[option] ?? [] }

    /// An integer option in `range`, or a usage error naming the option.
    func integer(_ option: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(message: "--\(option) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }

    static func parse(_ arguments: [String], options: [OptionSpec]) throws -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        func spec(long: String) -> OptionSpec? { options.first { $0.long == long } }
        func spec(short: Character) -> OptionSpec? { options.first { $0.short == short } }

        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }

            var name: String
            var inlineValue: String?
            let option: OptionSpec
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard let found = spec(long: name) else {
                    let nearest = PipelineLoader.nearestName(to: name, among: options.map(\.long))
                    throw UsageError(message: "unknown option '--\(name)'" + (nearest.map { "; did you mean '--\($0)'?" } ?? ""))
                }
                option = found
            } else {
                let letters = Array(argument.dropFirst())
                guard letters.count >= 1, let found = spec(short: letters[0]) else {
                    throw UsageError(message: "unknown option '\(argument)'")
                }
                option = found
                if letters.count > 1 { inlineValue = String(letters.dropFirst()) }
            }

            if option.takesValue {
                if inlineValue == nil {
                    guard index < arguments.count else { throw UsageError(message: "option '--\(option.long)' needs a value (\(option.valueName!))") }
                    inlineValue = arguments[index]
                    index += 1
                }
                result.values[option.long, default: []].append(inlineValue!)
            } else {
                if inlineValue != nil { throw UsageError(message: "option '--\(option.long)' takes no value") }
                result.flags.insert(option.long)
            }
        }
        return result
    }
}
