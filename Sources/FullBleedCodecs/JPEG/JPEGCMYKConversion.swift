import CLCMS2
import FullBleedImage

/// CMYK -> RGB for CMYK and YCCK JPEGs: through the embedded CMYK ICC profile with lcms2 when there is
/// one, else with the naive inversion-aware formula.
///
/// Files with an Adobe APP14 marker (Photoshop and nearly every CMYK JPEG) store the samples inverted
/// (255 = no ink); files without it store ink amounts directly.
enum JPEGCMYKConversion {
    /// Converts interleaved 8-bit CMYK samples (`width * height * 4`) to an encoded 8-bit RGB image,
    /// untagged sRGB, without colour management. `storedInverted` is true for files with an Adobe marker.
    ///
    /// With ink amounts c, k in 0...1 the formula is `R = (1 - c)(1 - k)` (likewise G from m, B from y),
    /// which is what ImageMagick's `-colorspace sRGB` does without a profile; on inverted stored values
    /// that is `R = c' k' / 255`.
    static func rgb(fromCMYK cmyk: UnsafeBufferPointer<UInt8>, width: Int, height: Int, storedInverted: Bool) -> Image {
        let pixels = width * height
        precondition(cmyk.count >= pixels * 4, "CMYK buffer too small for \(width)x\(height)")
        var image = Image(width: width, height: height, format: .rgb8)
        let flip: UInt8 = storedInverted ? 0 : 255
        image.withUnsafeMutableSamples(as: UInt8.self) { rgb in
            for i in 0..<pixels {
                let s = i * 4, d = i * 3
                // Remaining light of each ink, 0...255 (255 = no ink).
                let k = UInt32(cmyk[s + 3] ^ flip)
                rgb[d] = scaledProduct(UInt32(cmyk[s] ^ flip), k)
                rgb[d + 1] = scaledProduct(UInt32(cmyk[s + 1] ^ flip), k)
                rgb[d + 2] = scaledProduct(UInt32(cmyk[s + 2] ^ flip), k)
            }
        }
        return image
    }

    /// `a * b / 255`, rounded to nearest, for a, b in 0...255.
    @inline(__always)
    static func scaledProduct(_ a: UInt32, _ b: UInt32) -> UInt8 {
        UInt8(truncatingIfNeeded: (a * b + 127) / 255)
    }

    /// Why an embedded CMYK profile could not be applied: lcms2's own message.
    struct ProfileFailure: Error, Equatable {
        var message: String
    }

    /// Converts interleaved 8-bit CMYK samples to an encoded 8-bit RGB image, untagged sRGB, through the
    /// CMYK ICC profile `profile` with lcms2: perceptual intent (the intent ICC recommends for pictures and
    /// the A2B0 table browsers use), lcms2's built-in sRGB as destination. Inverted (Adobe) samples are
    /// read as lcms2's "REV" CMYK, where 0 means full ink. Deterministic.
    /// - Throws: `ProfileFailure` when lcms2 cannot open the profile or link it (e.g. not a CMYK profile).
    static func rgb(fromCMYK cmyk: UnsafeBufferPointer<UInt8>, width: Int, height: Int, storedInverted: Bool,
                    profile: [UInt8]) throws(ProfileFailure) -> Image {
        let pixels = width * height
        precondition(cmyk.count >= pixels * 4, "CMYK buffer too small for \(width)x\(height)")
        let log = LCMSMessages()
        guard let context = cmsCreateContext(nil, Unmanaged.passUnretained(log).toOpaque()) else {
            throw ProfileFailure(message: "cmsCreateContext failed")
        }
        defer { cmsDeleteContext(context) }
        cmsSetLogErrorHandlerTHR(context) { context, _, text in
            guard let context, let userData = cmsGetContextUserData(context) else { return }
            Unmanaged<LCMSMessages>.fromOpaque(userData).takeUnretainedValue().text.append(text.map { String(cString: $0) } ?? "unknown lcms2 error")
        }
        let source = profile.withUnsafeBytes { cmsOpenProfileFromMemTHR(context, $0.baseAddress, cmsUInt32Number(clamping: $0.count)) }
        guard let source else { throw log.failure("lcms2 could not open the CMYK profile") }
        defer { cmsCloseProfile(source) }
        guard let destination = cmsCreate_sRGBProfileTHR(context) else { throw log.failure("lcms2 could not create sRGB") }
        defer { cmsCloseProfile(destination) }
        let input = storedInverted ? PixelFormatWord.cmyk8Reversed : PixelFormatWord.cmyk8
        guard let transform = cmsCreateTransformTHR(context, source, input, destination, PixelFormatWord.rgb8,
                                                    cmsUInt32Number(INTENT_PERCEPTUAL), 0) else {
            throw log.failure("lcms2 could not link the CMYK profile to sRGB")
        }
        defer { cmsDeleteTransform(transform) }
        var image = Image(width: width, height: height, format: .rgb8)
        image.withUnsafeMutableBytes { rgb in
            cmsDoTransformLineStride(transform, cmyk.baseAddress, rgb.baseAddress, cmsUInt32Number(width), cmsUInt32Number(height),
                                     cmsUInt32Number(width * 4), cmsUInt32Number(width * 3), 0, 0)
        }
        return image
    }

    /// lcms2 pixel-format words (C macros Swift cannot import), from the bit layout in `lcms2.h`:
    /// `COLORSPACE_SH(s) = s << 16`, `FLAVOR_SH(1) = 1 << 13` (0 = full ink), `CHANNELS_SH(c) = c << 3`,
    /// `BYTES_SH(1) = 1`. Checked against a C program in the tests.
    enum PixelFormatWord {
        static let cmyk8 = UInt32(PT_CMYK) << 16 | 4 << 3 | 1
        static let cmyk8Reversed = cmyk8 | 1 << 13
        static let rgb8 = UInt32(PT_RGB) << 16 | 3 << 3 | 1
    }

    /// The messages lcms2's error handler reported for one conversion (single-threaded).
    private final class LCMSMessages {
        var text: [String] = []

        func failure(_ fallback: String) -> ProfileFailure {
            ProfileFailure(message: text.isEmpty ? fallback : text.joined(separator: "; "))
        }
    }
}
