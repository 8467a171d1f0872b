import FullBleedImage
import Foundation

/// Björn Ottosson's Oklab (2020): a perceptual space where Euclidean distance approximates colour
/// difference. L is 0...1 for black...white; a, b are about -0.4...0.4.
public enum Oklab {
    /// Linear-light sRGB -> Oklab (L, a, b).
    public static func fromLinearSRGB(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let l = 0.4122214708 * c.x + 0.5363325363 * c.y + 0.0514459929 * c.z
        let m = 0.2119034982 * c.x + 0.6806995451 * c.y + 0.1073969566 * c.z
        let s = 0.0883024619 * c.x + 0.2817188376 * c.y + 0.6299787005 * c.z
        let l3 = cbrt(l), m3 = cbrt(m), s3 = cbrt(s)
        return SIMD3(0.2104542553 * l3 + 0.7936177850 * m3 - 0.0040720468 * s3,
                     1.9779984951 * l3 - 2.4285922050 * m3 + 0.4505937099 * s3,
                     0.0259040371 * l3 + 0.7827717662 * m3 - 0.8086757660 * s3)
    }
}
