import CLCMS2
import FullBleedImage

extension Image {
    /// This image converted to sRGB through its ICC profile with lcms2.
    ///
    /// - RGB images tagged Display P3, Adobe RGB or any other RGB ICC profile, and gray images with a
    ///   gray ICC profile, are converted; `.displayP3` / `.adobeRGB` without profile bytes use the
    ///   standard profile of the family. sRGB input (tagged or not) is returned unchanged; gray without
    ///   a profile keeps its samples and is retagged sRGB.
    /// - Layout, sample type, alpha mode and transfer are kept: 8-bit stays 8-bit (lcms2's optimised
    ///   matrix-shaper path, within one code of the exact result), 16-bit stays 16-bit (unoptimised
    ///   pipeline: lcms2's 16-bit precalculated tables are off by up to ~3800 codes near the gamut edge),
    ///   float is converted unclamped in lcms2's float pipeline. Linear or premultiplied images are
    ///   encoded and unpremultiplied first (`converted(to:)`, clamped to 0...1), converted into linear-light
    ///   sRGB when they were linear, and brought back to their format.
    /// - Alpha is copied unchanged (`cmsFLAGS_COPY_ALPHA`).
    /// - The result is tagged untagged sRGB (`ColorSpace.sRGB`, no ICC bytes): what decoders produce for
    ///   untagged files and what browsers and iOS assume for them, and it saves the profile's bytes on
    ///   every small derivative. Gray results use the sRGB curve on the neutral axis.
    ///
    /// Deterministic whatever the thread count (large images run in row bands on all cores).
    /// - Throws: `ColorManagementError` for an unreadable profile, a profile whose data colour space does
    ///   not match the channels (e.g. a CMYK profile on RGB pixels), or `.other` without profile bytes.
    public func convertedToSRGB(intent: RenderingIntent = .relativeColorimetric) throws -> Image {
        switch colorSpace.family {
        case .sRGB:
            return self
        case .gray where colorSpace.icc == nil:
            var retagged = self
            retagged.colorSpace = .sRGB
            return retagged
        default:
            break
        }
        let context = try LCMSContext()
        let source = try ColorProfile.describing(colorSpace, context: context)
        guard source.matches(layout) else {
            throw ColorManagementError.profileMismatch(profileColorSpace: source.dataColorSpace, layout: layout)
        }
        // lcms2 reads encoded, straight samples: floats and linear images go through encoded float, and
        // linear images come back out of a linear-light sRGB profile (no re-encoding round trip).
        let linearOutput = format.transfer == .linear
        let needsFloat = format.sampleType == .float32 || linearOutput
        let working = needsFloat ? converted(to: PixelFormat(layout: layout, sampleType: .float32)) : self
        let outputCurve: LuminanceModel.Curve = linearOutput ? .linear : .sRGB
        let destination = layout.isColor
            ? (linearOutput ? try ColorProfile.rgb(primaries: .sRGB, curve: .linear, context: context) : try ColorProfile.sRGB(context: context))
            : try ColorProfile.gray(curve: outputCurve, context: context)

        let pixelFormat = LCMSPixelFormat(layout: layout, sampleType: working.format.sampleType)
        var flags = cmsUInt32Number(cmsFLAGS_BLACKPOINTCOMPENSATION)
        if hasAlpha { flags |= cmsUInt32Number(cmsFLAGS_COPY_ALPHA) }
        if working.format.sampleType == .uint16 { flags |= cmsUInt32Number(cmsFLAGS_NOOPTIMIZE) }
        let transform = try ColorProfileTransform(from: source, pixelFormat, to: destination, pixelFormat,
                                                  intent: intent.lcmsIntent, flags: flags)
        let resultFormat = PixelFormat(layout: layout, sampleType: working.format.sampleType, transfer: linearOutput ? .linear : .encoded)
        var result = Image(width: width, height: height, format: resultFormat, colorSpace: .sRGB)
        transform.apply(working, into: &result)
        return needsFloat ? result.converted(to: format) : result
    }
}
