import Foundation
import FullBleedImage

/// Pixel comparison helpers for tests. Images must have equal size and layout; samples are compared
/// on a 0...255 scale whatever the sample type.
public enum ImageComparison {
    /// Samples of `image` scaled to 0...255 as Double.
    public static func samples255(_ image: Image) -> [Double] {
        switch image.format.sampleType {
        case .uint8: return image.samples8.map(Double.init)
        case .uint16: return image.samples16.map { Double($0) / 257 }
        case .float32: return image.floatSamples.map { Double($0) * 255 }
        }
    }

    /// Mean absolute difference per sample, 0...255 scale.
    public static func meanAbsoluteDifference(_ a: Image, _ b: Image) -> Double {
        precondition(a.size == b.size && a.layout == b.layout, "compare \(a) with \(b)")
        let x = samples255(a), y = samples255(b)
        return zip(x, y).reduce(0) { $0 + abs($1.0 - $1.1) } / Double(max(1, x.count))
    }

    /// Largest absolute difference of any sample, 0...255 scale.
    public static func maxAbsoluteDifference(_ a: Image, _ b: Image) -> Double {
        precondition(a.size == b.size && a.layout == b.layout, "compare \(a) with \(b)")
        return zip(samples255(a), samples255(b)).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    /// Peak signal-to-noise ratio in dB (peak 255); infinity for identical images.
    public static func psnr(_ a: Image, _ b: Image) -> Double {
        precondition(a.size == b.size && a.layout == b.layout, "compare \(a) with \(b)")
        let x = samples255(a), y = samples255(b)
        let mse = zip(x, y).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } / Double(max(1, x.count))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Mean of each channel, 0...255 scale.
    public static func channelMeans(_ image: Image) -> [Double] {
        let s = samples255(image), n = image.channelCount
        var sums = [Double](repeating: 0, count: n)
        for i in s.indices { sums[i % n] += s[i] }
        return sums.map { $0 / Double(image.width * image.height) }
    }
}

/// Synthetic test images.
public enum SyntheticImages {
    /// An RGB8 image whose samples are `f(x, y, channel)`.
    public static func rgb8(width: Int, height: Int, _ f: (Int, Int, Int) -> UInt8) -> Image {
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height { for x in 0..<width { for c in 0..<3 { samples[(y * width + x) * 3 + c] = f(x, y, c) } } }
        return Image(width: width, height: height, layout: .rgb, samples: samples)
    }

    /// An RGBA8 image whose samples are `f(x, y, channel)`.
    public static func rgba8(width: Int, height: Int, _ f: (Int, Int, Int) -> UInt8) -> Image {
        var samples = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height { for x in 0..<width { for c in 0..<4 { samples[(y * width + x) * 4 + c] = f(x, y, c) } } }
        return Image(width: width, height: height, layout: .rgba, samples: samples)
    }

    /// A smooth colourful test pattern with some detail (deterministic), RGB8.
    public static func photoLike(width: Int, height: Int) -> Image {
        rgb8(width: width, height: height) { x, y, c in
            let fx = Double(x) / Double(max(1, width - 1)), fy = Double(y) / Double(max(1, height - 1))
            let wave = 0.5 + 0.5 * sin(Double(x * (c + 1)) * 0.07 + Double(y) * 0.05)
            let v = [fx, fy, 1 - fx][c] * 0.6 + wave * 0.4
            return UInt8(max(0, min(255, (v * 255).rounded())))
        }
    }
}
