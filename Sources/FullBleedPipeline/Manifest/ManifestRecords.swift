import FullBleedCodecs
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
    /// Why no picture was delivered, one line (`too small for every tier: ...`), or nil when at least one
    /// was: a skipped asset's record has no targets or placeholders (`skipped(because:)`).
    public var skipReason: String? = nil
    /// The asset's analysis report (`--report`): every glyph region's measurements, the analysis and
    /// extension parameters, as `AssetReport` JSON. Absent unless asked for.
    public var report: FileRecord? = nil
    /// The external subject detector's answer the crops used (`subjects.detector`): recorded so that a
    /// later build reuses it instead of running the detector (`DetectionRecord`). nil without a detector.
    public var subjectDetection: DetectionRecord? = nil
    /// What needs a person's look before the heroes ship, one reason a line naming its targets
    /// (`AssetReview`); nil when nothing does, or when `reviewed`.
    public var review: [String]? = nil
    /// True when the sidecar's `reviewed` digest is the photo's SHA-256: a person confirmed these heroes.
    public var reviewed: Bool = false
    // Coded by hand (ManifestCoding.swift): the files' paths are written relative to the asset's `folder`.

    /// Every output file of this asset (its pictures, then its report).
    public var outputPaths: [String] {
        targets.flatMap { target in
            target.derivatives.flatMap { $0.files.map(\.path) }
                + (target.extensions ?? []).flatMap { $0.files.map(\.path) }
        } + (report.map { [$0.path] } ?? [])
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
    /// The source's HDR gain map, when it has one (whether or not the pipeline keeps it).
    public var gainMap: SourceGainMapRecord? = nil
}

/// A source's HDR gain map as read from its file.
public struct SourceGainMapRecord: Sendable, Codable, Equatable {
    /// Where the metadata came from: `iso21496` (ISO 21496-1), `xmp` (Ultra HDR v1.0 `hdrgm`), `apple`
    /// (Apple's HEIC auxiliary gain map with the maker note's headroom).
    public var metadata: String
    /// The map's size in pixels, upright (commonly a quarter of each side of the photo).
    public var width: Int
    public var height: Int
    /// The display headroom the photo is made for: HDR white / SDR white, linear (`2^headroomStops`).
    public var headroom: Double
    public var headroomStops: Double
}

public struct DecodeRecord: Sendable, Codable, Equatable {
    /// 1, 1/2, 1/4 or 1/8 (JPEG DCT scaling, WebP scaled decode).
    public var loadScale: Double
    public var width: Int
    public var height: Int
}

/// One target of one asset. In the manifest, what is the same for every asset of the pipeline (`kind`,
/// `aspectRatio`, `headroom` and the device geometry: a `TargetDefinition`) is written once, in the
/// top-level `targets` table under the target's `name`; the asset's entry keeps what depends on the photo
/// (`layout`: the stretch its delivered tiers allow). Coded by hand (ManifestCoding.swift); in memory the
/// record is whole.
public struct TargetRecord: Sendable, Codable, Equatable {
    public var name: String
    public var kind: TargetKind
    public var device: DeviceRecord?
    public var aspectRatio: Double
    public var crop: CropRecord
    /// The stretch headroom planned for every tier (a derivative whose `headroom` is nil has it).
    public var headroom: Double
    public var derivatives: [DerivativeRecord]
    public var extensions: [ExtensionRecord]?
    /// Glyph colour, toolbar colour scheme, scrim and scroll edge for this hero (nil when the pipeline
    /// analyses nothing for it: legibility off, or a web target without text boxes). The measurements
    /// behind it are in the asset's `report`.
    public var recommendation: RecommendationRecord?
    /// What the gain map became in this target (`"hdr": "keep"` and a source with a gain map).
    public var hdr: HDRRecord? = nil
}

/// A target's HDR gain map: carried to every tier (its JPEG files are Ultra HDR, see `FileRecord.gainMap`)
/// and removed under the glyph regions.
public struct HDRRecord: Sendable, Codable, Equatable {
    /// The source's headroom (HDR white / SDR white, linear) the map is made for.
    public var headroom: Double
    /// Points from the hero's top within which the map is removed completely (gain 1: the HDR rendition
    /// equals the SDR one under the status bar, toolbar and top text); below, it returns along the top
    /// scrim's gradient. nil without glyph regions.
    public var attenuatedTopPoints: Double?
    /// The same from the hero's bottom, under text boxes served from the bottom edge (a web hero's title
    /// over the bottom): the map is removed within it and returns along the lower scrim's gradient; nil
    /// without such boxes.
    public var attenuatedBottomPoints: Double? = nil
    /// The brightest luminance under any glyph region, measured on the largest tier; nil without regions.
    public var glyphPeakLuminance: HDRGlyphPeaks?

