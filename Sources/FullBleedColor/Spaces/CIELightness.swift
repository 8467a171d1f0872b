import Foundation

/// CIE 1976 lightness L* (0...100) of a relative luminance `y` (linear, white Y = 1): `116 f(Y) - 16`,
/// linear below (6/29)^3.
public enum CIELightness {
    @inlinable @inline(__always)
    public static func of(_ y: Float) -> Float {
        let epsilon: Float = 216.0 / 24389.0
        return y > epsilon ? 116 * cbrt(y) - 16 : y * (24389.0 / 27.0)
    }

    @inlinable @inline(__always)
    public static func of(_ y: Double) -> Double {
        y > 216.0 / 24389 ? 116 * cbrt(y) - 16 : y * (24389.0 / 27)
    }
}
