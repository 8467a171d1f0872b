/// Precomputed filter weights for one axis of a resize: for each output sample, the first input
/// sample it reads and its normalised weights. Build once, reuse for every row or column of that axis
/// (and for every image with the same geometry).
///
/// Geometry follows Pillow's `precompute_coeffs` (SPEC 5.2): centre convention (output sample `i`
/// covers input `[i*scale, (i+1)*scale)`), the kernel stretched by `max(scale, 1)` when reducing,
/// taps truncated at the image edges and every set of taps renormalised to sum to 1, so a constant
/// input stays constant up to Float rounding.
public struct ResampleWeights: Sendable, Equatable {
    /// Input samples along this axis (the width or height of the source region).
    public let inputSize: Int
    /// Output samples along this axis.
    public let outputSize: Int
    public let filter: ResampleFilter
    /// Slots per output in `weights` (the largest tap count); unused slots hold 0.
    public let stride: Int
    /// First input index read by each output (0-based within the source region).
    public let starts: [Int]
    /// Number of taps of each output.
    public let counts: [Int]
    /// `outputSize * stride` weights, output-major, each output's taps summing to 1 (in Double before
    /// conversion to Float).
    public let weights: [Float]

    /// Weights mapping `inputSize` samples onto `outputSize` samples with `filter`.
    /// - Precondition: both sizes are positive.
    public init(inputSize: Int, outputSize: Int, filter: ResampleFilter) {
        precondition(inputSize > 0 && outputSize > 0, "resample sizes must be positive: \(inputSize) -> \(outputSize)")
        self.inputSize = inputSize
        self.outputSize = outputSize
        self.filter = filter
        if inputSize == outputSize {
            // Identity: one tap of exactly 1, so an unchanged axis copies samples bit for bit.
            stride = 1
            starts = Array(0..<inputSize)
            counts = Array(repeating: 1, count: inputSize)
            weights = Array(repeating: 1, count: inputSize)
            return
        }
        let taps = Self.doubleTaps(inputSize: inputSize, outputSize: outputSize, filter: filter)
        let width = taps.map(\.weights.count).max() ?? 1
        var flat = [Float](repeating: 0, count: outputSize * width)
        for (i, tap) in taps.enumerated() {
            for (k, w) in tap.weights.enumerated() { flat[i * width + k] = Float(w) }
        }
        stride = width
        starts = taps.map(\.start)
        counts = taps.map(\.weights.count)
        weights = flat
    }

    /// The taps of output `i` in double precision: first input index and normalised weights.
    public static func doubleTaps(inputSize: Int, outputSize: Int, filter: ResampleFilter) -> [(start: Int, weights: [Double])] {
        let scale = Double(inputSize) / Double(outputSize)
        let filterScale = max(scale, 1)
        let support = filter.support * filterScale
        return (0..<outputSize).map { i in
            let center = (Double(i) + 0.5) * scale
            let first = max(0, Int(center - support + 0.5))
            let end = min(inputSize, Int(center + support + 0.5))
            var values = (first..<max(first, end)).map { j in
                filter.weight(at: (Double(j) - center + 0.5) / filterScale)
            }
            let total = values.reduce(0, +)
            if values.isEmpty || total == 0 {
                // Only possible for the box filter on a tiny axis: take the nearest input sample.
                let nearest = min(inputSize - 1, max(0, Int(center)))
                return (nearest, [1])
            }
            for k in values.indices { values[k] /= total }
            return (first, values)
        }
    }

    /// Whether every output copies exactly one input sample with weight 1 at the same index.
    public var isIdentity: Bool { inputSize == outputSize && stride == 1 }
}
