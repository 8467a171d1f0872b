import FullBleedCodecs
import FullBleedCore
import FullBleedImage

/// One asset's build, decided from its header before a pixel is decoded: each target with its derivative
/// plan, the decode that covers them all (shrink-on-load), the crop mode and analysis parameters (the
/// pipeline's text boxes plus the sidecar's title), and the typed steps that will run.
///
/// `fullbleed build`, `fullbleed inspect` and the preview run this same plan through `AssetBuilder`;
/// `inspect` only leaves out `.encode`.
public struct AssetPlan: Sendable {
    /// One target of the pipeline as this asset builds it.
    public struct Target: Sendable {
        public let spec: TargetSpec
        /// The target as built: an extended device target gives the extensions' points to them, so the hero
        /// covers the content column (SPEC 1.5: 1376 - 320 = 1056 pt).
        public let hero: HeroTarget
        /// Tier sizes and statuses for this source's crop.
        public let derivatives: DerivativePlan
        /// Fraction of the hero's height under the toolbar band that the crop keeps the subject out of
        /// (0 for web targets and when the pipeline's crop is not toolbar-aware).
        public let toolbarBandFraction: Double

        /// The device class, nil for web targets.
        public var device: DeviceClass? {
            if case .device(let device) = hero.kind { return device }
            return nil
        }
    }

    public let source: SourceFile
    /// The output folder name of the asset (`AssetNaming`).
    public let assetKey: String
    public let spec: PipelineSpec
    public let sidecar: Sidecar?
    /// The header: format, displayed size, colour space.
    public let info: ImageInfo
    public let targets: [Target]
    /// Limits plus the smallest decoded size that feeds every produced tier from an unzoomed crop (nil
    /// minimum: full size). A crop that zooms decodes again with `decode(zoom:)`.
    public let decode: DecodeOptions
    /// The sidecar's crop mode, else the pipeline's.
    public let cropMode: CropMode
    /// The pipeline's analysis parameters with the sidecar's title added to the text boxes.
    public let analysisParameters: ToolbarAnalysisParameters
    /// The steps that will run, in order.
    public let steps: [BuildStep]
    /// The external subject detector's answer an earlier build recorded for this source path, reused when
    /// the content and the detector match (`SubjectDetectionStep`).
    public var recordedDetection: RecordedDetection? = nil

    /// The source's size in megapixels (displayed width x height of the header / 10^6, before shrink-on-load):
    /// the unit of the build's throughput and progress.
    public var megapixels: Double { Double(info.size.width * info.size.height) / 1e6 }

    /// The pixels the first decode produces (shrink-on-load included; `Codecs.decodedSize`).
    public var decodedSize: PixelSize { Codecs.decodedSize(of: info, options: decode) }

    /// What building this photo is expected to hold in memory at its peak, in bytes: 96 MiB for the
    /// output tiers, the encoders and the analysis, plus 8 bytes per decoded pixel. An upper estimate
    /// measured with `--jobs 1` (GNU time, peak RSS less the 32 MiB of an idle process): `ios-hero` 64, 157
    /// and 341 MiB for PNGs of 3, 12 and 48 MP (estimates 119, 188, 462 MiB), 149 MiB for a 10.6 MP JPEG
    /// decoded at full size (177), `web-hero` 106 MiB at 3 MP (119). A crop that zooms decodes a second, larger copy later; the
    /// estimate does not count it. Used by `--memory-budget` (`MemoryBudget`).
    public var estimatedWorkingBytes: Int {
        let size = decodedSize
        return 96 << 20 + 8 * size.width * size.height
    }

    /// Plans `source` (its `bytes` are probed, not decoded).
    /// - Parameter skipping: steps to leave out (`[.encode]` for `inspect`).
    /// - Parameter previewThumbnail: also make the preview page's source thumbnail from the decode.
    /// - Parameter report: also write the asset's analysis report (`--report`).
    public init(source: SourceFile, bytes: [UInt8], sidecar: Sidecar?, spec: PipelineSpec,
                skipping: Set<BuildStep> = [], previewThumbnail: Bool = false, report: Bool = false) throws {
        let limits = DecodeOptions(maxPixels: spec.maxPixels, timeLimitSeconds: spec.decodeSeconds)
        do { info = try Codecs.probe(bytes, options: limits) } catch let error as CodecError { throw error.at(path: source.relativePath) }
        self.source = source
        self.spec = spec
        self.sidecar = sidecar
        assetKey = AssetNaming.assetKey(forRelativePath: source.relativePath)
        cropMode = sidecar?.cropMode ?? spec.cropMode
        var parameters = spec.legibility.parameters
        if let title = sidecar?.title { parameters.textBoxes.append(title) }
        analysisParameters = parameters
        let size = info.size
        let targets = try spec.targets.map { try Self.plan($0, sourceSize: size, spec: spec, path: source.relativePath) }
        self.targets = targets
        var decode = limits
        decode.readsGainMap = spec.hdr == .keep
        decode.minimumSize = Self.minimumDecodeSize(targets, sourceSize: size)
        self.decode = decode
        steps = Self.steps(spec: spec, targets: targets, textBoxes: !parameters.textBoxes.isEmpty, previewThumbnail: previewThumbnail,
                           report: report, gainMap: decode.readsGainMap)
            .filter { !skipping.contains($0) }
    }

