import Foundation
import FullBleedCodecs
import FullBleedCore
import FullBleedImage

/// A validated pipeline: what `fullbleed build` makes from every photo. Decoded from a JSON file in
/// `Pipelines/` (see `Pipelines/schema/pipeline.schema.json`); every field is checked and an error names
/// the file, the JSON path and what was expected.
public struct PipelineSpec: Sendable, Hashable {
    /// Short identifier, recorded in the manifest.
    public var name: String
    public var description: String?
    /// What the hero is made for, in the order written.
    public var targets: [TargetSpec]
    /// Default crop mode (a sidecar may override it per asset).
    public var cropMode: CropMode
    /// Whether the crop planner keeps the subject out of each device's toolbar band.
    public var toolbarAware: Bool
    /// Whether `attention` crops look for human faces (`crop.faces`, default true; docs/subjects.md).
    public var cropFaces: Bool = true
    /// Largest zoom `attention` may use to keep the subject whole or below the band (`crop.maxZoom`, 1...4,
    /// default 1.5; 1 disables zoom).
    public var maximumZoom: Double = ZoomLimits.defaultMaximumZoom
    /// An external subject detector whose boxes replace the built-in salient region (`subjects.detector`,
    /// `--detector`; nil for none; `docs/detectors.md`).
    public internal(set) var subjectDetector: SubjectDetectorSpec? = nil
    /// `contentHash` without the subject detector (nil: the same as `contentHash`): `setSubjectDetector` folds
    /// another detector into it.
    var hashWithoutDetector: String? = nil
    public var resample: ResampleOptions
    /// Stretch headroom for device targets (nil: each target's default, 1.25 for devices, 1 for the web).
    public var stretchHeadroom: Double?
    public var upscale: UpscalePolicy
    /// The pipeline-wide extension settings (each target may override them).
    public var backgroundExtension: ExtensionSpec
    public var legibility: LegibilitySpec
    public var placeholders: PlaceholderSpec
    /// Encoded formats written for every derivative, in order.
    public var outputs: [OutputSpec]
    /// Output path template; placeholders `{asset}`, `{variant}`, `{ext}` (all required) and `{hash}` (optional:
    /// the first 8 hex digits of the file's SHA-256, so a name changes exactly when the bytes do).
    public var naming: String
    /// Keep the source colour profile (default) or convert derivatives to sRGB.
    public var colorOutput: ColorOutput
    /// What to do with a source's HDR gain map (`"hdr"`, default `.sdr`).
    public var hdr: HDROutput = .sdr
    /// Decoder limit, pixels.
    public var maxPixels: Int
    /// Seconds one source's decode may take before it is abandoned with an error (`limits.decodeSeconds`,
    /// overridden by `fullbleed build --decode-timeout`).
    public var decodeSeconds: Double = PipelineSpec.defaultDecodeSeconds
    /// SHA-256 of the canonical form of the pipeline (sorted keys, no whitespace): changes when any
    /// setting changes, not when the file is merely reformatted. The `emit` object is left out (it
    /// changes no pixel; see `EmitSpec`).
    public var contentHash: String
    /// The pipeline file (or built-in name) as given to `--pipeline`, for errors about its fields found
    /// after loading (`Pipelines/web.json: emit xcassets: ...`); nil when parsed from bytes. Not hashed.
    public var sourceFile: String? = nil
    /// The asset catalog and Swift source to write besides the images (`"emit"`, OR-ed with `--emit`).
    public var emit: EmitSpec = .default
    /// The URL prefix the built files are served under (`"publicPath"`, overridden by `--public-url`):
    /// `https://...` / `http://...` or a path from `/`, always ending in `/`; nil for none. Recorded in the
    /// manifest and used by the HTML snippets; left out of the content hash (it changes no byte of an image).
    public var publicPath: String?

    /// The number of hex digits of a file's SHA-256 that `{hash}` puts in its name (32 bits: two files of
    /// one variant collide by chance about once in 4 billion rebuilds, and then only reuse a name).
    public static let hashDigits = 8

