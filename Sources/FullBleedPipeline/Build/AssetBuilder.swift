import Foundation
import FullBleedCodecs
import FullBleedCore
import FullBleedImage

/// Runs an `AssetPlan`'s steps over one source: decode once, colour, crop, then per target tiers, analysis,
/// bake, extension and encoding (`TargetBuilder`), then placeholders and the preview thumbnail. Pure with
/// respect to the file system: it returns the files to write (relative path -> bytes) with the manifest
/// record, and the runner writes them only when the whole asset succeeded.
public enum AssetBuilder {
    public struct Output: Sendable {
        public var record: AssetRecord
        /// The measurements behind the record (written as `record.report` with `--report`).
        public var report: AssetReport
        /// The build steps that ran, in order (those of the plan that had work: `bake` only where a scrim is baked).
        public var steps: [BuildStep]
        /// The output files in creation order (empty without `.encode`); the report comes last.
        public var files: [EncodedFile]
        /// Megapixels of the source (displayed size), for throughput reports.
        public var megapixels: Double
        /// The preview page's source thumbnail (JPEG), with `.previewThumbnail`.
        public var previewThumbnail: [UInt8]?
        /// Each tier not made as planned (skipped, upscaled, less headroom), in pipeline order; empty when
        /// the asset is skipped (its `record.skipReason` says why in one line).
        public var tierNotes: [TierNote] = []
    }

    /// - Parameter mayUseAllCores: resample and encode this asset's pictures on every core (the caller says
    ///   so when no other asset is waiting); false keeps the asset on the calling thread. The output is
    ///   byte-identical either way.
    public static func build(_ plan: AssetPlan, bytes: [UInt8], mayUseAllCores: Bool = false) throws -> Output {
        var ran: Set<BuildStep> = [.decode, .crop]
        var decoded = try decodeInColor(bytes, plan: plan, options: plan.decode, ran: &ran)
        let detection = try SubjectDetectionStep.run(decoded.image, plan: plan, bytes: bytes)
        var cropped = CropStep.run(decoded.image, plan: plan, detected: detection.map { SubjectDetectionStep.regions($0, in: decoded.image.size) })
        // Decoded for unzoomed crops; a crop that zooms in (rare) is planned again on a decode that feeds it,
        // with the subjects already found, so that most photos decode once and at the smaller size.
        if let zoom = CropStep.zoomNeedingALargerDecode(cropped.crops, loadScale: decoded.loadScale, maximumZoom: plan.spec.maximumZoom) {
            let options = plan.decode(zoom: zoom)
            let covered = options.minimumSize.map { decoded.image.width >= $0.width && decoded.image.height >= $0.height } ?? false
            if !covered {
                let found = (subjects: cropped.subjects, size: decoded.image.size), firstWarnings = cropped.warnings
                decoded = try decodeInColor(bytes, plan: plan, options: options, ran: &ran)
                cropped = CropStep.run(decoded.image, plan: plan, found: found)
                cropped.warnings = firstWarnings + cropped.warnings
            }
        }
        let crops = cropped.crops
        var resample = plan.spec.resample
        resample.parallel = plan.spec.resample.parallel && mayUseAllCores
        let encoder = OutputEncoder(spec: plan.spec, assetKey: plan.assetKey, path: plan.source.relativePath,
                                    enabled: plan.steps.contains(.encode), parallel: mayUseAllCores)
        var warnings = decoded.warnings + cropped.warnings
        var targets: [TargetRecord] = []
        var targetReports: [TargetReport] = []
        var files: [EncodedFile] = []
        var firstCascade: ReductionCascade?
        for (index, target) in plan.targets.enumerated() {
            let result = try TargetBuilder.build(target, crop: crops[index], image: decoded.image, gainMap: decoded.gainMap, plan: plan,
                                                 resample: resample, encoder: encoder)
            warnings += result.warnings
            targets.append(result.record)
            targetReports.append(result.report)
            files += result.files
            ran.formUnion(result.steps)
            if firstCascade == nil { firstCascade = result.cascade }
        }
        let image = decoded.image
        var placeholderSource = firstCascade
            ?? ReductionCascade(source: image, region: PixelRect(x: 0, y: 0, width: image.width, height: image.height), options: resample)
        let placeholders = try PlaceholderStep.run(&placeholderSource, plan: plan)
        if placeholders != nil { ran.insert(.placeholders) }
        let thumbnail = try PreviewThumbnailStep.run(image, plan: plan)

        var record = AssetRecord(plan: plan, bytes: bytes, decoded: decoded, warnings: warnings, targets: targets, placeholders: placeholders)
        record.subjectDetection = detection
        if let reason = AssetRecord.skipReason(source: record.source, targets: record.targets) { record = record.skipped(because: reason) }
        record = record.reviewed(sidecarSHA256: plan.sidecar?.reviewedSHA256)
        let report = AssetReport(key: plan.assetKey, source: plan.source.relativePath,
                                 subjects: AssetRecord.subjectRecords(crops.first?.subjects ?? [], from: decoded.image.size, to: plan.info.size,
                                                                      detector: detection?.detector),
                                 targets: targetReports)
        if plan.steps.contains(.report) {
            let encoded = try report.encoded()
            let sha256 = SHA256.hex(encoded)
            let path = plan.spec.outputPath(asset: plan.assetKey, variant: AssetReport.variantName,
                                            fileExtension: AssetReport.fileExtension, sha256: sha256)
            record.report = FileRecord(path: path, mimeType: AssetReport.mimeType, bytes: encoded.count)
            files.append(EncodedFile(path: path, bytes: encoded, sha256: sha256))
        }
        return Output(record: record, report: report, steps: plan.steps.filter { ran.contains($0) }, files: files, megapixels: plan.megapixels,
                      previewThumbnail: thumbnail, tierNotes: record.deliversImages ? tierNotes(plan) : [])
    }

