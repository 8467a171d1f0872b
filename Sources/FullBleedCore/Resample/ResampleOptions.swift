import FullBleedColor
import FullBleedImage

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
    public typealias Quantization = FullBleedColor.Quantization

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

extension ResampleOptions.Space {
    /// The transfer of the working samples: linear light, or the encoded values as stored.
    public var workingTransfer: Transfer { self == .linear ? .linear : .encoded }
}