    /// The path of one output file relative to the output folder: `naming` with `{asset}`, `{variant}`,
    /// `{ext}` and `{hash}` (the first `hashDigits` lower-case hex digits of `sha256`, the file's content
    /// hash) filled in.
    public func outputPath(asset: String, variant: String, fileExtension: String, sha256: String) -> String {
        naming.replacingOccurrences(of: "{asset}", with: asset)
            .replacingOccurrences(of: "{variant}", with: variant)
            .replacingOccurrences(of: "{ext}", with: fileExtension)
            .replacingOccurrences(of: "{hash}", with: String(sha256.prefix(Self.hashDigits)))
    }

    /// Generous: a 268-megapixel progressive JPEG decodes in well under 10 s in release.
    public static let defaultDecodeSeconds: Double = 60

    public enum ColorOutput: String, Sendable, Hashable, Codable {
        case keep
        case sRGB = "srgb"
    }

    /// HDR output for sources that carry a gain map (Ultra HDR / ISO 21496-1 JPEG, Apple HEIC).
    public enum HDROutput: String, Sendable, Hashable, Codable {
        /// JPEG outputs are Ultra HDR JPEGs with ISO 21496-1 metadata: the SDR picture plus the source's
        /// gain map carried through crop, tiers and extension, removed under the glyph regions. WebP, AVIF
        /// and PNG outputs are SDR (their files have no `gainMap` in the manifest).
        case keep
        /// Every output is the SDR rendition (the gain map is not decoded).
        case sdr
    }
}

/// One hero target of a pipeline.
public struct TargetSpec: Sendable, Hashable {
    public var target: HeroTarget
    /// The formats this target is encoded in, in order, when they differ from the pipeline's `outputs`
    /// (`fullbleed build --formats` sets them for web targets); nil for the pipeline's.
    public var outputs: [OutputSpec]? = nil
    /// The baked background extension of this target (iPad sidebar / inspector), nil for none: the
    /// pipeline's `extension` settings, with this target's own overrides (lengths differ per device class).
    public var backgroundExtension: ExtensionSpec?
}

/// Baked background extension settings (SPEC 1.2): the Core parameters in points (their `scale` is set
/// per derivative: tier scale x stretch headroom, SPEC 6) and whether strips are written too.
public struct ExtensionSpec: Sendable, Hashable {
    public var parameters: ExtensionParameters
    /// Also write each extension region alone.
    public var strips: Bool

    public static let `default` = ExtensionSpec(parameters: ExtensionParameters(scale: 1), strips: true)

    /// Horizontal points the extensions take from a device's width (leading + trailing when extended).
    public var horizontalPoints: Double {
        parameters.edges.reduce(0) { total, edge in
            total + ((edge == .leading || edge == .trailing) ? parameters.lengthPoints[edge] : 0)
        }
    }
}

/// Legibility settings (SPEC 2): the Core analysis parameters plus what the pipeline does with them.
public struct LegibilitySpec: Sendable, Hashable {
    /// Measure the toolbar band and text boxes and record the recommendation (device targets).
    public var enabled: Bool
    /// Also write each device derivative with the recommended top gradient baked in ("-scrim" variants).
    public var bakeGradient: Bool
    public var parameters: ToolbarAnalysisParameters

    public static let `default` = LegibilitySpec(enabled: true, bakeGradient: true, parameters: ToolbarAnalysisParameters())
}

/// Placeholder settings (SPEC 3).
public struct PlaceholderSpec: Sendable, Hashable, Codable {
    public var thumbHash: Bool
    /// BlurHash components (x, y), nil for none.
    public var blurHashComponents: [Int]?
    public var averageColor: Bool
    /// Dominant palette size, 0 for none.
    public var paletteSize: Int
    /// A tiny PNG of the crop as a `data:` URI (`PlaceholderRecord.dataURL`).
    public var dataURL: Bool = true

    public static let `default` = PlaceholderSpec(thumbHash: true, blurHashComponents: [4, 3], averageColor: true, paletteSize: 5)
}

/// One output format of a pipeline.
public struct OutputSpec: Sendable, Hashable {
    public var options: EncodeOptions
    public var format: ImageFormat { options.format }
}
