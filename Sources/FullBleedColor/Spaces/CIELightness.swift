import Foundation

/// CIE 1976 lightness L* (0...100) of a relative luminance `y` (linear, white Y = 1): `116 f(Y) - 16`,
/// linear below (6/29)^3.
///
/// The cube root is `cubeRoot(_:)`, not libm's `cbrt`: the band-change and texture measurements take two
/// per pixel, and `cbrt` cost 0.43 G of the 0.69 G instructions of `BandLightnessChange.mean` on a
/// 4352x2448 `ios-hero` photo. Same IEEE operations in the same order on every machine (no FMA), so the
/// results are deterministic.
public enum CIELightness {
    @inlinable @inline(__always)
    public static func of(_ y: Float) -> Float {
        let epsilon: Float = 216.0 / 24389.0
        return y > epsilon ? Float(116 * cubeRoot(Double(y)) - 16) : y * (24389.0 / 27.0)
    }

    @inlinable @inline(__always)
    public static func of(_ y: Double) -> Double {
        y > 216.0 / 24389 ? 116 * cubeRoot(y) - 16 : y * (24389.0 / 27)
    }

    /// The real cube root of `x`, within 1e-13 relative of the exact one for `x` in 1e-200...1e200 (libm's
    /// `cbrt` outside, where the cubes below would underflow or overflow, and for 0, negatives, infinity
    /// and NaN): an estimate from the bits (the exponent divided by three, within
    /// about 3 %), then two Halley steps `r * (r^3 + 2x) / (2 r^3 + x)`, each of which cubes the error.
    @inlinable @inline(__always)
    public static func cubeRoot(_ x: Double) -> Double {
        guard x >= 1e-200, x <= 1e200 else { return cbrt(x) }
        var r = Double(bitPattern: x.bitPattern / 3 &+ 0x2A9F_7893_782D_A1CE)
        var cube = r * r * r
        r = r * (cube + 2 * x) / (2 * cube + x)
        cube = r * r * r
        return r * (cube + 2 * x) / (2 * cube + x)
    }
}
