import FullBleedColor
import Foundation
import FullBleedCore
import FullBleedImage

/// `manifest.json`: what a build made, deterministic (sorted keys, assets sorted by source path, no
/// timestamps), so the same inputs and pipeline give the same bytes whatever `--jobs` or sharding.
/// JSON Schema: `Pipelines/schema/manifest.schema.json`.
public struct Manifest: Sendable, Codable, Equatable {
    public static let currentSchemaVersion = 2

    public var schemaVersion: Int
    public var tool: ToolInfo
    public var pipeline: PipelineInfo
    /// Built assets, sorted by `source.path`.
    public var assets: [AssetRecord]
    /// Sources that failed, sorted by path.
    public var failures: [FailureRecord]
    // The `targets` table (`TargetDefinition` per target name) is written from the assets' records
    // (ManifestCoding.swift), not stored.
    /// Set only in a partial manifest written by `--shard I/N`.
    public var shard: String?
    /// The URL prefix the files are served under (`PipelineSpec.publicPath`, ending in `/`), absent for none.
    public var publicPath: String? = nil

    public struct ToolInfo: Sendable, Codable, Equatable {
        public var name: String
        public var version: String
    }

    public struct PipelineInfo: Sendable, Codable, Equatable {
        public var name: String
        /// SHA-256 of the pipeline's canonical JSON.
        public var hash: String
    }

    public init(pipeline: PipelineSpec, assets: [AssetRecord], failures: [FailureRecord], shard: Shard?) {
        schemaVersion = Self.currentSchemaVersion
        tool = ToolInfo(name: "fullbleed", version: ToolVersion.current)
        self.pipeline = PipelineInfo(name: pipeline.name, hash: pipeline.contentHash)
        self.assets = assets.sorted { $0.source.path < $1.source.path }
        self.failures = failures.sorted { $0.source < $1.source }
        self.shard = shard.map { $0.count > 1 ? $0.description : nil } ?? nil
        publicPath = pipeline.publicPath
    }

    /// Deterministic JSON: sorted keys, two-space indentation, no escaped slashes, trailing newline.
    public func encoded() throws -> [UInt8] { try DeterministicJSON.encode(self) }

    public static func decode(_ bytes: [UInt8]) throws -> Manifest {
        let decoder = JSONDecoder()
        decoder.userInfo[.manifestDecodingContext] = ManifestDecodingContext()
        return try decoder.decode(Manifest.self, from: Data(bytes))
    }

    /// The size cap of a manifest file read back (1 GiB), checked before it is read.
    public static let maximumBytes = 1 << 30

    /// Reads and decodes the manifest at `path`; a one-line `ConfigError` naming the file otherwise.
    /// - Parameter kind: how the message names the file ("manifest", "partial manifest").
    public static func load(path: String, kind: String = "manifest") throws -> Manifest {
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(path, limit: maximumBytes).bytes } catch {
            throw ConfigError(file: path, location: "$", message: "cannot read \(kind): \(error.reason)")
        }
        do {
            return try decode(bytes)
        } catch {
            throw ConfigError(file: path, location: "$", message: "not a FullBleed manifest (\(error))")
        }
    }

    /// Every output file the manifest lists (relative to the output folder), sorted.
    public var allOutputPaths: [String] { assets.flatMap(\.outputPaths).sorted() }
}

/// The JSON form of every file FullBleed writes for tools to read (manifest, analysis reports, `inspect
/// --json`): sorted keys, two-space indentation, no escaped slashes, a trailing newline, target records in
/// the manifest's lean form (their definitions in the manifest's `targets` table) unless
/// `targetDefinitionsInline` (a record read on its own, as `inspect --json` prints it); the same value gives
/// the same bytes.
public enum DeterministicJSON {
    public static func encode(_ value: some Encodable, targetDefinitionsInline: Bool = false) throws -> [UInt8] {
        try encode(value, targetDefinitionsInline: targetDefinitionsInline, targetsTable: nil)
    }

    /// - Parameter targetsTable: the manifest's `targets` table when it is not to be gathered from its
    ///   assets (a manifest whose assets are streamed: `ManifestStreamWriter`).
    static func encode(_ value: some Encodable, targetDefinitionsInline: Bool = false, targetsTable: [String: TargetDefinition]?) throws -> [UInt8] {
        let encoder = JSONEncoder()
        if !targetDefinitionsInline { encoder.userInfo[.manifestTargetsTable] = true }
        if let targetsTable { encoder.userInfo[.manifestTargetsTableValue] = targetsTable }
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var bytes = [UInt8](try encoder.encode(value))
        bytes.append(0x0A)
        return bytes
    }
}
