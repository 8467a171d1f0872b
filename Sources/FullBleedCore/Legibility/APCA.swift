import Foundation
import FullBleedColor
import FullBleedImage

/// APCA lightness contrast `Lc`, SAPC-APCA 0.0.98G-4g as in Myndex/apca-w3 (`APCAcontrast`,
/// `sRGBtoY`, `displayP3toY`, `adobeRGBtoY`, `alphaBlend`, `calcAPCA`). SPEC section 2.3.
///
/// APCA is polarity dependent: the text colour comes first. Positive `Lc` is dark text on a light
/// background, negative `Lc` light text on a dark background. APCA luminance is its own simple-power
/// estimate (no piecewise toe), not the relative luminance of `LuminanceModel`.
public enum APCA {
    /// The colour spaces with APCA luminance coefficients.
    public enum Space: String, Sendable, Hashable, Codable, CaseIterable {
        case sRGB = "srgb"
        case displayP3 = "display-p3"
        case adobeRGB = "adobe-rgb"

        /// The APCA space for a colour-space family; sRGB for gray and for profiles not interpreted here.
        public init(family: ColorSpace.Family) {
            switch family {
            case .displayP3: self = .displayP3
            case .adobeRGB: self = .adobeRGB
            case .sRGB, .gray, .other: self = .sRGB
            }
        }

        /// The exponent applied to each encoded channel (2.4; 2.35 for Adobe RGB).
        public var exponent: Double { self == .adobeRGB ? 2.35 : 2.4 }

        /// The R, G, B weights.
        public var coefficients: SIMD3<Double> {
            switch self {
            case .sRGB: return SIMD3(0.2126729, 0.7151522, 0.0721750)
            case .displayP3: return SIMD3(0.2289829594805780, 0.6917492625852380, 0.0792677779341829)
            case .adobeRGB: return SIMD3(0.2973550227113810, 0.6273727497145280, 0.0752722275740913)
            }
        }
    }

    // G-4g constants.
    static let normBG = 0.56, normTXT = 0.57, revTXT = 0.62, revBG = 0.65
    static let blkThrs = 0.022, blkClmp = 1.414
    static let scaleBoW = 1.14, scaleWoB = 1.14, loBoWoffset = 0.027, loWoBoffset = 0.027
    static let deltaYmin = 0.0005, loClip = 0.1

    /// APCA luminance of encoded R, G, B (0...1): `Σ coefficient · channel^exponent`.
    @inlinable
    public static func luminance(red: Double, green: Double, blue: Double, space: Space = .sRGB) -> Double {
        let k = space.coefficients, e = space.exponent
        return k.x * pow(red, e) + k.y * pow(green, e) + k.z * pow(blue, e)
    }

    /// APCA luminance of an sRGB colour (alpha ignored).
    public static func luminance(_ color: SRGBColor) -> Double {
        luminance(red: color.red, green: color.green, blue: color.blue)
    }

    /// APCA luminance of the neutral grey whose relative luminance is `relativeLuminance` (its encoded
    /// value is `enc(Y)` with the sRGB curve). Exact for neutral pixels: what a luminance plane allows.
    public static func greyLuminance(relativeLuminance: Double) -> Double {
        let g = SRGBTransfer.encoded(max(0, min(1, relativeLuminance)))
        return luminance(red: g, green: g, blue: g)
    }

    /// The black soft clamp: `Y > 0.022 ? Y : Y + (0.022 - Y)^1.414`.
    public static func softClamp(_ y: Double) -> Double {
        y > blkThrs ? y : y + pow(blkThrs - y, blkClmp)
    }

    /// `Lc` of text luminance on background luminance (both APCA luminances, 0...1.1; 0 outside).
    public static func contrast(textLuminance: Double, backgroundLuminance: Double) -> Double {
        guard !textLuminance.isNaN, !backgroundLuminance.isNaN,
              min(textLuminance, backgroundLuminance) >= 0, max(textLuminance, backgroundLuminance) <= 1.1 else { return 0 }
        let text = softClamp(textLuminance), background = softClamp(backgroundLuminance)
        if abs(background - text) < deltaYmin { return 0 }
        if background > text {
            let sapc = (pow(background, normBG) - pow(text, normTXT)) * scaleBoW
            return (sapc < loClip ? 0 : sapc - loBoWoffset) * 100
        } else {
            let sapc = (pow(background, revBG) - pow(text, revTXT)) * scaleWoB
            return (sapc > -loClip ? 0 : sapc + loWoBoffset) * 100
        }
    }

    /// `Lc` of a text colour on a background colour, like `calcAPCA`: translucent text is first
    /// alpha-blended onto the background in gamma-encoded space, on 8-bit codes (`alphaBlend`:
    /// `bg·(1-α) + text·α`, rounded to an integer code). The background's alpha is ignored.
    public static func contrast(text: SRGBColor, background: SRGBColor) -> Double {
        var shown = text
        if text.alpha < 1 {
            let a = max(0, min(1, text.alpha)), keep = 1 - a
            let t = text.codes8, b = background.codes8
            func blend(_ t: UInt8, _ b: UInt8) -> UInt8 {
                UInt8(min((Double(b) * keep + Double(t) * a).rounded(.toNearestOrAwayFromZero), 255))
            }
            shown = SRGBColor(red8: blend(t.x, b.x), green8: blend(t.y, b.y), blue8: blend(t.z, b.z))
        }
        return contrast(textLuminance: luminance(shown), backgroundLuminance: luminance(background))
    }

    /// The highest background APCA luminance under white text (APCA luminance 1) that still gives
    /// `|Lc| >= lc`: `(1 - (lc/100 + 0.027) / 1.14)^(1/0.65)`, undoing the soft clamp for very dark
    /// results. Nil when even black is not enough (lc above about 107.9).
    public static func maximumBackgroundLuminanceForWhiteText(lc: Double) -> Double? {
        let sapc = max(lc / 100 + loWoBoffset, loClip) / scaleWoB
        let base = 1 - sapc
        guard base > 0 else { return nil }
        return unclamped(pow(base, 1 / revBG))
    }

    /// The lowest background APCA luminance under black text (APCA luminance 0, soft-clamped to
    /// 0.022^1.414) that still gives `Lc >= lc`: `((lc/100 + 0.027)/1.14 + (0.022^1.414)^0.57)^(1/0.56)`.
    /// Nil when even white is not enough (lc above about 106).
    public static func minimumBackgroundLuminanceForBlackText(lc: Double) -> Double? {
        let sapc = max(lc / 100 + loBoWoffset, loClip) / scaleBoW
        let y = pow(sapc + pow(softClamp(0), normTXT), 1 / normBG)
        return y <= 1 ? unclamped(y) : nil
    }

    /// The luminance whose soft-clamped value is `clamped`; nil below `softClamp(0)`.
    static func unclamped(_ clamped: Double) -> Double? {
        if clamped > blkThrs { return clamped }
        if clamped < softClamp(0) { return nil }
        // softClamp is increasing on 0...0.022 (slope >= 0.7): bisect.
        var low = 0.0, high = blkThrs
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if softClamp(mid) < clamped { low = mid } else { high = mid }
        }
        return high
    }
}
