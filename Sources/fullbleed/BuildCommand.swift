import Foundation
import FullBleedPipeline

/// `fullbleed build INPUT... --pipeline P --out DIR`: the batch build.
enum BuildCommand: Command {
    static let name = "build"
    static let summary = "Build hero assets and a manifest from photos and folders with a pipeline"
    static let usage = "fullbleed build INPUT... [--pipeline P] [--out DIR] [--jobs N] [--memory-budget MB] [--check] [--force] [--json] [--quiet] [--allow-failures] [--shard I/N | --shards N] [--no-wait] [--emit xcassets,swift,html,baked-sets|none] [--emit-dir DIR] [--upscale skip|upscale] [--naming plain|hashed|TEMPLATE] [--public-url URL] [--widths LIST] [--formats LIST] [--decode-timeout SECONDS] [--detector COMMAND [--detector-name NAME]] [--follow-symlinks] [--preview] [--report]"
    static let options = BuildOptionTable.options

    static func run(_ arguments: ParsedArguments, output: inout Output) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "no input files or folders given") }
        var spec = try PipelineLoader.load(path: arguments.value("pipeline") ?? "ios-hero", overrides: try pipelineOverrides(arguments))
        // `--emit none`: nothing from the pipeline or earlier builds; other `--emit` values still add.
        let forgetsEmitted = arguments.allValues("emit").contains { $0.trimmingCharacters(in: .whitespaces) == "none" }
        if forgetsEmitted { (spec.emit.xcassets, spec.emit.swift, spec.emit.html, spec.emit.bakedSets) = (false, false, false, false) }
        do {
            for value in arguments.allValues("emit") { spec.emit.enable(try EmitSpec.kinds(parsing: value)) }
            try spec.emit.validateBakedSets(at: "--emit")
        } catch let error as ConfigError {
            throw UsageError(message: "--emit \(error.message)")
        }
        if let folder = arguments.value("emit-dir") {
            do { try spec.emit.setFolder(folder, at: "--emit-dir") } catch let error as ConfigError {
                throw UsageError(message: "--emit-dir \(error.message)")
            }
        }
        try applyWebOptions(arguments, to: &spec)
        try applyDetectorOptions(arguments, to: &spec)
        if let text = arguments.value("decode-timeout") {
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0.001, seconds <= 86_400 else {
                throw UsageError(message: "--decode-timeout expects seconds from 0.001 to 86400, got '\(text)'")
            }
            spec.decodeSeconds = seconds
        }
        var options = BuildOptions(inputs: arguments.positionals, outputPath: arguments.value("out") ?? "build/heroes")
        if let jobs = try arguments.integer("jobs", in: 1...256) { options.jobs = jobs }
        if let megabytes = try arguments.integer("memory-budget", in: 64...1_048_576) { options.memoryBudgetBytes = megabytes << 20 }
        options.check = arguments.has("check")
        options.force = arguments.has("force")
        options.followSymlinksOutside = arguments.has("follow-symlinks")
        options.shard = try shard(arguments)
        options.waitForLock = !arguments.has("no-wait")
        options.forgetsEmitted = forgetsEmitted
        options.emitFolderGiven = arguments.value("emit-dir") != nil

        let reporter = ProgressReporter(mode: arguments.has("json") ? .json : arguments.has("quiet") ? .quiet
                                            : Terminal.standardErrorIsTerminal ? .terminal : .lines, output: output)
        defer { reporter.stop() }
        options.preview = arguments.has("preview") && !options.check
        options.report = arguments.has("report")
        let summary = try BuildRunner.run(spec: spec, options: options) { reporter.handle($0) }
        if let preview = summary.preview { PreviewCommand.report(preview, output: output) }
        return ExitCode.of(summary, check: options.check, allowFailures: arguments.has("allow-failures"))
    }

    /// `--upscale` and `--naming`, written into the pipeline before it is validated (`PipelineOverrides`).
    static func pipelineOverrides(_ arguments: ParsedArguments) throws -> PipelineOverrides {
        do {
            return PipelineOverrides(upscale: try arguments.value("upscale").map(PipelineOverrides.upscale(parsing:)),
                                     naming: try arguments.value("naming").map(PipelineOverrides.naming(parsing:)))
        } catch let error as ConfigError {
            throw UsageError(message: "\(error.location) \(error.message)")
        }
    }

    /// `--public-url`, `--widths` and `--formats`: usage errors (exit 2) naming the option and the value.
    static func applyWebOptions(_ arguments: ParsedArguments, to spec: inout PipelineSpec) throws {
        do {
            if let url = arguments.value("public-url") { spec.publicPath = try PublicPath.normalised(url, at: "--public-url") }
            let widths = try arguments.value("widths").map(PipelineSpec.webWidths(parsing:))
            let formats = try arguments.value("formats").map(PipelineSpec.webFormats(parsing:))
            try spec.overrideWebTargets(widths: widths, formats: formats)
        } catch let error as ConfigError {
            throw UsageError(message: "\(error.location) \(error.message)")
        }
    }

    /// `--detector PATH [--detector-name NAME]`: the external subject detector, in place of the pipeline's
    /// (its timeout and image size are kept, else the defaults).
    static func applyDetectorOptions(_ arguments: ParsedArguments, to spec: inout PipelineSpec) throws {
        guard let command = arguments.value("detector") else {
            if arguments.value("detector-name") != nil { throw UsageError(message: "--detector-name needs --detector") }
            return
        }
        guard !command.isEmpty, !command.contains("\0") else { throw UsageError(message: "--detector expects the path of an executable") }
        let fileName = (command as NSString).lastPathComponent
        let name = arguments.value("detector-name") ?? ((fileName as NSString).deletingPathExtension.isEmpty ? fileName : (fileName as NSString).deletingPathExtension)
        guard SubjectDetectorSpec.isValidName(name) else {
            throw UsageError(message: "--detector-name expects 1-64 letters, digits, '-', '_' or '.', got '\(name)'")
        }
        var detector = spec.subjectDetector ?? SubjectDetectorSpec(name: name, command: [command])
        detector.name = name
        detector.command = [command]
        spec.setSubjectDetector(detector)
    }

    /// The environment variables that carry a 0-based array index, in the order they are looked at:
    /// Kubernetes Indexed Jobs, AWS Batch array jobs.
    static let indexVariables = ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"]

    static func shard(_ arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Shard? {
        do {
            if let text = arguments.value("shard") {
                if arguments.value("shards") != nil { throw UsageError(message: "give --shard I/N or --shards N, not both") }
                return try Shard(parsing: text)
            }
            if let count = try arguments.integer("shards", in: 1...10_000) {
                guard let variable = indexVariables.first(where: { environment[$0] != nil }), let index = environment[variable] else {
                    throw UsageError(message: "--shards needs JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch array job); use --shard I/N otherwise")
                }
                return try Shard(completionIndex: index, count: count, variable: variable)
            }
        } catch let error as ConfigError {
            // `--shard expected I/N ...`; the index variables' messages already start with their name.
            throw UsageError(message: error.location.hasPrefix("--") ? "\(error.location) \(error.message)" : error.message)
        }
        return nil
    }
}
