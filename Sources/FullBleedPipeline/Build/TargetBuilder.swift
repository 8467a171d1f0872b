import FullBleedCore
import FullBleedImage

/// One target of an asset through the steps that work per target: tiers, analysis, bake, extension and
/// the encoding of their pictures; returns the target's manifest record.
enum TargetBuilder {
    struct Result {
        var record: TargetRecord
        /// The measurements behind the record, for the asset's report.
        var report: TargetReport
        var files: [EncodedFile]
        /// Plan notes and bake warnings, in that order.
        var warnings: [String]
        /// The cascade of this target's crop (placeholders reduce from the first target's).
        var cascade: ReductionCascade
        var steps: Set<BuildStep>
    }

    static func build(_ target: AssetPlan.Target, crop: CropPlan, image: Image, gainMap: GainMapField?, plan: AssetPlan,
                      resample: ResampleOptions, encoder: OutputEncoder) throws -> Result {
        var steps: Set<BuildStep> = []
        var warnings = target.derivatives.notes.map { "\(target.hero.name): \($0)" }
        var tiers = TierStep.run(image, crop: crop, target: target, options: resample)
        if !tiers.pictures.isEmpty { steps.insert(.tiers) }
        let measured = AnalyseStep.run(&tiers, crop: crop, target: target, plan: plan)
        if measured != nil { steps.insert(.analyse) }
        var bake = BakeStep.run(tiers, analysis: measured, target: target, plan: plan)
        var bandChanges = BakeStep.bandLightnessChanges(tiers, baked: bake.scrims, analysis: measured)
        // Only a baked top gradient is judged against the no-subtle-scrim rule (a lower text box's alone leaves
        // the band as it was).
        let bakedTop = measured?.recommendation.scrim != nil
        var analysis = BakeStep.scrollEdgeMatchingBaked(BakeStep.recommendationMatchingBaked(measured, baked: bake.scrims),
                                                        changes: bakedTop ? bandChanges : [:])
        if !bake.scrims.isEmpty && bakedTop && analysis?.recommendation.scrim == nil {
            // The baked top gradient is not subtle on the delivered pixels: the bars' glyphs are left to the hard
            // scroll edge. The lower text boxes' gradient, if any, is baked again alone; else no `-scrim` tier.
            bake = BakeStep.run(tiers, analysis: analysis, target: target, plan: plan)
            bandChanges = BakeStep.bandLightnessChanges(tiers, baked: bake.scrims, analysis: analysis)
            analysis = BakeStep.recommendationMatchingBaked(analysis, baked: bake.scrims)
        }
        warnings += bake.warnings
        if !bake.scrims.isEmpty { steps.insert(.bake) }
        let renderings = try ExtendStep.run(tiers, target: target, plan: plan)
        if !renderings.isEmpty { steps.insert(.extend) }
        let maps = try GainMapStep.run(gainMap, baseSize: image.size, crop: crop, tiers: tiers, analysis: analysis, target: target, plan: plan)
        if maps != nil { steps.insert(.gainMap) }

        var derivatives: [DerivativeRecord] = []
        var variants: [String] = []   // parallel to `derivatives`: the names their files are encoded under
        var extensions: [(record: ExtensionRecord, variant: String)] = []
        var extensionReports: [ExtensionReport] = []
        for (i, derivative) in target.derivatives.derivatives.enumerated() {
            let variant = VariantName.plain(target: target.hero, tier: derivative.tier)
            let record = DerivativeRecord(
                tier: derivative.tier.label, kind: .plain, width: derivative.pixelSize.width, height: derivative.pixelSize.height,
                headroom: derivative.headroom == target.derivatives.headroom ? nil : derivative.headroom,
                status: DerivativeStatus(derivative.status), scrimOpacity: nil, files: [])
            derivatives.append(record)
            variants.append(variant)
            guard let picture = tiers.pictures[i] else { continue }
            encoder.enqueue(picture, variant: variant, gainMap: maps?.maps[i], outputs: target.spec.outputs)
            if let scrim = bake.scrims[i] {
                var scrimRecord = record
                scrimRecord.kind = .scrim
                let scrimVariant = VariantName.scrim(of: variant)
                scrimRecord.scrimOpacity = analysis?.recommendation.scrim == nil ? scrim.lowerOpacity : scrim.opacity
                scrimRecord.bandLightnessChange = bandChanges[i]
                derivatives.append(scrimRecord)
                variants.append(scrimVariant)
                encoder.enqueue(scrim.image, variant: scrimVariant, gainMap: maps?.maps[i], outputs: target.spec.outputs,
                                encoded: bake.verifiedFiles[i])
            }
            if let rendering = renderings[i] {
                extensionReports.append(ExtensionReport(tier: derivative.tier.label, geometry: rendering.geometry))
                extensions += extensionParts(rendering, gainMaps: maps?.extensions[i], tier: derivative.tier.label, variant: variant,
                                             strips: target.spec.backgroundExtension?.strips ?? false, outputs: target.spec.outputs,
                                             encoder: encoder)
            }
        }
        let encoded = try encoder.encodeQueued()
        if !encoded.files.isEmpty { steps.insert(.encode) }
        for i in derivatives.indices { derivatives[i].files = encoded.records[variants[i]] ?? [] }
        let scaleToSource = Double(plan.info.size.width) / Double(image.width)
        let largestProduced = target.derivatives.largestSourcePixelSize
        let record = TargetRecord(
            name: target.hero.name, kind: target.device == nil ? .web : .device,
            device: target.device.map { DeviceRecord($0, deliveredPixelSize: largestProduced) },
            aspectRatio: target.hero.aspectRatio,
            crop: CropRecord(crop, toSource: scaleToSource, sourceSize: plan.info.size),
            headroom: target.derivatives.headroom,
            derivatives: derivatives,
            extensions: target.spec.backgroundExtension == nil ? nil : extensions.map { entry in
                var record = entry.record
                record.files = encoded.records[entry.variant] ?? []
                return record
            },
            recommendation: analysis.map { RecommendationRecord($0.recommendation) },
            hdr: maps?.record)
        let report = TargetReport(name: target.hero.name, cropScore: CropRecord.rounded(crop.score), legibility: analysis,
                                  extensions: target.spec.backgroundExtension == nil ? nil : extensionReports)
        return Result(record: record, report: report, files: encoded.files, warnings: warnings, cascade: tiers.cascade, steps: steps)
    }

