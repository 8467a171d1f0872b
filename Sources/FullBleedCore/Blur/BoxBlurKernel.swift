import Foundation

/// One extended box filter (Gwosdek, Grewenig, Bruhn, Weickert 2011; SPEC 4.2): a box of radius `radius`
/// plus two fractional outer taps at `±(radius + 1)`, sized so that `passes` repetitions have exactly the
/// variance of a Gaussian of the requested sigma. Units are samples (pixels of the grid it runs on).
///
/// Taps `|j| <= radius` weigh `innerWeight`; the taps at `±(radius + 1)` weigh `outerWeight`; the weights
/// sum to 1. Applied with the running-sum recursion
/// `u[n] = u[n-1] + c1 (f[n+r+1] - f[n-r-2]) + c2 (f[n+r] - f[n-r-1])`, so the cost per sample does not
/// depend on sigma.
public struct BoxBlurKernel: Sendable, Hashable, Codable {
    /// The sigma the `passes` repetitions reproduce, in samples.
    public let sigma: Double
    /// How many times the box is applied (3 gives a smooth, piecewise-quadratic kernel).
    public let passes: Int
    /// The integer radius `r` of the box.
    public let radius: Int
    /// The fractional weight `alpha` (0...1) of the outer taps relative to an inner tap.
    public let alpha: Double

    /// The extended box for `sigma` (samples, >= 0) and `passes` repetitions (SPEC 4.2 `ebox_precomp`).
    public init(sigma: Double, passes: Int = 3) {
        precondition(sigma >= 0 && sigma.isFinite, "sigma must be finite and non-negative, got \(sigma)")
        precondition(passes > 0, "at least one pass")
        self.sigma = sigma
        self.passes = passes
        let perPass = sigma * sigma / Double(passes)
        let r = Int((0.5 * (12 * perPass + 1).squareRoot() - 0.5).rounded(.down))
        let rr = Double(r)
        self.radius = r
        // The denominator is negative and non-zero for the r chosen above.
        self.alpha = (2 * rr + 1) * (rr * (rr + 1) - 3 * perPass) / (6 * (perPass - (rr + 1) * (rr + 1)))
    }

    /// `2 (alpha + r) + 1`: the total weight before normalisation.
    var normaliser: Double { 2 * (alpha + Double(radius)) + 1 }
    /// Weight of each tap `|j| <= radius`.
    public var innerWeight: Double { 1 / normaliser }
    /// Weight of the taps at `±(radius + 1)`.
    public var outerWeight: Double { alpha / normaliser }
    /// `c1` of the recursion (the outer-tap weight).
    var c1: Double { outerWeight }
    /// `c2` of the recursion (inner minus outer weight).
    var c2: Double { (1 - alpha) / normaliser }

    /// Variance of one pass, in samples squared: `(r(r+1)(2r+1)/3 + 2 alpha (r+1)^2) / (2(alpha+r)+1)`.
    public var variancePerPass: Double {
        let r = Double(radius)
        return (r * (r + 1) * (2 * r + 1) / 3 + 2 * alpha * (r + 1) * (r + 1)) / normaliser
    }

    /// The standard deviation of all passes together (equals `sigma` up to rounding), in samples.
    public var effectiveSigma: Double { (variancePerPass * Double(passes)).squareRoot() }
}
