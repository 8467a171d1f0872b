import Foundation
import FullBleedImage

/// How the encoded RGB samples of one colour space become linear light, CIE XYZ and relative luminance.
///
/// A model is a transfer curve plus a linear-RGB -> XYZ (D65) matrix. The three standard spaces are
/// built in (`sRGB`, `displayP3`, `adobeRGB`); any other ICC profile (`.other`, gray profiles) is read
/// through lcms2 instead (`LuminancePlane.colorManaged(_:)`, `LuminancePlane(image:profile:)`), or can be
/// described by supplying its curve and matrix with `init(curve:rgbToXYZ:)`.
///
/// Relative luminance `Y` is linear light: 0 is black, 1 is the space's diffuse white.
public struct LuminanceModel: Sendable, Hashable, Codable {
    /// The transfer curve between encoded samples (0...1) and linear light (0...1).
    public enum Curve: Sendable, Hashable, Codable {
        /// IEC 61966-2-1 piecewise curve, used by sRGB and Display P3 (`SRGBTransfer`).
        case sRGB
        /// A pure power law, `linear = encoded^exponent` (Adobe RGB (1998) uses 563/256).
        case gamma(Double)
        /// Samples are already linear light.
        case linear

        /// Encoded (0...1) -> linear light. Negative inputs are mirrored (sign kept).
        @inlinable
        public func linear(_ encoded: Double) -> Double {
            switch self {
            case .sRGB: return encoded < 0 ? -SRGBTransfer.linear(-encoded) : SRGBTransfer.linear(encoded)
            case .gamma(let exponent): return encoded < 0 ? -pow(-encoded, exponent) : pow(encoded, exponent)
            case .linear: return encoded
            }
        }

        /// Linear light -> encoded (0...1). Negative inputs are mirrored (sign kept).
        @inlinable
        public func encoded(_ linear: Double) -> Double {
            switch self {
            case .sRGB: return linear < 0 ? -SRGBTransfer.encoded(-linear) : SRGBTransfer.encoded(linear)
            case .gamma(let exponent): return linear < 0 ? -pow(-linear, 1 / exponent) : pow(linear, 1 / exponent)
            case .linear: return linear
            }
        }
    }

    /// Transfer curve of the encoded samples.
    public var curve: Curve
    /// Linear RGB -> CIE XYZ, D65 white, scaled so that white has Y = 1.
    public var rgbToXYZ: ColorMatrix3
    /// The weights giving relative luminance from linear R, G, B. Normally the Y row of `rgbToXYZ`;
    /// `wcagSRGB` replaces it with WCAG's rounded row.
    public var luminanceRow: SIMD3<Double>

    /// A model from a curve and a matrix; the luminance row is the matrix's Y row unless given.
    public init(curve: Curve, rgbToXYZ: ColorMatrix3, luminanceRow: SIMD3<Double>? = nil) {
        self.curve = curve
        self.rgbToXYZ = rgbToXYZ
        self.luminanceRow = luminanceRow ?? rgbToXYZ.y
    }

    /// A model from a curve and the primaries' chromaticities.
    public init(curve: Curve, primaries: RGBPrimaries) {
        self.init(curve: curve, rgbToXYZ: primaries.rgbToXYZ())
    }

    /// sRGB with the matrix derived from its primaries and the exact luminance row
    /// `[0.21263900587151027, 0.715168678767756, 0.07219231536073371]` (CSS Color 4).
    public static let sRGB = LuminanceModel(curve: .sRGB, primaries: .sRGB)

    /// sRGB with WCAG 2.x's rounded luminance row `0.2126, 0.7152, 0.0722`, so contrast ratios
    /// match WCAG checkers digit for digit (it differs from the exact row by < 1e-4).
    public static let wcagSRGB = LuminanceModel(curve: .sRGB, rgbToXYZ: RGBPrimaries.sRGB.rgbToXYZ(),
                                                luminanceRow: SIMD3(0.2126, 0.7152, 0.0722))

    /// Display P3: P3 primaries, D65 white, the sRGB curve. Its Y row is CSS Color 4's
    /// `[0.2289745640697488, 0.6917385218365064, 0.079286914093745]`.
    public static let displayP3 = LuminanceModel(curve: .sRGB, primaries: .displayP3)

    /// Adobe RGB (1998): gamma 563/256 (= 2.19921875) and the Y row derived from its primaries,
    /// about `[0.29734, 0.62736, 0.07529]`. Source: Adobe RGB (1998) Color Image Encoding, v2005-05.
    public static let adobeRGB = LuminanceModel(curve: .gamma(563.0 / 256.0), primaries: .adobeRGB)

    /// The standard model for a colour-space family: WCAG's sRGB row for sRGB (and for gray images,
    /// whose samples use the sRGB curve), Display P3, Adobe RGB. Nil for `.other` (read such profiles
    /// through lcms2 with `LuminancePlane.colorManaged(_:)`).
    public init?(family: ColorSpace.Family) {
        switch family {
        case .sRGB, .gray: self = .wcagSRGB
        case .displayP3: self = .displayP3
        case .adobeRGB: self = .adobeRGB
        case .other: return nil
        }
    }

    /// Relative luminance of linear R, G, B.
    @inlinable
    public func luminance(linear rgb: SIMD3<Double>) -> Double {
        luminanceRow.x * rgb.x + luminanceRow.y * rgb.y + luminanceRow.z * rgb.z
    }

    /// Relative luminance of encoded R, G, B (0...1).
    @inlinable
    public func luminance(encodedRed red: Double, green: Double, blue: Double) -> Double {
        luminance(linear: SIMD3(curve.linear(red), curve.linear(green), curve.linear(blue)))
    }

    /// Linear R, G, B of this model converted to linear sRGB (through XYZ; may leave 0...1 for wide-gamut colours).
    public func linearSRGB(fromLinear rgb: SIMD3<Double>) -> SIMD3<Double> {
        toLinearSRGB.applied(to: rgb)
    }

    /// The matrix taking this model's linear RGB to linear sRGB.
    public var toLinearSRGB: ColorMatrix3 {
        RGBPrimaries.sRGB.rgbToXYZ().inverse.multiplied(by: rgbToXYZ)
    }
}
