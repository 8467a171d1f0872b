import FullBleedImage

/// Where the eye goes, in the spirit of libvips `attention` and smartcrop.js: per pixel of a small
/// analysis copy (long side <= `maximumSide`), edges (Laplacian of luma), saturated colour and skin
/// tones, each in 0...1, weighted and multiplied by alpha. Computed on encoded sRGB values.
/// Deterministic.
public struct SaliencyMap: Sendable {
    /// Size of the analysed image (source pixels).
    public let sourceSize: PixelSize
    /// Size of the map; each map pixel covers `sourceSize / size` source pixels.
    public let size: PixelSize
    /// Row-major saliency, >= 0.
    public let values: [Float]

    /// Relative weights of the three cues [E, tuned on synthetic scenes]; smartcrop weighs skin highest too.
    static let edgeWeight: Float = 0.6
    static let saturationWeight: Float = 1.0
    static let skinWeight: Float = 1.2

    /// The saliency of `image` (any format) analysed at a long side of at most `maximumSide` pixels.
    public init(image: Image, maximumSide: Int = 256) {
        precondition(maximumSide > 0)
        sourceSize = image.size
        let long = max(image.width, image.height)
        let factor = min(1, Double(maximumSide) / Double(long))
        let analysisSize = PixelSize(width: max(1, Int((Double(image.width) * factor).rounded())),
                                     height: max(1, Int((Double(image.height) * factor).rounded())))
        size = analysisSize
        values = Self.compute(Self.analysisPixels(image, size: analysisSize), size: analysisSize)
    }

    /// Encoded sRGB RGBA floats (straight alpha) of `image` box-reduced to `size`.
    private static func analysisPixels(_ image: Image, size: PixelSize) -> [Float] {
        var small = image.size == size ? image : image.resized(to: size, options: ResampleOptions(filter: .box, space: .sRGB))
        if small.format.alphaMode == .premultiplied { small = small.unpremultiplied() }
        let rgba = small.converted(toLayout: small.hasAlpha ? .rgba : .rgb).converted(toLayout: .rgba)
        return rgba.converted(to: PixelFormat(layout: .rgba, sampleType: .float32, alphaMode: .straight, transfer: .encoded)).floatSamples
    }

    private static func compute(_ rgba: [Float], size: PixelSize) -> [Float] {
        let w = size.width, h = size.height
        var luma = [Float](repeating: 0, count: w * h)
        for p in 0..<(w * h) {
            luma[p] = 0.2126 * rgba[p * 4] + 0.7152 * rgba[p * 4 + 1] + 0.0722 * rgba[p * 4 + 2]
        }
        var out = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let p = y * w + x
                let neighbours = luma[y * w + max(0, x - 1)] + luma[y * w + min(w - 1, x + 1)]
                    + luma[max(0, y - 1) * w + x] + luma[min(h - 1, y + 1) * w + x]
                let edge = min(1, abs(4 * luma[p] - neighbours))
                let r = rgba[p * 4], g = rgba[p * 4 + 1], b = rgba[p * 4 + 2], alpha = rgba[p * 4 + 3]
                let cues = edgeWeight * edge + saturationWeight * saturation(r, g, b) + skinWeight * skin(r, g, b, luma: luma[p])
                out[p] = cues * alpha
            }
        }
        return out
    }

    /// HSL saturation above 0.4, rescaled to 0...1, for lightness in 0.05...0.95 (not near black or white).
    static func saturation(_ r: Float, _ g: Float, _ b: Float) -> Float {
        let high = max(r, g, b), low = min(r, g, b)
        let lightness = (high + low) / 2
        guard high > low, lightness > 0.05, lightness < 0.95 else { return 0 }
        let s = (high - low) / (1 - abs(2 * lightness - 1))
        return s > 0.4 ? min(1, (s - 0.4) / 0.6) : 0
    }

    /// Closeness of the colour's direction to a reference skin tone (0.78, 0.57, 0.44), above 0.8,
    /// rescaled to 0...1, for luma >= 0.2.
    static func skin(_ r: Float, _ g: Float, _ b: Float, luma: Float) -> Float {
        let length = (r * r + g * g + b * b).squareRoot()
        guard length > 0, luma >= 0.2 else { return 0 }
        let reference: (Float, Float, Float) = (0.7616, 0.5566, 0.4296)   // (0.78, 0.57, 0.44) normalised
        let dr = r / length - reference.0, dg = g / length - reference.1, db = b / length - reference.2
        let closeness = 1 - (dr * dr + dg * dg + db * db).squareRoot()
        return closeness > 0.8 ? (closeness - 0.8) / 0.2 : 0
    }

    /// Sum of all values.
    public var total: Double { values.reduce(0.0) { $0 + Double($1) } }

    /// The map point of highest saliency density: the maximum of the map box-blurred twice with radius
    /// `radius` (default: long side / 32), the first in raster order on ties. Map coordinates.
    public func densestPoint(radius: Int? = nil) -> (x: Int, y: Int) {
        let r = radius ?? max(1, max(size.width, size.height) / 32)
        let smooth = Self.boxBlurred(Self.boxBlurred(values, size: size, radius: r), size: size, radius: r)
        var best = 0
        for i in smooth.indices where smooth[i] > smooth[best] { best = i }
        return (best % size.width, best / size.width)
    }

    /// Separable box blur (unnormalised window sums) with edge clamping, in map coordinates.
    private static func boxBlurred(_ input: [Float], size: PixelSize, radius: Int) -> [Float] {
        let w = size.width, h = size.height
        var horizontal = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum: Float = 0
                for k in -radius...radius { sum += input[y * w + min(w - 1, max(0, x + k))] }
                horizontal[y * w + x] = sum
            }
        }
        var out = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum: Float = 0
                for k in -radius...radius { sum += horizontal[min(h - 1, max(0, y + k)) * w + x] }
                out[y * w + x] = sum
            }
        }
        return out
    }

    /// The centre of map pixel (`x`, `y`) in source pixel coordinates.
    public func sourcePoint(x: Int, y: Int) -> (x: Double, y: Double) {
        ((Double(x) + 0.5) * Double(sourceSize.width) / Double(size.width),
         (Double(y) + 0.5) * Double(sourceSize.height) / Double(size.height))
    }
}
