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
/// The plugin asks SwiftPM for a release build of the `fullbleed` product (debug builds run the pixel loops
/// 35-50x slower) and runs that binary. The tool's output is shown as it runs; a failed build (exit status not
/// 0) is reported as an error and the plugin exits with the tool's status.
@main
struct FullBleedPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        guard targetNames.count <= 1 else { throw PluginUsageError(message: "give at most one --target") }
        var buildArguments = extractor.remainingArguments
        let usage = BuildArgumentUsage(options: BuildOptionTable.options)
        let packageRoot = context.package.directoryURL

        let defaultInput: URL
        let defaultOutput: URL
        if let targetName = targetNames.first {
            guard let target = try context.package.targets(named: [targetName]).first else {
                throw PluginUsageError(message: "no target named '\(targetName)' in package '\(context.package.displayName)'")
            }
            // `Target.directoryURL` needs tools version 6.1 (this package is 6.0); `Path.string`, `.description`
            // and `"\(path)"` are deprecated (a compiler warning on each first run); `String(describing:)` goes
            // through `CustomStringConvertible` and gives the same path without one.
            let targetDirectory = URL(fileURLWithPath: String(describing: target.directory))
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

        let tool = try releaseTool()
        // Unbuffered, so the line comes before the tool's own output (a plugin's stdout goes to stderr anyway).
        FileHandle.standardError.write(Data("fullbleed build \(buildArguments.joined(separator: " "))\n".utf8))
        let status = try run(tool, ["build"] + buildArguments, in: packageRoot)
        if status != 0 {
            Diagnostics.error("fullbleed build failed with exit status \(status) (see the tool's output)")
            exit(status)
        }
    }

    /// The `fullbleed` executable built by SwiftPM in release (the first run compiles it, showing SwiftPM's
    /// progress lines; later runs only check it).
    private func releaseTool() throws -> URL {
        let result = try packageManager.build(.product("fullbleed"), parameters: .init(configuration: .release, logging: .concise, echoLogs: true))
        guard result.succeeded else {
            throw PluginUsageError(message: "the release build of the fullbleed tool failed (SwiftPM's log above)")
        }
        guard let tool = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "fullbleed" }) else {
            throw PluginUsageError(message: "SwiftPM built the fullbleed product but reported no fullbleed executable")
        }
        return tool.url
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
}

/// A mistake in the plugin's own arguments.
struct PluginUsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Which `fullbleed build` options take a value, from the tool's own option table (`BuildOptionTable`, the
/// file the CLI compiles): needed to tell input paths from option values (`--out DIR`, `-j 4`, `--decode-timeout 30`).
struct BuildArgumentUsage {
    /// Long and short spellings (`--out`, `-o`) of the options that take a value, and their long names.
    private var valueOptions: [String: String] = [:]

    init(options: [OptionSpec]) {
        for option in options where option.takesValue {
            valueOptions["--" + option.long] = option.long
            if let short = option.short { valueOptions["-\(short)"] = option.long }
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