    init(headroom: Double) { self.headroom = Self.rounded(headroom) }

    static func rounded(_ value: Double) -> Double { (value * 1e4).rounded() / 1e4 }
}

/// Peak relative luminance (linear light, SDR white = 1; glyphs are drawn at 1) under the glyph regions.
public struct HDRGlyphPeaks: Sendable, Codable, Equatable {
    /// The SDR picture.
    public var sdr: Double
    /// The HDR rendition at full headroom with the source's gain map as it was (before removal).
    public var sourceHDR: Double
    /// The HDR rendition at full headroom with the gain map as delivered (after removal): at most `sdr`.
    public var deliveredHDR: Double
    /// The tier measured.
    public var tier: String
}

/// The device class a target is for and the hero's layout numbers on it (`HeroLayout`). Lengths in points.
/// The geometry (`DeviceGeometry`: the same for every asset, read through this record as `device.widthPoints`
/// etc.) is written once in the manifest's top-level `targets` table; the stretch, which depends on the
/// asset's delivered tiers, is the asset target's `layout` (`StretchLayout`).
@dynamicMemberLookup
public struct DeviceRecord: Sendable, Equatable {
    public var geometry: DeviceGeometry
    /// The largest stretch (`scaleEffect`, anchored at the bottom) at which the delivered tier with the most
    /// source pixels still has a source pixel per displayed pixel, rounded down to 1e-4; nil when no tier
    /// was produced. An upscaled tier counts with the crop's size, the source pixels it was enlarged from
    /// (`DerivativePlan.largestSourcePixelSize`): a stretch that needs invented pixels is no headroom.
    public var maximumStretch: Double?

    public subscript<Value>(dynamicMember keyPath: KeyPath<DeviceGeometry, Value>) -> Value { geometry[keyPath: keyPath] }

    /// The overscroll at which `maximumStretch` is reached: `(maximumStretch - 1) * heroHeightPoints`, at least
    /// 0, rounded down to 0.01 pt; nil when no tier was produced.
    public var maximumOverscrollPoints: Double? {
        maximumStretch.map { (max(0, ($0 - 1) * geometry.heroHeightPoints) * 100).rounded(.down) / 100 }
    }

    init(_ geometry: DeviceGeometry, maximumStretch: Double?) {
        self.geometry = geometry
        self.maximumStretch = maximumStretch
    }

    /// - Parameter deliveredPixelSize: the source pixels behind the delivered tier that allows the most
    ///   stretch; nil when no tier was produced.
    init(_ device: DeviceClass, deliveredPixelSize: PixelSize?) {
        // The stretch needs a delivered size; the geometry does not depend on it.
        let layout = HeroLayout(device: device, deliveredPixelSize: deliveredPixelSize ?? PixelSize(width: 1, height: 1))
        geometry = DeviceGeometry(id: layout.deviceID, widthPoints: layout.heroWidthPoints, heroHeightPoints: layout.heroHeightPoints,
                                  scale: layout.scale, toolbarBandPoints: layout.toolbarBandPoints,
                                  collapseOffsetPoints: layout.collapseOffsetPoints)
        maximumStretch = deliveredPixelSize.map { _ in (layout.maximumStretch * 1e4 + 1e-6).rounded(.down) / 1e4 }
    }
}

/// The crop, in pixels of the full-resolution upright source.
public struct CropRecord: Sendable, Codable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var mode: String
    public var requestedMode: String
    /// The point the crop is built around, full-resolution source pixels.
    public var subjectX: Double
    public var subjectY: Double
    public var subjectClearsToolbar: Bool
    /// Largest crop of the aspect ratio / this crop's width (1: not zoomed).
    public var zoom: Double = 1
    /// The box `subjectClearsToolbar` judges (the union of the high-confidence subjects, else the most
    /// confident one, else the focal pixel), full-resolution source pixels; nil without a subject.
    public var subjectBox: PixelBox? = nil
    /// Why `subjectClearsToolbar` is false (`subject taller than the visible area`, `source too small to
    /// zoom ...`); nil when true.
    public var subjectClearsToolbarReason: String? = nil
}

/// A box in full-resolution upright source pixels.
public struct PixelBox: Sendable, Codable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
}

