import Foundation

/// A separable reconstruction filter for resampling, as a function of the distance `x` between an
/// output sample's centre and an input sample's centre, in input pixels (before support scaling).
///
/// When reducing, the kernel is stretched by the reduction factor (support scaling, as Pillow and
/// libvips do), so every input pixel contributes and nothing aliases.
public enum ResampleFilter: String, Sendable, Hashable, CaseIterable, Codable {
    /// `sinc(x) sinc(x/3)` for |x| < 3 (SPEC 5.1): sharp, slight halos (step overshoot +7 %). The default.
    case lanczos3
    /// `sinc(x) sinc(x/2)` for |x| < 2: cheaper and with smaller halos; a good choice for upscaling.
    case lanczos2
    /// Mitchell-Netravali cubic, B = C = 1/3, |x| < 2: soft, nearly halo-free; for upscaling.
    case mitchell
    /// Area average (|x| < 1/2): what an integer box shrink does. Fast, used for analysis copies.
    case box

    /// Half-width of the kernel in input pixels at scale 1.
    public var support: Double {
        switch self {
        case .lanczos3: return 3
        case .lanczos2, .mitchell: return 2
        case .box: return 0.5
        }
    }

    /// The kernel value at distance `x` (input pixels, unscaled). Not normalised: weights built from it
    /// are renormalised to sum to 1 (the Lanczos integral is 0.99706, not 1).
    public func weight(at x: Double) -> Double {
        let t = abs(x)
        switch self {
        case .lanczos3: return Self.lanczos(t, lobes: 3)
        case .lanczos2: return Self.lanczos(t, lobes: 2)
        case .mitchell: return Self.mitchellNetravali(t)
        case .box: return t < 0.5 ? 1 : (t == 0.5 ? 0.5 : 0)
        }
    }

    /// `sin(pi x)/(pi x)`, exactly 1 at 0 and exactly 0 at every other integer.
    static func sinc(_ x: Double) -> Double {
        if x == 0 { return 1 }
        if x == x.rounded() { return 0 }
        let px = Double.pi * x
        return sin(px) / px
    }

    private static func lanczos(_ t: Double, lobes: Double) -> Double {
        t < lobes ? sinc(t) * sinc(t / lobes) : 0
    }

    /// Mitchell-Netravali piecewise cubic with B = C = 1/3 (Mitchell and Netravali 1988).
    private static func mitchellNetravali(_ t: Double) -> Double {
        let b = 1.0 / 3, c = 1.0 / 3
        if t < 1 {
            let cubic = (12 - 9 * b - 6 * c) * t * t * t
            let square = (-18 + 12 * b + 6 * c) * t * t
            return (cubic + square + (6 - 2 * b)) / 6
        }
        if t < 2 {
            let cubic = (-b - 6 * c) * t * t * t
            let square = (6 * b + 30 * c) * t * t
            let linear = (-12 * b - 48 * c) * t
            return (cubic + square + linear + (8 * b + 24 * c)) / 6
        }
        return 0
    }
}
