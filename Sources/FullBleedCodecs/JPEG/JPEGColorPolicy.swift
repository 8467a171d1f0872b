import FullBleedImage

/// How decoded JPEG pixels are tagged, and the warnings that explain every fallback.
///
/// - RGB/YCbCr or gray with a matching ICC profile: tagged with it (Display P3 and Adobe RGB recognised,
///   bytes carried unchanged).
/// - CMYK/YCCK with an embedded CMYK profile: converted to sRGB through it with lcms2 (`JPEGCMYKConversion`),
///   tagged untagged sRGB, no warning. Without a usable profile: the naive inversion-aware formula, tagged
///   untagged sRGB, with a warning saying why.
/// - A profile whose data colour space does not match the decoded channels, or a malformed one, is
///   ignored (untagged sRGB) with a warning.
/// - No profile but EXIF ColorSpace = uncalibrated (0xFFFF) with InteropIndex "R03" (the DCF way of
///   saying Adobe RGB): treated as sRGB, with a warning saying so.
enum JPEGColorPolicy {
    /// EXIF ColorSpace tag value meaning "uncalibrated".
    static let exifUncalibrated = 0xFFFF

    /// The embedded profile a CMYK/YCCK file's samples are converted through: its ICC profile when the
    /// profile's data colour space is CMYK, else nil (the naive formula is used).
    static func cmykProfile(_ header: JPEGHeader) -> [UInt8]? {
        guard header.colorModel.isCMYK, let icc = header.icc, ICCInspector.inspect(icc).dataColorSpace == "CMYK" else { return nil }
        return icc
    }

    /// The warning for a CMYK profile lcms2 could not apply.
    static func cmykProfileFailed(_ profile: [UInt8], reason: String) -> String {
        let name = ICCInspector.inspect(profile).name.map { " '\($0)'" } ?? ""
        return "CMYK JPEG: embedded CMYK ICC profile\(name) could not be applied (lcms2: \(reason)); converted to RGB"
            + " with the naive inversion-aware formula, tagged sRGB (untagged)"
    }

    /// The colour space to tag the decoded pixels with, and the warnings for the caller.
    static func decodedColorSpace(header: JPEGHeader, exif: EXIFMetadata?) -> (ColorSpace, [String]) {
        var warnings: [String] = []
        if header.iccMalformed {
            warnings.append("malformed ICC profile (inconsistent APP2 segments) ignored: treated as sRGB")
        }
        if header.colorModel.isCMYK {
            if header.icc == nil {
                warnings.append("CMYK JPEG without ICC profile: converted to RGB with the naive inversion-aware formula,"
                                + " tagged sRGB (untagged)")
            } else if cmykProfile(header) == nil {
                let space = header.icc.map { ICCInspector.inspect($0).dataColorSpace } ?? ""
                warnings.append("CMYK JPEG: embedded ICC profile is for '\(space)' data, not CMYK: ignored; converted to RGB"
                                + " with the naive inversion-aware formula, tagged sRGB (untagged)")
            }
            return (.sRGB, warnings)
        }
        if let icc = header.icc {
            let space = ICCInspector.colorSpace(forProfile: icc)
            let expected = header.colorModel == .gray ? "GRAY" : "RGB"
            let actual = space.icc?.dataColorSpace ?? ""
            if actual == expected { return (space, warnings) }
            warnings.append("ICC profile (data colour space '\(actual)') does not match the \(header.colorModel == .gray ? "gray" : "RGB")"
                            + " pixels: ignored, treated as sRGB")
            return (.sRGB, warnings)
        }
        if let exif, exif.colorSpaceTag == exifUncalibrated, exif.interoperabilityIndex == "R03" {
            warnings.append("EXIF marks Adobe RGB (ColorSpace uncalibrated, InteropIndex R03) but there is no ICC profile:"
                            + " treated as sRGB (colours may look desaturated)")
        }
        return (.sRGB, warnings)
    }
}
