import FullBleedCore
import FullBleedImage

/// `.gainMap`: the source's gain map carried to every produced tier of a target (`"hdr": "keep"`): the
/// part under the crop, resampled with Lanczos3 in the log domain to the tier's size at the source's
/// map-to-picture ratio, removed under the glyph regions (`GainMapBandAttenuation`) so that what glyphs
/// sit on renders no brighter on an HDR screen than on an SDR one, and extended like the tier's
/// background extension. The scrim variant of a tier shares its plain variant's map.
enum GainMapStep {
    struct Result {
        /// Derivative index -> the tier's map, as encoded.
        var maps: [Int: GainMap]
        /// Derivative index -> the extension canvas's map and its strips' maps.
        var extensions: [Int: (canvas: GainMap, strips: [ExtensionEdge: GainMap])]
        var record: HDRRecord
    }

    /// nil without the step or without a gain map.
    static func run(_ field: GainMapField?, baseSize: PixelSize, crop: CropPlan, tiers: TierPictures,
                    analysis: ToolbarAnalysis?, target: AssetPlan.Target, plan: AssetPlan) throws -> Result? {
        guard plan.steps.contains(.gainMap), let field else { return nil }
        let cropped = field.cropped(toBaseRect: crop.rect, baseSize: baseSize)
        let attenuation = analysis.map(GainMapBandAttenuation.init(analysis:))
        var result = Result(maps: [:], extensions: [:], record: HDRRecord(headroom: field.metadata.headroom))
        var largest: (index: Int, width: Int, field: GainMapField)?
        for (i, derivative) in target.derivatives.derivatives.enumerated() {
            guard let picture = tiers.pictures[i] else { continue }
            let tierField = cropped.resized(to: GainMapField.size(for: picture.size, mapSize: field.size, baseSize: baseSize))
            var delivered = tierField
            if let attenuation, !attenuation.isEmpty {
                delivered = tierField.attenuated(rows: attenuation.rowAttenuation(mapHeight: tierField.size.height))
            }
            result.maps[i] = delivered.quantized()
            if largest.map({ picture.width > $0.width }) ?? true { largest = (i, picture.width, tierField) }
            if let extensionSpec = target.spec.backgroundExtension, plan.steps.contains(.extend) {
                do {
                    let extended = try delivered.backgroundExtension(
                        pictureParameters: ExtendStep.parameters(extensionSpec, for: derivative), pictureWidth: picture.width)
                    result.extensions[i] = (extended.canvas.quantized(), extended.strips.mapValues { $0.quantized() })
                } catch {
                    throw ProcessingError(path: plan.source.relativePath, stage: .extension, reason: "gain map: \(error)")
                }
            }
        }
        if let largest, let analysis, let picture = tiers.pictures[largest.index] {
            let widthPoints = Double(analysis.heroPixelSize.width) / analysis.pixelsPerPoint
            // The regions on screen at rest: the band the attenuation covers (the inline title past the
            // collapse offset is over the hero's bottom, where the HDR picture is kept).
            let rects = analysis.regions.filter(\.region.isAtRest).map {
                $0.region.pixelRect(pixelsPerPoint: Double(picture.width) / widthPoints, bounds: picture.size)
            }
            result.record.glyphPeakLuminance = HDRGlyphPeaks(
                sdr: HDRRecord.rounded(HDRLuminance.peak(of: picture, gainMap: nil, in: rects)),
                sourceHDR: HDRRecord.rounded(HDRLuminance.peak(of: picture, gainMap: largest.field.quantized(), in: rects)),
                deliveredHDR: HDRRecord.rounded(HDRLuminance.peak(of: picture, gainMap: result.maps[largest.index], in: rects)),
                tier: target.derivatives.derivatives[largest.index].tier.label)
            result.record.attenuatedTopPoints = attenuation.map { HDRRecord.rounded($0.topExtentPoints) }
            let bottomExtent: Double? = attenuation?.bottomExtentPoints
            if let bottomExtent { result.record.attenuatedBottomPoints = HDRRecord.rounded(bottomExtent) }
        }
        return result
    }
}
