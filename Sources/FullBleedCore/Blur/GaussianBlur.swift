import FullBleedImage

/// Options of `Image.blurred(sigma:options:)`.
public struct GaussianBlurOptions: Sendable, Hashable, Codable {
    /// What the filter averages.
    public enum WorkingSpace: String, Sendable, Hashable, Codable {
        /// Linear light with premultiplied alpha (correct brightness and no halos from transparent
        /// pixels). Integer or encoded input is converted, and the result converted back.
        case linearPremultiplied
        /// The stored samples as they are (float images only), for analysis planes such as luminance.
        case storedSamples
    }

    public var workingSpace: WorkingSpace
    /// Whether sigmas >= 32 px may be blurred at reduced resolution (see `GaussianBlurPlan`).
    public var allowsReducedResolution: Bool

    public init(workingSpace: WorkingSpace = .linearPremultiplied, allowsReducedResolution: Bool = true) {
        self.workingSpace = workingSpace
        self.allowsReducedResolution = allowsReducedResolution
    }
}

extension Image {
    /// This image blurred by a Gaussian of standard deviation `sigma` **pixels** (points x scale).
    ///
    /// Separable extended-box filter (three passes, exact variance), O(1) work per pixel whatever the
    /// sigma; sigmas >= 32 px run at reduced resolution (`GaussianBlurPlan`). Edges are mirrored (half-sample
    /// symmetric), so borders do not darken. With the default working space the blur runs in linear light
    /// on premultiplied alpha in 32-bit float; the result has this image's format (integer samples are
    /// rounded, straight alpha stays straight). Deterministic for any thread count.
    ///
    /// - Precondition: `sigma` is finite and >= 0; `.storedSamples` needs a `.float32` image.
    public func blurred(sigma: Double, options: GaussianBlurOptions = GaussianBlurOptions()) -> Image {
        switch options.workingSpace {
        case .storedSamples:
            precondition(format.sampleType == .float32, "stored-sample blurring needs float samples, got \(format)")
            return Self.filtered(self, sigma: sigma, options: options)
        case .linearPremultiplied:
            let result = linearBlurred(sigma: sigma, options: options)
            return result.format == format ? result : result.converted(to: format)
        }
    }

    /// This image blurred like `blurred(sigma:options:)`, returned as 32-bit float linear light with
    /// premultiplied alpha (for chaining further linear operations without rounding). `sigma` in pixels.
    public func linearBlurred(sigma: Double, options: GaussianBlurOptions = GaussianBlurOptions()) -> Image {
        Self.filtered(linearPremultipliedWorkingCopy(), sigma: sigma, options: options)
    }

    /// This image as float linear light with premultiplied alpha, without a round trip when it already is.
    func linearPremultipliedWorkingCopy() -> Image {
        let isWorkingFormat = format.sampleType == .float32 && format.transfer == .linear
            && (!hasAlpha || format.alphaMode == .premultiplied)
        return isWorkingFormat ? self : linearPremultiplied()
    }

    private static func filtered(_ source: Image, sigma: Double, options: GaussianBlurOptions) -> Image {
        precondition(sigma >= 0 && sigma.isFinite, "sigma must be finite and non-negative, got \(sigma)")
        let plan = GaussianBlurPlan(sigma: sigma, allowsReduction: options.allowsReducedResolution)
        if sigma == 0 { return source }
        let bounds = PixelRect(x: 0, y: 0, width: source.width, height: source.height)
        let field = GaussianBlurField(source: source, plan: plan, region: bounds)
        var out = Image(width: source.width, height: source.height, format: source.format, colorSpace: source.colorSpace)
        out.withUnsafeMutableSamples(as: Float.self) { field.sample(bounds, into: $0) }
        return out
    }
}
