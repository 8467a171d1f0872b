import FullBleedColor
import Foundation
import FullBleedCore
import FullBleedImage

/// `manifest.json`: what a build made, deterministic (sorted keys, assets sorted by source path, no
/// timestamps), so the same inputs and pipeline give the same bytes whatever `--jobs` or sharding.
/// JSON Schema: `Pipelines/schema/manifest.schema.json`.
public struct Manifest: Sendable, Codable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tool: ToolInfo
    public var pipeline: PipelineInfo
    /// Built assets, sorted by `source.path`.
    public var assets: [AssetRecord]
    /// Sources that failed, sorted by path.
    public var failures: [FailureRecord]
    /// Set only in a partial manifest written by `--shard I/N`.
    public var shard: String?

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
    }

    /// Deterministic JSON: sorted keys, two-space indentation, no escaped slashes, trailing newline.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var bytes = [UInt8](try encoder.encode(self))
        bytes.append(0x0A)
        return bytes
    }

    public static func decode(_ bytes: [UInt8]) throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(bytes))
    }

    /// Reads and decodes the manifest at `path`; a one-line `ConfigError` naming the file otherwise.
    /// - Parameter kind: how the message names the file ("manifest", "partial manifest").
    public static func load(path: String, kind: String = "manifest") throws -> Manifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, location: "$", message: "cannot read \(kind)")
        }
        do {
            return try decode([UInt8](data))
        } catch {
            throw ConfigError(file: path, location: "$", message: "not a FullBleed manifest (\(error))")
        }
    }

    /// Every output file the manifest lists (relative to the output folder), sorted.
    public var allOutputPaths: [String] { assets.flatMap(\.outputPaths).sorted() }
}

/// A source that could not be built: its relative path and the one-line error.
public struct FailureRecord: Error, Sendable, Codable, Equatable {
    public var source: String
    public var error: String
}

/// Everything made from one source photo.
public struct AssetRecord: Sendable, Codable, Equatable {
    public var key: String
    public var source: SourceRecord
    /// SHA-256 of the sidecar file that applied, if any (a changed sidecar rebuilds the asset).
    public var sidecarSHA256: String?
    public var altText: String?
    /// Non-fatal findings (decoder warnings, skipped or upscaled tiers), one line each.
    public var warnings: [String]
    /// The decode used for every derivative: shrink-on-load scale and the decoded size.
    public var decode: DecodeRecord
    public var targets: [TargetRecord]
    public var placeholders: PlaceholderRecord?

    /// Every output file of this asset.
    public var outputPaths: [String] {
        targets.flatMap { target in
            target.derivatives.flatMap { $0.files.map(\.path) }
                + (target.extensions ?? []).flatMap { $0.files.map(\.path) }
        }
    }
}

public struct SourceRecord: Sendable, Codable, Equatable {
    /// Relative to the input folder it was found in, `/`-separated.
    public var path: String
    public var sha256: String
    public var bytes: Int
    public var format: String
    /// Displayed size (after orientation), pixels.
    public var width: Int
    public var height: Int
    public var orientation: Int
    public var colorSpace: String
    public var iccProfile: String?
    public var bitDepth: Int
    public var hasAlpha: Bool
}

public struct DecodeRecord: Sendable, Codable, Equatable {
    /// 1, 1/2, 1/4 or 1/8 (JPEG DCT scaling, WebP scaled decode).
    public var loadScale: Double
    public var width: Int
    public var height: Int
}

public struct TargetRecord: Sendable, Codable, Equatable {
    public var name: String
    /// "device" or "web".
    public var kind: String
    public var device: DeviceRecord?
    public var aspectRatio: Double
    public var crop: CropRecord
    public var headroom: Double
    public var derivatives: [DerivativeRecord]
    public var extensions: [ExtensionRecord]?
    public var legibility: ToolbarAnalysis?
}

public struct DeviceRecord: Sendable, Codable, Equatable {
    public var id: String
    public var widthPoints: Double
    public var heroHeightPoints: Double
    public var scale: Int
    public var toolbarBandPoints: Double
}

/// The crop, in pixels of the full-resolution upright source.
public struct CropRecord: Sendable, Codable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var mode: String
    public var requestedMode: String
    public var score: Double
    /// The point the crop is built around, full-resolution source pixels.
    public var subjectX: Double
    public var subjectY: Double
    public var subjectClearsToolbar: Bool
}

public struct DerivativeRecord: Sendable, Codable, Equatable {
    /// "@3x" for device tiers, "860w" for web widths; "-scrim" variants carry the baked gradient.
    public var tier: String
    public var variant: String
    public var scale: Int?
    public var width: Int
    public var height: Int
    public var headroom: Double
    /// "exact", "reduced-headroom", "upscaled" or "skipped".
    public var status: String
    public var note: String?
    public var scrimOpacity: Double?
    public var files: [FileRecord]
}

public struct ExtensionRecord: Sendable, Codable, Equatable {
    public var tier: String
    /// "canvas", or "strip-leading" / "strip-trailing" / "strip-top" / "strip-bottom".
    public var part: String
    public var width: Int
    public var height: Int
    public var geometry: ExtensionGeometry
    public var files: [FileRecord]
}

public struct FileRecord: Sendable, Codable, Equatable {
    public var path: String
    public var format: String
    public var bytes: Int
    public var sha256: String
}

public struct PlaceholderRecord: Sendable, Codable, Equatable {
    public var thumbHash: ThumbHash?
    public var blurHash: BlurHash?
    public var averageColor: SRGBColor?
    public var palette: DominantPalette?
}
