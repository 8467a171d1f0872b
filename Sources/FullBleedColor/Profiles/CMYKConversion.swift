import CLCMS2
import FullBleedImage

/// CMYK -> sRGB through a CMYK ICC profile with lcms2 (the colour-managed path of CMYK and YCCK JPEGs).
public enum CMYKConversion {
    /// Converts interleaved 8-bit CMYK samples (`width * height * 4`) to an encoded 8-bit RGB image tagged
    /// sRGB (untagged, no ICC bytes) through the CMYK profile `profile`: perceptual intent (the intent ICC
    /// recommends for pictures and the A2B0 table browsers use), lcms2's built-in sRGB as destination.
    /// Deterministic.
    /// - Parameter inkReversed: the samples store remaining light (255 = no ink), as files with an Adobe APP14
    ///   marker do; read as lcms2's "REV" CMYK, where 0 means full ink.
    /// - Throws: `ColorManagementError` with lcms2's message when it cannot open the profile or link it
    ///   (e.g. not a CMYK profile).
    public static func sRGB(fromCMYK cmyk: UnsafeBufferPointer<UInt8>, width: Int, height: Int, inkReversed: Bool,
                            profile: [UInt8]) throws(ColorManagementError) -> Image {
        precondition(cmyk.count >= width * height * 4, "CMYK buffer too small for \(width)x\(height)")
        let context = try LCMSContext()
        let source = try ColorProfile(iccBytes: profile, context: context)
        let input = LCMSPixelFormat(colorSpace: PT_CMYK, channels: 4, bytesPerSample: 1, reversed: inkReversed)
        let transform = try ColorProfileTransform(from: source, input, to: try ColorProfile.sRGB(context: context), .rgb8,
                                                  intent: cmsUInt32Number(INTENT_PERCEPTUAL), flags: 0)
        var image = Image(width: width, height: height, format: .rgb8)
        image.withUnsafeMutableBytes { rgb in
            transform.apply(cmyk.baseAddress!, inputRowBytes: width * 4, to: rgb.baseAddress!, outputRowBytes: width * 3,
                            width: width, rows: height)
        }
        return image
    }
}
