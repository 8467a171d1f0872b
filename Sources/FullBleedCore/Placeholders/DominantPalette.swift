import Foundation
import FullBleedColor
import FullBleedImage

/// A few dominant colours of an image with the share of the image each covers.
///
/// Algorithm (deterministic, no randomness, no thread dependence):
/// 1. Each pixel, in linear sRGB, falls into a bin of 5 bits per encoded sRGB channel (32768 bins);
///    bins accumulate alpha weight and alpha-weighted linear colour. Transparent pixels count for nothing.
/// 2. Weighted k-means in Oklab over the bins' mean colours. Seeding: the heaviest bin, then repeatedly
///    the bin with the largest `weight · distance²` to its nearest seed (stops early when every bin
///    coincides with a seed). Ties go to the lowest bin index; assignment ties to the lowest cluster.
///    Lloyd iterations until no bin changes cluster (at most 32).
/// 3. Each cluster reports its alpha-weighted mean in linear light, encoded as sRGB, and its share of
///    the total weight. Entries are sorted by share (descending), then by Oklab lightness (descending).
///
/// Cost is `O(pixels)` plus the clustering of at most 32768 bins: pass a downscaled image (e.g. 256 px).
public struct DominantPalette: Sendable, Hashable, Codable {
    /// One palette colour.
    public struct Entry: Sendable, Hashable, Codable {
        /// Mean colour of the cluster, encoded sRGB (opaque).
        public var color: SRGBColor
        /// Fraction of the image's alpha-weighted area, 0...1; the shares sum to 1.
        public var share: Double

        public init(color: SRGBColor, share: Double) {
            self.color = color
            self.share = share
        }
    }

    /// At most `maximumColorCount` entries (fewer when the image has fewer distinct colours).
    public var entries: [Entry]

    /// The palette of `image` with at most `maximumColorCount` (1...16) colours. `model` defaults to the
    /// standard model of the image's colour space family; colours are converted to sRGB primaries.
    public init(image: Image, maximumColorCount: Int = 5, model: LuminanceModel? = nil) {
        precondition((1...16).contains(maximumColorCount), "palette size must be 1...16, got \(maximumColorCount)")
        let model = model ?? LuminanceModel(family: image.colorSpace.family) ?? .wcagSRGB
        let bins = PaletteBins(image: image, model: model)
        entries = PaletteClustering(bins: bins, clusterCount: maximumColorCount).entries()
    }
}

/// Step 1: the histogram of 5-bit-per-channel bins.
struct PaletteBins {
    /// Non-empty bins in index order.
    var weights: [Double] = []
    var linearSums: [SIMD3<Double>] = []
    var oklab: [SIMD3<Double>] = []

    init(image: Image, model: LuminanceModel) {
        let binCount = 1 << 15
        var weight = [Double](repeating: 0, count: binCount)
        var sums = [SIMD3<Double>](repeating: .zero, count: binCount)
        let toSRGB = model.toLinearSRGB
        let isSRGB = model.rgbToXYZ == LuminanceModel.sRGB.rgbToXYZ
        SRGBTables.encodedCode16FromLinear.withUnsafeBufferPointer { encode in
            func bits(_ v: Double) -> Int { Int(encode[Int(max(0, min(1, v)) * 65535 + 0.5)] >> 11) }
            LinearColorReader(image: image, curve: model.curve).forEachRow { _, row in
                for x in 0..<image.width {
                    let a = Double(row[x * 4 + 3])
                    if a <= 0 { continue }
                    var c = SIMD3(Double(row[x * 4]), Double(row[x * 4 + 1]), Double(row[x * 4 + 2]))
                    if !isSRGB { c = toSRGB.applied(to: c) }
                    let bin = bits(c.x) << 10 | bits(c.y) << 5 | bits(c.z)
                    weight[bin] += a
                    sums[bin] += c * a
                }
            }
        }
        for bin in 0..<binCount where weight[bin] > 0 {
            weights.append(weight[bin])
            linearSums.append(sums[bin])
            oklab.append(Oklab.fromLinearSRGB(sums[bin] / weight[bin]))
        }
    }
}

/// Steps 2 and 3: weighted k-means in Oklab.
struct PaletteClustering {
    let bins: PaletteBins
    let clusterCount: Int

    func entries() -> [DominantPalette.Entry] {
        let count = bins.weights.count
        guard count > 0 else { return [] }
        func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { let d = a - b; return (d * d).sum() }

        // Seeding.
        var centres: [SIMD3<Double>] = []
        var heaviest = 0
        for i in 1..<count where bins.weights[i] > bins.weights[heaviest] { heaviest = i }
        centres.append(bins.oklab[heaviest])
        var nearest = bins.oklab.map { distance($0, bins.oklab[heaviest]) }
        while centres.count < clusterCount {
            var best = -1, bestScore = 0.0
            for i in 0..<count {
                let score = bins.weights[i] * nearest[i]
                if score > bestScore { bestScore = score; best = i }
            }
            if best < 0 { break }
            centres.append(bins.oklab[best])
            for i in 0..<count { nearest[i] = min(nearest[i], distance(bins.oklab[i], bins.oklab[best])) }
        }

        // Lloyd iterations.
        var assignment = [Int](repeating: -1, count: count)
        for _ in 0..<32 {
            var changed = false
            for i in 0..<count {
                var chosen = 0, chosenDistance = distance(bins.oklab[i], centres[0])
                for c in 1..<centres.count {
                    let d = distance(bins.oklab[i], centres[c])
                    if d < chosenDistance { chosen = c; chosenDistance = d }
                }
                if assignment[i] != chosen { assignment[i] = chosen; changed = true }
            }
            if !changed { break }
            var sums = [SIMD3<Double>](repeating: .zero, count: centres.count), weights = [Double](repeating: 0, count: centres.count)
            for i in 0..<count {
                sums[assignment[i]] += bins.oklab[i] * bins.weights[i]
                weights[assignment[i]] += bins.weights[i]
            }
            for c in centres.indices where weights[c] > 0 { centres[c] = sums[c] / weights[c] }
        }

        // Report.
        var weights = [Double](repeating: 0, count: centres.count)
        var linear = [SIMD3<Double>](repeating: .zero, count: centres.count)
        for i in 0..<count {
            weights[assignment[i]] += bins.weights[i]
            linear[assignment[i]] += bins.linearSums[i]
        }
        let total = weights.reduce(0, +)
        let order = centres.indices.filter { weights[$0] > 0 }.sorted {
            weights[$0] != weights[$1] ? weights[$0] > weights[$1]
                : (centres[$0].x != centres[$1].x ? centres[$0].x > centres[$1].x : $0 < $1)
        }
        return order.map { c in
            let mean = linear[c] / weights[c]
            return DominantPalette.Entry(color: SRGBColor(linearRed: mean.x, linearGreen: mean.y, linearBlue: mean.z),
                                         share: weights[c] / total)
        }
    }
}