    /// The canvas and (with `strips`) each edge's strip of one tier: records, queued for encoding in
    /// `outputs` (nil: the pipeline's).
    static func extensionParts(_ rendering: ExtensionRendering, gainMaps: (canvas: GainMap, strips: [ExtensionEdge: GainMap])?,
                               tier: String, variant: String, strips: Bool, outputs: [OutputSpec]?,
                               encoder: OutputEncoder) -> [(record: ExtensionRecord, variant: String)] {
        let canvasVariant = VariantName.extensionCanvas(of: variant)
        var parts = [(ExtensionRecord(tier: tier, part: .canvas, width: rendering.canvas.width, height: rendering.canvas.height,
                                      insets: ExtensionInsets(rendering.geometry), files: []), canvasVariant)]
        encoder.enqueue(rendering.canvas, variant: canvasVariant, gainMap: gainMaps?.canvas, outputs: outputs)
        guard strips else { return parts }
        for (edge, strip) in rendering.strips.sorted(by: { $0.key < $1.key }) {
            let stripVariant = VariantName.extensionStrip(edge, of: variant)
            parts.append((ExtensionRecord(tier: tier, part: .strip(edge), width: strip.width, height: strip.height,
                                          insets: ExtensionInsets(rendering.geometry), files: []), stripVariant))
            encoder.enqueue(strip, variant: stripVariant, gainMap: gainMaps?.strips[edge], outputs: outputs)
        }
        return parts
    }
}

extension DerivativePlan {
    /// The most source pixels behind a produced tier, for the stretch numbers (`DeviceRecord.maximumStretch`
    /// and the analysis's `HeroLayout`): a tier's own size, or for an upscaled tier the crop it was enlarged
    /// from, so that no invented pixel counts as stretch headroom; nil when no tier is produced.
    var largestSourcePixelSize: PixelSize? {
        produced.map { derivative -> PixelSize in
            guard case .upscaled = derivative.status else { return derivative.pixelSize }
            return PixelSize(width: min(derivative.pixelSize.width, cropSize.width), height: min(derivative.pixelSize.height, cropSize.height))
        }.max { $0.width < $1.width }
    }
}

extension CropRecord {
    /// The crop in pixels of the full-resolution upright source (the plan is in decoded pixels).
    init(_ plan: CropPlan, toSource scale: Double, sourceSize: PixelSize) {
        func s(_ v: Int) -> Int { Int((Double(v) * scale).rounded()) }
        let x = min(s(plan.rect.x), sourceSize.width - 1), y = min(s(plan.rect.y), sourceSize.height - 1)
        self.init(x: x, y: y, width: min(s(plan.rect.width), sourceSize.width - x), height: min(s(plan.rect.height), sourceSize.height - y),
                  mode: plan.mode.description, requestedMode: plan.requestedMode.description,
                  subjectX: Self.rounded(plan.subjectX * scale), subjectY: Self.rounded(plan.subjectY * scale),
                  subjectClearsToolbar: plan.subjectClearsToolbar, zoom: (plan.zoom * 1e4).rounded() / 1e4,
                  subjectBox: plan.subjectBox.map { box in
                      let r = SubjectRegion(rect: box, kind: .sidecar, confidence: 1).scaled(from: plan.sourceSize, to: sourceSize).rect
                      return PixelBox(x: r.x, y: r.y, width: r.width, height: r.height)
                  },
                  subjectClearsToolbarReason: plan.subjectClearsToolbarReason)
    }

    /// Six decimals: enough for any consumer, and stable JSON.
    static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
}

extension SubjectRecord {
    /// `region` (pixels of an image of `size`) in pixels of the full-resolution source of `sourceSize`.
    init(_ region: SubjectRegion, from size: PixelSize, to sourceSize: PixelSize) {
        let r = region.scaled(from: size, to: sourceSize).rect
        self.init(kind: region.label ?? region.kind.rawValue, confidence: (region.confidence * 1e4).rounded() / 1e4,
                  x: r.x, y: r.y, width: r.width, height: r.height)
    }
}
