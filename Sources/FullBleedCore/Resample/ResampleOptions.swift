/// How `Image.resized(to:from:options:)` resamples.
public struct ResampleOptions: Sendable, Hashable, Codable {
    /// The space in which samples are averaged.
    public enum Space: String, Sendable, Hashable, Codable {
        /// Linear light (sRGB curve removed first): energy-correct, thin highlights survive. The default.
        case linear
        /// The encoded values as stored (what sharp and most tools do by default): darkens fine
        /// bright-on-dark detail (SPEC 5.3), slightly smaller dark halos.
        case sRGB = "srgb"
    }

    /// How float results become integer samples (8- or 16-bit outputs only).
    public enum Quantization: String, Sendable, Hashable, Codable {
        /// Round to nearest: the same input always gives the same code. The default.
        case round
        /// Add an 8x8 ordered (Bayer) threshold of +-0.5 code before truncating: breaks banding in
        /// smooth gradients. Position-based, so still deterministic and independent of threading.
        /// Alpha is always rounded.
        case orderedDither = "ordered-dither"
    }

    public var filter: ResampleFilter
    public var space: Space
    public var quantization: Quantization
    /// Split the work into row bands run on all cores. The output is bit-identical either way.
    public var parallel: Bool

    public init(filter: ResampleFilter = .lanczos3, space: Space = .linear, quantization: Quantization = .round, parallel: Bool = true) {
        self.filter = filter
        self.space = space
        self.quantization = quantization
        self.parallel = parallel
    }
}