/// One subject region of an asset.
public struct SubjectRecord: Sendable, Codable, Equatable {
    /// `face`, `salient` or `sidecar`; for a box of an external subject detector, the detector's own kind
    /// (`animal`, `person`, ...), with `detector` naming it.
    public var kind: String
    /// 0...1 (regions at 0.25 or more make up the subject; at 0.5 or more the crop is searched around it).
    public var confidence: Double
    /// Full-resolution upright source pixels.
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// The external subject detector that found the region (`subjects.detector.name`); nil for the built-in
    /// detectors and the sidecar.
    public var detector: String? = nil
}

/// One planned tier of a target, made or not. Its variant name (`TargetRecord.variant(of:)`) and display
/// scale (`scale`) follow from the target's name, `tier` and `kind`; why a tier is not `exact` is among
/// the asset's `warnings`. The manifest nests a `scrim` record in the plain record of its tier
/// (ManifestCoding.swift).
public struct DerivativeRecord: Sendable, Equatable {
    /// "@3x" for device tiers, "860w" for web widths.
    public var tier: String
    /// The picture as delivered (`plain`), or the same with the recommended gradients baked in (`scrim`).
    public var kind: DerivativeKind
    public var width: Int
    public var height: Int
    /// The stretch headroom actually applied when it differs from the target's `headroom` (reduced,
    /// upscaled or skipped tiers: 1 when upscaled or skipped); nil when it is the target's.
    public var headroom: Double?
    public var status: DerivativeStatus
    /// `scrim` variants: the baked top gradient's opacity, or the lower text boxes' gradient's when only that one
    /// is baked (the top one left to the hard scroll edge, or a web hero whose text boxes all sit low).
    public var scrimOpacity: Double?
    /// `scrim` variants: the mean change in CIE L* (0-100) the baked gradient makes over the band from the
    /// hero's top to the far side of its top glyph regions, measured on this tier's pixels (plain vs baked).
    public var bandLightnessChange: Double? = nil
    public var files: [FileRecord]
}

public struct ExtensionRecord: Sendable, Codable, Equatable {
    public var tier: String
    /// The whole canvas, or one edge's strip alone.
    public var part: ExtensionPart
    public var width: Int
    public var height: Int
    /// Where the hero sits in the canvas: the extension's length beyond each edge, pixels (a strip is
    /// that edge's part alone). The blur and fade parameters are in the asset's report.
    public var insets: ExtensionInsets
    public var files: [FileRecord]
}

/// The lengths a background-extension canvas adds beyond each edge of the hero, pixels.
public struct ExtensionInsets: Sendable, Codable, Equatable {
    public var top: Int
    public var leading: Int
    public var bottom: Int
    public var trailing: Int

    init(_ geometry: ExtensionGeometry) {
        top = geometry.topPixels
        leading = geometry.leadingPixels
        bottom = geometry.bottomPixels
        trailing = geometry.trailingPixels
    }
}

/// One output file. Coded by hand (ManifestCoding.swift): the manifest writes `path` relative to the
/// asset's `folder`, as `name`.
public struct FileRecord: Sendable, Codable, Equatable {
    /// Relative to the output folder.
    public var path: String
    /// The IANA media type (`image/jpeg`, `image/webp`, `application/json`...), as a `<source type>` or a
    /// `Content-Type` takes it.
    public var mimeType: String
    public var bytes: Int
    /// The gain map this file carries (an Ultra HDR JPEG with ISO 21496-1 metadata); absent for SDR files.
    public var gainMap: FileGainMapRecord? = nil

    /// The image format of `mimeType` (nil for the JSON report).
    public var imageFormat: ImageFormat? { ImageFormat.allCases.first { $0.mimeType == mimeType } }
}

/// The gain map inside an output file.
public struct FileGainMapRecord: Sendable, Codable, Equatable {
    /// Its size in pixels.
    public var width: Int
    public var height: Int
}

public struct PlaceholderRecord: Sendable, Codable, Equatable {
    public var thumbHash: ThumbHash?
    public var blurHash: BlurHash?
    /// The crop's average colour, 8-bit sRGB as CSS hex (`#a3b8d2`).
    public var averageColor: String?
    /// The dominant colours, most common first.
    public var palette: [PaletteColorRecord]?
    /// The crop at most `PlaceholderStep.dataURLSide` pixels on its long side as an 8-bit sRGB PNG (no
    /// colour profile), in a `data:image/png;base64,` URI: a placeholder that needs no JavaScript (CSS
    /// `background-image` with `background-size: cover` and a blur, or next/image's `blurDataURL`).
    public var dataURL: String? = nil
}

/// One dominant colour of a placeholder palette.
public struct PaletteColorRecord: Sendable, Codable, Equatable {
    /// 8-bit sRGB as CSS hex.
    public var color: String
    /// Its share of the crop's pixels (0...1, four decimals).
    public var share: Double
}
