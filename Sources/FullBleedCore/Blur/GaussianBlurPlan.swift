import Foundation

/// How a Gaussian blur of a given sigma (in pixels) is carried out, and what its effective sigma is.
///
/// Large sigmas are blurred at reduced resolution (SPEC 1.2 step 3): the image is box-averaged by
/// `reductionFactor` k = 2^floor(log2(sigma / 16)) (for sigma >= 32 px), blurred with `reducedSigma`,
/// and upsampled bilinearly. The reduced sigma accounts for the variance of the box average
/// `(k^2 - 1) / 12` and of the bilinear upsample `(2 k^2 + 1) / 12` (pixel-centre grid, even k), so that
/// `k^2 reducedSigma^2 + (k^2 - 1)/12 + (2k^2 + 1)/12 = sigma^2`, i.e.
/// `reducedSigma = sqrt((sigma / k)^2 - 1/4)`. The work per pixel is then independent of sigma.
public struct GaussianBlurPlan: Sendable, Hashable, Codable {
    /// The requested sigma, in full-resolution pixels.
    public let sigma: Double
    /// Box-average factor k (1 = full resolution; otherwise a power of two >= 2).
    public let reductionFactor: Int
    /// The sigma applied on the reduced grid, in reduced pixels (>= 15.99 when reduced).
    public let reducedSigma: Double
    /// The extended box filter run on the (reduced) grid.
    public let kernel: BoxBlurKernel

    /// Sigmas from this value (in pixels) up are blurred at reduced resolution.
    public static let reductionThreshold: Double = 32

    /// The plan for `sigma` pixels (finite, >= 0). `allowsReduction: false` forces full resolution.
    public init(sigma: Double, allowsReduction: Bool = true) {
        precondition(sigma >= 0 && sigma.isFinite, "sigma must be finite and non-negative, got \(sigma)")
        self.sigma = sigma
        if allowsReduction && sigma >= Self.reductionThreshold {
            let k = 1 << Int(log2(sigma / 16).rounded(.down))
            let perStep = sigma / Double(k)
            self.reductionFactor = k
            self.reducedSigma = (perStep * perStep - 0.25).squareRoot()
        } else {
            self.reductionFactor = 1
            self.reducedSigma = sigma
        }
        self.kernel = BoxBlurKernel(sigma: reducedSigma)
    }

    /// The variance the whole blur adds, in full-resolution pixels squared: the kernel's variance scaled
    /// by k^2, plus the box average's and the bilinear upsample's (phase-averaged) variances when k > 1.
    public var effectiveVariance: Double {
        let k = Double(reductionFactor)
        let kernelVariance = kernel.variancePerPass * Double(kernel.passes) * k * k
        guard reductionFactor > 1 else { return kernelVariance }
        return kernelVariance + (k * k - 1) / 12 + (2 * k * k + 1) / 12
    }

    /// `sqrt(effectiveVariance)`, in full-resolution pixels: what the blur is designed to deliver.
    public var effectiveSigma: Double { effectiveVariance.squareRoot() }

    /// Full-resolution pixels of support beyond which the blur's weight is negligible: `ceil(3 sigma)`.
    public var support: Int { Int((3 * sigma).rounded(.up)) }
}