    /// The plan's tiers that are not `exact`, each with its target and the plan's note.
    static func tierNotes(_ plan: AssetPlan) -> [TierNote] {
        plan.targets.flatMap { target in
            target.derivatives.derivatives.compactMap { derivative -> TierNote? in
                guard let note = derivative.note else { return nil }
                let kind: TierNote.Kind
                switch derivative.status {
                case .exact: return nil
                case .skipped: kind = .skipped
                case .upscaled: kind = .upscaled
                case .reducedHeadroom: kind = .reducedHeadroom
                }
                return TierNote(target: target.hero.name, tier: derivative.tier.label, kind: kind, message: note)
            }
        }
    }

    /// The decode at `options`, converted to sRGB when the pipeline asks for it.
    private static func decodeInColor(_ bytes: [UInt8], plan: AssetPlan, options: DecodeOptions, ran: inout Set<BuildStep>) throws -> DecodedSource {
        var decoded = try DecodeStep.run(bytes, plan: plan, options: options)
        if let converted = try ColorStep.run(decoded.image, plan: plan) {
            decoded.image = converted
            ran.insert(.color)
        }
        return decoded
    }
}

extension AssetRecord {
    /// The regions that are subjects, in full-resolution source pixels; one of confidence 0 (a salient
    /// region that leaks to the whole photo, no figure) is none. nil when none is left. Regions of the
    /// external subject detector name it (`detector`).
    static func subjectRecords(_ regions: [SubjectRegion], from size: PixelSize, to sourceSize: PixelSize, detector: String? = nil) -> [SubjectRecord]? {
        let records = regions.map { region in
            var record = SubjectRecord(region, from: size, to: sourceSize)
            if region.label != nil { record.detector = detector }
            return record
        }.filter { $0.confidence > 0 }
        return records.isEmpty ? nil : records
    }

    /// The manifest record of a built asset.
    init(plan: AssetPlan, bytes: [UInt8], decoded: DecodedSource, warnings: [String], targets: [TargetRecord],
         placeholders: PlaceholderRecord?) {
        let info = plan.info
        self.init(
            key: plan.assetKey,
            source: SourceRecord(
                path: plan.source.relativePath, sha256: SHA256.hex(bytes), bytes: bytes.count, format: info.format.rawValue,
                width: info.size.width, height: info.size.height, orientation: info.orientation.rawValue,
                colorSpace: info.colorSpace.family.rawValue, iccProfile: info.colorSpace.icc?.name,
                bitDepth: info.bitDepth, hasAlpha: info.hasAlpha,
                gainMap: info.gainMap.map {
                    SourceGainMapRecord(metadata: $0.source.rawValue, width: $0.size.width, height: $0.size.height,
                                        headroom: HDRRecord.rounded($0.metadata.headroom),
                                        headroomStops: HDRRecord.rounded($0.metadata.hdrCapacityMax))
                }),
            sidecarSHA256: plan.sidecar?.sha256,
            altText: plan.sidecar?.altText,
            warnings: warnings,
            decode: DecodeRecord(loadScale: decoded.loadScale, width: decoded.image.width, height: decoded.image.height),
            targets: targets,
            placeholders: placeholders)
    }
}