    /// A target's derivative plan on the full-resolution geometry.
    static func plan(_ spec: TargetSpec, sourceSize: PixelSize, spec pipeline: PipelineSpec, path: String) throws -> Target {
        let hero = effectiveTarget(spec)
        let cropSize = CropPlanner.cropSize(for: sourceSize, aspectRatio: hero.aspectRatio)
        let headroom = pipeline.stretchHeadroom.map { min($0, hero.maximumStretch) } ?? hero.defaultHeadroom
        do {
            let derivatives = try DerivativePlan(target: hero, cropSize: cropSize, headroom: headroom, policy: pipeline.upscale)
            return Target(spec: spec, hero: hero, derivatives: derivatives,
                          toolbarBandFraction: pipeline.toolbarAware ? hero.toolbarBandFraction : 0)
        } catch {
            throw ProcessingError(path: path, stage: .plan, reason: "\(error)")
        }
    }

    /// The target a pipeline entry stands for: a device target with background extension gives the
    /// extensions' points to them.
    static func effectiveTarget(_ spec: TargetSpec) -> HeroTarget {
        guard let extensionSpec = spec.backgroundExtension, case .device(var device) = spec.target.kind else { return spec.target }
        device.widthPoints = max(1, device.widthPoints - extensionSpec.horizontalPoints)
        let scales = spec.target.tiers.compactMap(\.scale)
        return .device(device, scales: scales, maximumStretch: spec.target.maximumStretch, defaultHeadroom: spec.target.defaultHeadroom)
    }

    /// The decode for crops zoomed in by up to `zoom` (>= 1): the margin grows with it, so that a zoomed crop
    /// is reduced as much as a full one would be; the same as `decode` at 1.
    public func decode(zoom: Double) -> DecodeOptions {
        var options = decode
        options.minimumSize = Self.minimumDecodeSize(targets, sourceSize: info.size, zoom: zoom)
        return options
    }

    /// The smallest decode covering every target's produced tiers; nil means full size. Analysis and
    /// placeholders need little: derivatives decide. `zoom` (the largest `attention` may use) multiplies the
    /// resampler's margin, so that a zoomed crop is reduced as much as a full one would be.
    static func minimumDecodeSize(_ targets: [Target], sourceSize: PixelSize, zoom: Double = 1) -> PixelSize? {
        var minimum: PixelSize? = PixelSize(width: 1, height: 1)
        for target in targets {
            if let needed = target.derivatives.minimumDecodeSize(sourceSize: sourceSize, margin: 1.5 * zoom), let current = minimum {
                minimum = PixelSize(width: max(current.width, needed.width), height: max(current.height, needed.height))
            } else if !target.derivatives.produced.isEmpty {
                minimum = nil
            }
        }
        return minimum
    }

    /// The steps a pipeline asks for, in order.
    static func steps(spec: PipelineSpec, targets: [Target], textBoxes: Bool, previewThumbnail: Bool, report: Bool = false,
                      gainMap: Bool) -> [BuildStep] {
        let analyses = spec.legibility.enabled && (textBoxes || targets.contains { $0.device != nil })
        let placeholders = spec.placeholders
        var steps: [BuildStep] = [.decode]
        if spec.colorOutput == .sRGB { steps.append(.color) }
        steps += [.crop, .tiers]
        if analyses { steps.append(.analyse) }
        if analyses && spec.legibility.bakeGradient { steps.append(.bake) }
        if targets.contains(where: { $0.spec.backgroundExtension != nil }) { steps.append(.extend) }
        if gainMap { steps.append(.gainMap) }
        steps.append(.encode)
        if placeholders.thumbHash || placeholders.blurHashComponents != nil || placeholders.averageColor || placeholders.paletteSize > 0 {
            steps.append(.placeholders)
        }
        if report { steps.append(.report) }
        if previewThumbnail { steps.append(.previewThumbnail) }
        return steps
    }
}

/// A failure of a build step that is not a codec or file error (an impossible plan, an extension the
/// parameters do not allow), rendered as one line naming the source.
public struct ProcessingError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var stage: FailureStage
    public var reason: String

    public init(path: String, stage: FailureStage, reason: String) {
        self.path = path
        self.stage = stage
        self.reason = reason
    }

    public var description: String { "\(path): \(stage.displayName) failed: \(reason)" }
}
