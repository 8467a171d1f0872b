import CHeif
import FullBleedImage

/// The colour space of a HEIF image from its `colr` boxes: an ICC profile (`prof`/`rICC`, e.g. the
/// Display P3 profile iPhones embed) is carried byte for byte; without one, `nclx` colour parameters
/// map to untagged sRGB (BT.709 primaries) or Display P3 (SMPTE EG 432-1 primaries), both with an
/// SDR transfer. Other nclx spaces (BT.2020, PQ, HLG...) are reported and passed through as sRGB.
struct HEIFColor {
    var colorSpace: ColorSpace
    /// The nclx triple "primaries/transfer/matrix" when the colour came from nclx, for probe details.
    var nclxDescription: String?
    /// One line when the nclx space is not one FullBleed recognises.
    var warning: String?

    /// H.273 transfer characteristics that display as the sRGB curve does on SDR screens: BT.709,
    /// unspecified, BT.601 and sRGB itself.
    static let sdrTransfers: Set<UInt32> = [1, 2, 6, 13]

    init(colorSpace: ColorSpace, nclxDescription: String? = nil, warning: String? = nil) {
        self.colorSpace = colorSpace
        self.nclxDescription = nclxDescription
        self.warning = warning
    }

    /// Reads the primary image's colour information. Errors reading a present profile are thrown as `.corrupt`.
    static func read(_ handle: OpaquePointer, format: ImageFormat, stage: CodecError.Stage) throws -> HEIFColor {
        let type = heif_image_handle_get_color_profile_type(handle)
        if type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC {
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            if size > 0 {
                var profile = [UInt8](repeating: 0, count: size)
                try HEIFError.check(profile.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) },
                                    stage: stage, format: format, context: "reading the ICC profile")
                return HEIFColor(colorSpace: ICCInspector.colorSpace(forProfile: profile))
            }
        }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        let error = heif_image_handle_get_nclx_color_profile(handle, &nclx)
        // libheif 1.15 hands out the profile even with an error (e.g. unknown primaries): free it either way.
        defer { if let nclx { heif_nclx_color_profile_free(nclx) } }
        guard error.code == heif_error_Ok, let nclx else { return HEIFColor(colorSpace: .sRGB) }
        return fromNCLX(primaries: nclx.pointee.color_primaries.rawValue,
                        transfer: nclx.pointee.transfer_characteristics.rawValue,
                        matrix: nclx.pointee.matrix_coefficients.rawValue)
    }

    /// BT.709 or unspecified primaries -> sRGB; SMPTE EG 432-1 (P3 D65) -> Display P3 (no ICC bytes);
    /// both only with an SDR transfer (`sdrTransfers`). Anything else is tagged sRGB with a warning.
    static func fromNCLX(primaries: UInt32, transfer: UInt32, matrix: UInt32) -> HEIFColor {
        let description = "nclx \(primaries)/\(transfer)/\(matrix)"
        if sdrTransfers.contains(transfer) {
            if primaries == heif_color_primaries_ITU_R_BT_709_5.rawValue || primaries == heif_color_primaries_unspecified.rawValue {
                return HEIFColor(colorSpace: .sRGB, nclxDescription: description)
            }
            if primaries == heif_color_primaries_SMPTE_EG_432_1.rawValue {
                return HEIFColor(colorSpace: ColorSpace(family: .displayP3), nclxDescription: description)
            }
        }
        return HEIFColor(colorSpace: .sRGB, nclxDescription: description,
                         warning: "\(description) (primaries/transfer/matrix) is neither sRGB nor Display P3: samples passed through as sRGB")
    }
}
