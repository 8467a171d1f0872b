import FullBleedImage
import CLCMS2

/// How an ICC conversion maps colours the destination cannot show. Both use black point compensation.
public enum RenderingIntent: String, Sendable, Hashable, Codable, CaseIterable {
    /// ICC relative colorimetric with black point compensation: in-gamut colours exact, the rest clipped.
    /// The default: matrix-shaper profiles (Display P3, Adobe RGB, ProPhoto) have no perceptual tables anyway.
    case relativeColorimetric = "relative"
    /// ICC perceptual: the profile's perceptual tables compress the whole gamut (LUT profiles only;
    /// matrix-shaper profiles behave as relative colorimetric).
    case perceptual

    /// The lcms2 intent constant.
    var lcmsIntent: cmsUInt32Number {
        switch self {
        case .relativeColorimetric: return cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC)
        case .perceptual: return cmsUInt32Number(INTENT_PERCEPTUAL)
        }
    }
}
