import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory fullbleed [--target NAME] [fullbleed build options] [INPUT...]`
///
/// Runs `fullbleed build` over the package's hero photos. Every argument except `--target` is passed to
/// `fullbleed build` unchanged; relative paths are resolved against the package root (the tool runs there).
///
/// Defaults, each used only when the argument is not given:
/// - input: `<package>/Heroes`, or with `--target NAME` the target's `Heroes` folder (`Sources/NAME/Heroes`);
/// - `--out`: `<package>/Generated/Heroes`, or with `--target NAME` the target's `Resources/Heroes` folder, so
///   the derivatives and `manifest.json` ship in the target's bundle (`resources: [.copy("Resources/Heroes")]`);
/// - `--pipeline`: `ios-hero`, which `fullbleed` resolves to the package's own `Pipelines/ios-hero.json` when
///   present and to its built-in copy otherwise.
///
/// The tool's output is shown as it runs; a failed build (exit status not 0) is reported as an error and the
/// plugin exits with the tool's status.
@main
struct FullBleedPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        guard targetNames.count <= 1 else { throw PluginUsageError(message: "give at most one --target") }
        var buildArguments = extractor.remainingArguments

        let tool = try context.tool(named: "fullbleed")
        let packageRoot = context.package.directoryURL
        let usage = try BuildArgumentUsage(helpText: runCapturingOutput(tool.url, ["build", "--help"], in: packageRoot))

        let defaultInput: URL
        let defaultOutput: URL
        if let targetName = targetNames.first {
            guard let target = try context.package.targets(named: [targetName]).first else {
                throw PluginUsageError(message: "no target named '\(targetName)' in package '\(context.package.displayName)'")
            }
            // `Target.directoryURL` needs tools version 6.1; this package is 6.0.
            let targetDirectory = URL(fileURLWithPath: target.directory.string)
            defaultInput = targetDirectory.appendingPathComponent("Heroes")
            defaultOutput = targetDirectory.appendingPathComponent("Resources/Heroes")
        } else {
            defaultInput = packageRoot.appendingPathComponent("Heroes")
            defaultOutput = packageRoot.appendingPathComponent("Generated/Heroes")
        }
        if !usage.hasOption(buildArguments, "out") {
            buildArguments += ["--out", defaultOutput.path]
        }
        if !usage.hasPositionals(buildArguments) {
            guard FileManager.default.fileExists(atPath: defaultInput.path) else {
                throw PluginUsageError(message: "no input given and \(defaultInput.path) does not exist: put the hero photos there or name files and folders")
            }
            buildArguments.append(defaultInput.path)
        }

        // Unbuffered, so the line comes before the tool's own output (a plugin's stdout goes to stderr anyway).
        FileHandle.standardError.write(Data("fullbleed build \(buildArguments.joined(separator: " "))\n".utf8))
        let status = try run(tool.url, ["build"] + buildArguments, in: packageRoot)
        if status != 0 {
            Diagnostics.error("fullbleed build failed with exit status \(status) (see the tool's output)")
            exit(status)
        }
    }

    /// Runs the tool with this process's standard output and error, so its progress shows as it runs.
    private func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs the tool and returns its standard output (for `--help`, which is short).
    private func runCapturingOutput(_ executable: URL, _ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A mistake in the plugin's own arguments.
struct PluginUsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Which `fullbleed build` options take a value, read from `fullbleed build --help` so the plugin follows the
/// tool's option list: needed to tell input paths from option values (`--out DIR`, `-j 4`).
struct BuildArgumentUsage {
    /// Long and short spellings (`--out`, `-o`) of the options that take a value, and their long names.
    private var valueOptions: [String: String] = [:]

    /// `helpText` lists one option a line: `  -o, --out DIR         Output folder` or `      --check     ...`.
    init(helpText: String) throws {
        var inOptions = false
        for line in helpText.split(separator: "\n") {
            if line.hasPrefix("Options:") { inOptions = true; continue }
            guard inOptions else { continue }
            let words = line.split(separator: " ")
            guard let longIndex = words.firstIndex(where: { $0.hasPrefix("--") }), longIndex + 1 < words.count else { continue }
            let valueName = words[longIndex + 1]
            let isValueName = valueName.contains(where: \.isUppercase) && !valueName.contains(where: \.isLowercase)
            guard isValueName else { continue }
            let long = String(words[longIndex].dropFirst(2))
            valueOptions["--" + long] = long
            if longIndex > 0, words[longIndex - 1].hasPrefix("-") {
                valueOptions[String(words[longIndex - 1].filter { $0 != "," })] = long
            }
        }
        guard valueOptions["--out"] != nil else {
            throw PluginUsageError(message: "unexpected 'fullbleed build --help' output: no --out option found")
        }
    }

    /// Whether `arguments` give the option `long` (`--out DIR`, `--out=DIR` or its short form).
    func hasOption(_ arguments: [String], _ long: String) -> Bool {
        arguments.prefix { $0 != "--" }.contains { argument in
            if argument.hasPrefix("--\(long)=") { return true }
            return valueOptions[argument] == long || valueOptions[String(argument.prefix(2))] == long
        }
    }

    /// Whether `arguments` hold an input path: an argument that is neither an option nor an option's value.
    func hasPositionals(_ arguments: [String]) -> Bool {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return index < arguments.count }
            if argument == "-" || !argument.hasPrefix("-") { return true }
            // `--out DIR` and `-o DIR` take the next argument; `--out=DIR` and `-oDIR` do not.
            if valueOptions[argument] != nil { index += 1 }
        }
        return false
    }
}
