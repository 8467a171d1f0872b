import FullBleedColor
import FullBleedCore
import FullBleedImage

/// A source that could not be built: its relative path, the step that failed and the one-line error.
public struct FailureRecord: Error, Sendable, Codable, Equatable {
    public var source: String
    public var stage: FailureStage
    public var error: String

    public init(source: String, stage: FailureStage, error: String) {
        self.source = source
        self.stage = stage
        self.error = error
    }
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
    /// The build steps that ran for this asset, in order.
    public var steps: [BuildStep]

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
    public var kind: TargetKind
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
    /// "@3x" for device tiers, "860w" for web widths.
    public var tier: String
    /// The picture as delivered (`plain`), or the same with the recommended top gradient baked in (`scrim`).
    public var kind: DerivativeKind
    /// The variant's name in file names (`iphone-17-pro@3x`, `iphone-17-pro@3x-scrim`, `hero-860w`).
    public var variant: String
    public var scale: Int?
    public var width: Int
    public var height: Int
    public var headroom: Double
    public var status: DerivativeStatus
    public var note: String?
    public var scrimOpacity: Double?
    public var files: [FileRecord]
}

public struct ExtensionRecord: Sendable, Codable, Equatable {
    public var tier: String
    /// The whole canvas, or one edge's strip alone.
    public var part: ExtensionPart
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
