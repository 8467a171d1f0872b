import Foundation
import FullBleedCodecs
import FullBleedCore
import FullBleedImage

/// Builds every output of one source photo from a single decode: crops per target, derivative tiers,
/// background-extension canvases and strips, legibility analysis and baked-gradient variants,
/// placeholders. Pure with respect to the file system: it returns the files to write (relative path ->
/// bytes) with the manifest record, and the runner writes them only when the whole asset succeeded.
public enum AssetProcessor {
    public struct Output: Sendable {
        public var record: AssetRecord
        /// Relative output path -> encoded bytes, in creation order.
        public var files: [(path: String, bytes: [UInt8])]
        /// Megapixels of the source (displayed size), for throughput reports.
        public var megapixels: Double
    }

    /// A processing failure that is not a codec error (e.g. an impossible derivative plan).
    public struct ProcessingError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var stage: String
        public var reason: String
        public var description: String { "\(path): \(stage) failed: \(reason)" }
    }

    /// - Parameter encodeOutputs: false plans, analyses and measures without encoding or listing files
    ///   (what `fullbleed inspect` needs).
    /// - Parameter mayUseAllCores: resample and encode this asset's pictures on every core (the caller
    ///   says so when no other asset is waiting); false keeps the asset on the calling thread. The
    ///   output is byte-identical either way.
    public static func process(source: SourceFile, bytes: [UInt8], sidecar: Sidecar?, spec: PipelineSpec,
                               encodeOutputs: Bool = true, mayUseAllCores: Bool = false) throws -> Output {
        let path = source.relativePath
        let decodeLimits = DecodeOptions(maxPixels: spec.maxPixels, timeLimitSeconds: spec.decodeSeconds)
        let info: ImageInfo
        do { info = try Codecs.probe(bytes, options: decodeLimits) } catch let error as CodecError { throw error.at(path: path) }

        // 1. Plan every target on the full-resolution geometry; the decode must cover all of them.
        let targets = spec.targets.map(effectiveTarget)
        var plans: [DerivativePlan] = []
        var minimumSize: PixelSize? = PixelSize(width: 1, height: 1)
        for target in targets {
            let cropSize = CropPlanner.cropSize(for: info.size, aspectRatio: target.aspectRatio)
            let headroom = spec.stretchHeadroom.map { min($0, target.maximumStretch) } ?? target.defaultHeadroom
            let plan: DerivativePlan
            do {
                plan = try DerivativePlan(target: target, cropSize: cropSize, headroom: headroom, policy: spec.upscale)
            } catch {
                throw ProcessingError(path: path, stage: "plan", reason: "\(error)")
            }
            plans.append(plan)
            // Analysis and placeholders need little; derivatives decide. nil means "full size".
            if let needed = plan.minimumDecodeSize(sourceSize: info.size), let current = minimumSize {
                minimumSize = PixelSize(width: max(current.width, needed.width), height: max(current.height, needed.height))
            } else if !plan.produced.isEmpty {
                minimumSize = nil
            }
        }

        // 2. Decode once.
        var options = decodeLimits
        options.minimumSize = minimumSize
        let decoded: DecodedImage
        do { decoded = try Codecs.decode(bytes, options: options) } catch let error as CodecError { throw error.at(path: path) }
        var image = decoded.image
        var warnings = decoded.warnings
        if spec.colorOutput == .sRGB && image.colorSpace.family != .sRGB {
            do { image = try image.convertedToSRGB() } catch {
                throw ProcessingError(path: path, stage: "colour conversion", reason: "\(error)")
            }
        }
        var resampleOptions = spec.resample
        resampleOptions.parallel = spec.resample.parallel && mayUseAllCores
        var files: [(path: String, bytes: [UInt8])] = []
        let assetKey = AssetNaming.assetKey(forRelativePath: path)
        let saliency = SaliencyMap(image: image)
        let encoder = OutputEncoder(spec: spec, assetKey: assetKey, path: path, enabled: encodeOutputs, parallel: mayUseAllCores)

        // 3. Per target: crop, derivatives, extensions, legibility.
        var targetRecords: [TargetRecord] = []
        var firstCascade: ReductionCascade?
        var textBoxes = spec.legibility.parameters.textBoxes
        if let title = sidecar?.title { textBoxes.append(title) }
        var analysisParameters = spec.legibility.parameters
        analysisParameters.textBoxes = textBoxes

        for (index, target) in targets.enumerated() {
            let targetSpec = spec.targets[index]
            let plan = plans[index]
            let band = spec.toolbarAware ? target.toolbarBandFraction : 0
            let mode = sidecar?.cropMode ?? spec.cropMode
            let crop = CropPlanner.plan(saliency, aspectRatio: target.aspectRatio, mode: mode, toolbarBandFraction: band)
            warnings += plan.notes.map { "\(target.name): \($0)" }
            let device: DeviceClass? = { if case .device(let d) = target.kind { return d } else { return nil } }()

            // 3a. The derivative pictures, largest first, each from the smallest adequate larger one.
            var cascade = ReductionCascade(source: image, region: crop.rect, options: resampleOptions)
            var pictures: [Int: Image] = [:]
            let producedIndices = plan.derivatives.indices
                .filter { plan.derivatives[$0].isProduced }
                .sorted { plan.derivatives[$0].pixelSize.width > plan.derivatives[$1].pixelSize.width }
            for i in producedIndices { pictures[i] = cascade.picture(size: plan.derivatives[i].pixelSize) }

            // 3b. Legibility is measured on a modest copy of the hero (the @1x size, or at most 600 px wide).
            var analysis: ToolbarAnalysis?
            if spec.legibility.enabled, device != nil || !textBoxes.isEmpty {
                let width = min(crop.rect.width, device.map { Int($0.widthPoints.rounded()) } ?? 600)
                let size = PixelSize(width: max(1, width), height: max(1, Int((Double(width) / target.aspectRatio).rounded())))
                let small = cascade.picture(size: size, keep: false)
                let delivered = plan.produced.map(\.pixelSize).max { $0.width < $1.width }
                analysis = ToolbarAnalyzer.analyze(hero: small, device: device, deliveredPixelSize: delivered, parameters: analysisParameters)
            }
            if firstCascade == nil { firstCascade = cascade }

            // 3c. Everything to encode for this target, then the records that list the files.
            var derivativeRecords: [DerivativeRecord] = []
            var extensionRecords: [(record: ExtensionRecord, variant: String)] = []
            for (i, derivative) in plan.derivatives.enumerated() {
                let variant = variantName(target: target, tier: derivative.tier)
                let record = DerivativeRecord(
                    tier: derivative.tier.label, variant: variant, scale: derivative.tier.scale,
                    width: derivative.pixelSize.width, height: derivative.pixelSize.height, headroom: derivative.headroom,
                    status: statusName(derivative.status), note: derivative.note, scrimOpacity: nil, files: [])
                derivativeRecords.append(record)
                guard let picture = pictures[i], encodeOutputs else { continue }
                encoder.enqueue(picture, variant: variant)

                if spec.legibility.bakeGradient, let analysis, analysis.recommendation.scrim != nil {
                    let baked = ScrimBaker.bake(hero: picture, recommendation: analysis.recommendation, device: device, parameters: analysisParameters)
                    if !baked.meetsTarget { warnings.append("\(target.name) \(derivative.tier.label): baked gradient does not reach the target contrast") }
                    var scrimRecord = record
                    scrimRecord.variant = variant + "-scrim"
                    scrimRecord.scrimOpacity = baked.opacity
                    derivativeRecords.append(scrimRecord)
                    encoder.enqueue(baked.image, variant: scrimRecord.variant)
                }

                if let extensionSpec = targetSpec.backgroundExtension {
                    var parameters = extensionSpec.parameters
                    parameters.scale = Double(derivative.tier.scale ?? 1) * derivative.headroom
                    do {
                        let geometry = try BackgroundExtension.geometry(of: picture, parameters: parameters)
                        let canvas = try BackgroundExtension.canvas(of: picture, parameters: parameters)
                        extensionRecords.append((ExtensionRecord(
                            tier: derivative.tier.label, part: "canvas", width: canvas.width, height: canvas.height,
                            geometry: geometry, files: []), variant + "-extended"))
                        encoder.enqueue(canvas, variant: variant + "-extended")
                        if extensionSpec.strips {
                            for (edge, strip) in try BackgroundExtension.strips(of: picture, parameters: parameters).sorted(by: { $0.key < $1.key }) {
                                let stripVariant = variant + "-strip-\(edge.rawValue)"
                                extensionRecords.append((ExtensionRecord(
                                    tier: derivative.tier.label, part: "strip-\(edge.rawValue)", width: strip.width, height: strip.height,
                                    geometry: geometry, files: []), stripVariant))
                                encoder.enqueue(strip, variant: stripVariant)
                            }
                        }
                    } catch {
                        throw ProcessingError(path: path, stage: "extension", reason: "\(error)")
                    }
                }
            }
            let encoded = try encoder.encodeQueued()
            files += encoded.files
            for i in derivativeRecords.indices { derivativeRecords[i].files = encoded.records[derivativeRecords[i].variant] ?? [] }

            let scaleToSource = Double(info.size.width) / Double(image.width)
            targetRecords.append(TargetRecord(
                name: target.name,
                kind: device == nil ? "web" : "device",
                device: device.map { DeviceRecord(id: $0.id, widthPoints: $0.widthPoints, heroHeightPoints: $0.heroHeightPoints, scale: $0.scale, toolbarBandPoints: $0.toolbarBandPoints) },
                aspectRatio: target.aspectRatio,
                crop: cropRecord(crop, toSource: scaleToSource, sourceSize: info.size),
                headroom: plan.headroom,
                derivatives: derivativeRecords,
                extensions: targetSpec.backgroundExtension == nil ? nil : extensionRecords.map { entry in
                    var record = entry.record
                    record.files = encoded.records[entry.variant] ?? []
                    return record
                },
                legibility: analysis))
        }

        // 4. Placeholders from the first target's crop.
        var placeholderSource = firstCascade
            ?? ReductionCascade(source: image, region: PixelRect(x: 0, y: 0, width: image.width, height: image.height), options: resampleOptions)
        let placeholders = try makePlaceholders(from: &placeholderSource, spec: spec.placeholders, path: path)

        let record = AssetRecord(
            key: assetKey,
            source: SourceRecord(
                path: path, sha256: SHA256.hex(bytes), bytes: bytes.count, format: info.format.rawValue,
                width: info.size.width, height: info.size.height, orientation: info.orientation.rawValue,
                colorSpace: info.colorSpace.family.rawValue, iccProfile: info.colorSpace.icc?.name,
                bitDepth: info.bitDepth, hasAlpha: info.hasAlpha),
            sidecarSHA256: sidecar?.sha256,
            altText: sidecar?.altText,
            warnings: warnings,
            decode: DecodeRecord(loadScale: decoded.loadScale, width: image.width, height: image.height),
            targets: targetRecords,
            placeholders: placeholders)
        return Output(record: record, files: files, megapixels: Double(info.size.width * info.size.height) / 1e6)
    }

    /// The target a pipeline entry stands for: a device target with background extension gives the
    /// extensions' points to them, so the hero covers the content column (SPEC 1.5: 1376 - 320 = 1056 pt).
    static func effectiveTarget(_ spec: TargetSpec) -> HeroTarget {
        guard let extensionSpec = spec.backgroundExtension, case .device(var device) = spec.target.kind else { return spec.target }
        device.widthPoints = max(1, device.widthPoints - extensionSpec.horizontalPoints)
        let scales = spec.target.tiers.compactMap(\.scale)
        return .device(device, scales: scales, maximumStretch: spec.target.maximumStretch, defaultHeadroom: spec.target.defaultHeadroom)
    }

    /// `iphone-17-pro@3x` for device tiers, `hero-860w` for web widths.
    static func variantName(target: HeroTarget, tier: HeroTarget.Tier) -> String {
        tier.scale != nil ? "\(target.name)\(tier.label)" : "\(target.name)-\(tier.label)"
    }

    static func statusName(_ status: Derivative.Status) -> String {
        switch status {
        case .exact: return "exact"
        case .reducedHeadroom: return "reduced-headroom"
        case .upscaled: return "upscaled"
        case .skipped: return "skipped"
        }
    }

    static func cropRecord(_ plan: CropPlan, toSource scale: Double, sourceSize: PixelSize) -> CropRecord {
        func s(_ v: Int) -> Int { Int((Double(v) * scale).rounded()) }
        let x = min(s(plan.rect.x), sourceSize.width - 1), y = min(s(plan.rect.y), sourceSize.height - 1)
        return CropRecord(
            x: x, y: y, width: min(s(plan.rect.width), sourceSize.width - x), height: min(s(plan.rect.height), sourceSize.height - y),
            mode: plan.mode.description, requestedMode: plan.requestedMode.description, score: rounded(plan.score),
            subjectX: rounded(plan.subjectX * scale), subjectY: rounded(plan.subjectY * scale),
            subjectClearsToolbar: plan.subjectClearsToolbar)
    }

    /// Six decimals: enough for any consumer, and stable JSON.
    static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    /// Placeholders from small reductions of the cascade's region (largest first, so each reuses the last).
    static func makePlaceholders(from cascade: inout ReductionCascade, spec: PlaceholderSpec, path: String) throws -> PlaceholderRecord? {
        guard spec.thumbHash || spec.blurHashComponents != nil || spec.averageColor || spec.paletteSize > 0 else { return nil }
        let crop = cascade.region
        func fitted(_ side: Int) -> Image {
            let scale = min(1, Double(side) / Double(max(crop.width, crop.height)))
            let size = PixelSize(width: max(1, Int((Double(crop.width) * scale).rounded())), height: max(1, Int((Double(crop.height) * scale).rounded())))
            return cascade.picture(size: size)
        }
        var record = PlaceholderRecord()
        do {
            let analysis = fitted(256)
            let hundred = fitted(100)
            if spec.thumbHash { record.thumbHash = try ThumbHash(image: hundred) }
            if let components = spec.blurHashComponents {
                record.blurHash = try BlurHash(image: fitted(64), xComponents: components[0], yComponents: components[1])
            }
            if spec.averageColor { record.averageColor = AverageColor(image: analysis).color }
            if spec.paletteSize > 0 { record.palette = DominantPalette(image: analysis, maximumColorCount: spec.paletteSize) }
        } catch {
            throw ProcessingError(path: path, stage: "placeholders", reason: "\(error)")
        }
        return record
    }
}
