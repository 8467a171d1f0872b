import FullBleedColor
import FullBleedImage

/// Where the eye goes, in the spirit of libvips `attention` and smartcrop.js: per pixel of a small
/// analysis copy (long side <= `maximumSide`), four cues in 0...1, weighted and multiplied by alpha:
/// - detail: the Laplacian of luma (in-focus texture and outlines; defocused backgrounds score low),
/// - distinctiveness: distance of the (3x3-smoothed) colour from the image's mean colour in an opponent
///   space, as in frequency-tuned saliency (Achanta et al. 2009),
/// - saturation: HSL saturation above 0.4 (weighted low: a green meadow is saturated everywhere),
/// - skin tones (weighted highest, as smartcrop.js does, so faces win).
/// Computed on encoded sRGB values. Deterministic.
public struct SaliencyMap: Sendable {
    /// Size of the analysed image (source pixels).
    public let sourceSize: PixelSize
    /// Size of the map; each map pixel covers `sourceSize / size` source pixels.
    public let size: PixelSize
    /// Row-major saliency, >= 0.
    public let values: [Float]
    /// Row-major surroundedness in 0...1, the boolean-map saliency of Zhang and Sclaroff (BMS, ICCV 2013):
    /// the share of boolean maps (each opponent channel above and below `surroundLevels` thresholds)
    /// in which the pixel belongs to a region that does not touch the image border. Objects stand out
    /// from their surround; sky, ground and anything cut by the frame do not.
    public let surroundedness: [Float]
    /// Row-major objectness in 0...1: how much each pixel looks like part of a figure set off from the
    /// photo's frame. The mean of two boundary-connectivity measures, each scaled to 0...1, smoothed over
    /// 3x3 pixels and scaled so that its maximum is 1:
    /// - `surroundedness` over its maximum (the pixel's region does not touch the border);
    /// - the minimum barrier distance to the border (Zhang et al., "Minimum Barrier Salient Object
    ///   Detection at 80 FPS", ICCV 2015), summed over CIE L*, a* and b*, over its 99.5th percentile and
    ///   capped at 1: the smallest range of colour that any path from the pixel to the border must climb
    ///   through, large inside an object whose colour differs from everything connecting it to the frame
    ///   (a bird against defocused leaves, a cup on a table), small on the ground and the sky.
    /// Surroundedness alone leaks through a figure's thin gaps; the barrier alone through smooth gradients.
    public let objectness: [Float]
    /// Row-major, 0...1: how set off each pixel is from all but the two sides of the frame it is best
    /// connected to. Per side of the frame, the minimum barrier distance to that side alone (summed over
    /// CIE L*, a* and b*, as for `objectness`); of the four, the third smallest, over the same scale as
    /// `objectness`'s barrier and capped at 1. Low on a ground or a sky, which reach three or four sides; high
    /// inside a figure set off from the frame, as `objectness` is, and also inside one that runs off one or two
    /// sides (an egret's white neck running off the right and bottom edges), where `objectness` is low because
    /// the figure touches the frame. `SubjectExtent` follows a figure through it to where it may leave the photo.
    public let setOffFromFarSides: [Float]
    /// Row-major detail in 0...1: the absolute 4-neighbour Laplacian of luma (encoded sRGB, clamped
    /// edges), the first cue of `values`. Low over sky, walls and defocused backgrounds: where a designer
    /// puts the toolbar when nothing else says where the subject is (`CropPlanner`).
    public let detail: [Float]

    /// Relative weights of the cues [E, tuned by eye on the corpus photos and on synthetic scenes].
    static let detailWeight: Float = 1.0
    static let distinctivenessWeight: Float = 0.5
    static let saturationWeight: Float = 0.25
    static let skinWeight: Float = 1.5

    /// The saliency of `image` (any format) analysed at a long side of at most `maximumSide` pixels.
    public init(image: Image, maximumSide: Int = 256) {
        precondition(maximumSide > 0)
        sourceSize = image.size
        let long = max(image.width, image.height)
        let factor = min(1, Double(maximumSide) / Double(long))
        let analysisSize = PixelSize(width: max(1, Int((Double(image.width) * factor).rounded())),
                                     height: max(1, Int((Double(image.height) * factor).rounded())))
        size = analysisSize
        let pixels = Self.analysisPixels(image, size: analysisSize)
        (values, detail) = Self.compute(pixels, size: analysisSize)
        surroundedness = Self.surroundedness(pixels, size: analysisSize)
        (objectness, setOffFromFarSides) = Self.objectness(surroundedness: surroundedness, pixels: pixels, size: analysisSize)
    }

    /// Raster scans of the minimum-barrier-distance transform (forward, backward, forward: FastMBD's
    /// schedule; each scan relaxes a pixel from its two already-visited neighbours).
    static let barrierScans = 3
    /// The percentile of the summed barrier distance that maps to 1 (robust to a few extreme pixels).
    static let barrierScalePercentile = 0.995

    /// `objectness` and `setOffFromFarSides`, from the surroundedness and the encoded sRGB RGBA floats of the
    /// analysis copy.
    private static func objectness(surroundedness: [Float], pixels rgba: [Float], size: PixelSize) -> (objectness: [Float], setOffFromFarSides: [Float]) {
        let w = size.width, h = size.height, count = w * h
        guard w > 2 && h > 2 else { return ([Float](repeating: 0, count: count), [Float](repeating: 0, count: count)) }
        var lab = [[Float]](repeating: [Float](repeating: 0, count: count), count: 3)
        for p in 0..<count {
            let c = CIELab.fromEncodedSRGB(red: Double(rgba[p * 4]), green: Double(rgba[p * 4 + 1]), blue: Double(rgba[p * 4 + 2]))
            lab[0][p] = Float(c.x); lab[1][p] = Float(c.y); lab[2][p] = Float(c.z)
        }
        var barrier = [Float](repeating: 0, count: count)
        var sideBarrier = [[Float]](repeating: [Float](repeating: 0, count: count), count: FrameSide.allCases.count)
        for channel in lab {
            let distance = barrierDistance(channel, size: size)
            for p in 0..<count { barrier[p] += distance[p] }
            for side in FrameSide.allCases {
                let toSide = barrierDistance(channel, size: size, from: side)
                for p in 0..<count { sideBarrier[side.rawValue][p] += toSide[p] }
            }
        }
        let sorted = barrier.sorted()
        let rank = barrierScalePercentile * Double(count - 1), low = Int(rank)
        let fraction = Float(rank - Double(low))
        let barrierScale = sorted[low] + (sorted[min(count - 1, low + 1)] - sorted[low]) * fraction
        let surroundScale = surroundedness.max() ?? 0
        var mean = [Float](repeating: 0, count: count)
        for p in 0..<count {
            let surround = surroundScale > 0 ? surroundedness[p] / surroundScale : 0
            let distance = barrierScale > 0 ? min(1, barrier[p] / barrierScale) : 0
            mean[p] = (surround + distance) / 2
        }
        // 3x3 mean with clamped edges, then scaled to a maximum of 1.
        var smooth = boxBlurred(mean, size: size, radius: 1)   // window sums: the scaling below makes them a mean
        let top = smooth.max() ?? 0
        if top > 0 { for p in 0..<count { smooth[p] /= top } }
        var setOff = [Float](repeating: 0, count: count)
        for p in 0..<count where barrierScale > 0 {
            var four = FrameSide.allCases.map { sideBarrier[$0.rawValue][p] }
            four.sort()
            setOff[p] = min(1, four[2] / barrierScale)
        }
        return (smooth, setOff)
    }

    /// A side of the frame, for the barrier distance to that side alone.
    enum FrameSide: Int, CaseIterable { case top, bottom, left, right }

    /// The minimum barrier distance of every pixel of `channel` to the image border: over the 4-connected
    /// paths to a border pixel, the smallest (highest value - lowest value) along the path, approximated by
    /// `barrierScans` raster scans (exact on the border, where it is 0). Map coordinates, channel units.
    static func barrierDistance(_ channel: [Float], size: PixelSize) -> [Float] {
        let w = size.width, h = size.height
        var border = [Bool](repeating: false, count: w * h)
        for x in 0..<w { border[x] = true; border[(h - 1) * w + x] = true }
        for y in 0..<h { border[y * w] = true; border[y * w + w - 1] = true }
        return barrierDistance(channel, size: size, seeds: border)
    }

    /// The minimum barrier distance of every pixel of `channel` to one `side` of the frame: as
    /// `barrierDistance(_:size:)`, with only that side's pixels as the border (0 there); the other border
    /// pixels are relaxed like the interior. Map coordinates, channel units.
    static func barrierDistance(_ channel: [Float], size: PixelSize, from side: FrameSide) -> [Float] {
        let w = size.width, h = size.height
        var seeds = [Bool](repeating: false, count: w * h)
        switch side {
        case .top: for x in 0..<w { seeds[x] = true }
        case .bottom: for x in 0..<w { seeds[(h - 1) * w + x] = true }
        case .left: for y in 0..<h { seeds[y * w] = true }
        case .right: for y in 0..<h { seeds[y * w + w - 1] = true }
        }
        return barrierDistance(channel, size: size, seeds: seeds)
    }

    /// The minimum barrier distance of every pixel of `channel` to the `seeds` (0 there): `barrierScans`
    /// raster scans, alternately forward and backward, each relaxing a pixel from its two neighbours the scan
    /// has already visited (FastMBD's schedule). Map coordinates, channel units.
    static func barrierDistance(_ channel: [Float], size: PixelSize, seeds: [Bool]) -> [Float] {
        let w = size.width, h = size.height
        var distance = [Float](repeating: .infinity, count: w * h)
        var highest = channel, lowest = channel
        for p in 0..<(w * h) where seeds[p] { distance[p] = 0 }
        for scan in 0..<barrierScans {
            let forward = scan % 2 == 0
            for row in 0..<h {
                let y = forward ? row : h - 1 - row
                for column in 0..<w {
                    let x = forward ? column : w - 1 - column
                    let p = y * w + x
                    if seeds[p] { continue }
                    let value = channel[p]
                    // The two neighbours this scan has already visited: above and left, or below and right.
                    let vertical = forward ? (y > 0 ? p - w : -1) : (y < h - 1 ? p + w : -1)
                    let horizontal = forward ? (x > 0 ? p - 1 : -1) : (x < w - 1 ? p + 1 : -1)
                    for k in 0..<2 {
                        let q = k == 0 ? vertical : horizontal
                        guard q >= 0, distance[q] < .infinity else { continue }
                        let high = max(highest[q], value), low = min(lowest[q], value)
                        if high - low < distance[p] {
                            distance[p] = high - low
                            highest[p] = high
                            lowest[p] = low
                        }
                    }
                }
            }
        }
        return distance
    }

    /// Thresholds per opponent channel for `surroundedness`, evenly spaced between its minimum and maximum.
    static let surroundLevels = 12

    private static func surroundedness(_ rgba: [Float], size: PixelSize) -> [Float] {
        let w = size.width, h = size.height, count = w * h
        var out = [Float](repeating: 0, count: count)
        guard w > 2 && h > 2 else { return out }
        var channels = [[Float]](repeating: [Float](repeating: 0, count: count), count: 3)
        for p in 0..<count {
            let r = rgba[p * 4], g = rgba[p * 4 + 1], b = rgba[p * 4 + 2]
            channels[0][p] = 0.2126 * r + 0.7152 * g + 0.0722 * b
            channels[1][p] = r - g
            channels[2][p] = (r + g) / 2 - b
        }
        var maps = 0
        var reached = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        stack.reserveCapacity(count)
        for channel in channels {
            let low = channel.min()!, high = channel.max()!
            guard high - low > 1e-3 else { continue }
            for k in 0..<surroundLevels {
                let t = low + (high - low) * (Float(k) + 0.5) / Float(surroundLevels)
                for above in [true, false] {
                    maps += 1
                    @inline(__always) func on(_ p: Int) -> Bool { (channel[p] > t) == above }
                    for i in 0..<count { reached[i] = false }
                    for x in 0..<w { for p in [x, (h - 1) * w + x] where on(p) && !reached[p] { reached[p] = true; stack.append(p) } }
                    for y in 0..<h { for p in [y * w, y * w + w - 1] where on(p) && !reached[p] { reached[p] = true; stack.append(p) } }
                    while let p = stack.popLast() {
                        let x = p % w
                        if x > 0 && !reached[p - 1] && on(p - 1) { reached[p - 1] = true; stack.append(p - 1) }
                        if x < w - 1 && !reached[p + 1] && on(p + 1) { reached[p + 1] = true; stack.append(p + 1) }
                        if p >= w && !reached[p - w] && on(p - w) { reached[p - w] = true; stack.append(p - w) }
                        if p < count - w && !reached[p + w] && on(p + w) { reached[p + w] = true; stack.append(p + w) }
                    }
                    for i in 0..<count where on(i) && !reached[i] { out[i] += 1 }
                }
            }
        }
        if maps > 0 { for i in 0..<count { out[i] /= Float(maps) } }
        return out
    }

    /// Encoded sRGB RGBA floats (straight alpha) of `image` box-reduced to `size`.
    private static func analysisPixels(_ image: Image, size: PixelSize) -> [Float] {
        var small = image.size == size ? image : image.resized(to: size, options: ResampleOptions(filter: .box, space: .sRGB))
        if small.format.alphaMode == .premultiplied { small = small.unpremultiplied() }
        let rgba = small.converted(toLayout: small.hasAlpha ? .rgba : .rgb).converted(toLayout: .rgba)
        return rgba.converted(to: PixelFormat(layout: .rgba, sampleType: .float32, alphaMode: .straight, transfer: .encoded)).floatSamples
    }

    /// The saliency and its detail cue.
    private static func compute(_ rgba: [Float], size: PixelSize) -> (saliency: [Float], detail: [Float]) {
        let w = size.width, h = size.height, count = w * h
        // Opponent colour (luma, red-green, yellow-blue) per pixel, and its alpha-weighted mean.
        var opponent = [Float](repeating: 0, count: count * 3)
        var mean: (Double, Double, Double) = (0, 0, 0)
        var alphaSum = 0.0
        for p in 0..<count {
            let r = rgba[p * 4], g = rgba[p * 4 + 1], b = rgba[p * 4 + 2], alpha = rgba[p * 4 + 3]
            let o = (0.2126 * r + 0.7152 * g + 0.0722 * b, r - g, (r + g) / 2 - b)
            opponent[p * 3] = o.0
            opponent[p * 3 + 1] = o.1
            opponent[p * 3 + 2] = o.2
            mean.0 += Double(o.0 * alpha)
            mean.1 += Double(o.1 * alpha)
            mean.2 += Double(o.2 * alpha)
            alphaSum += Double(alpha)
        }
        let m = alphaSum > 0 ? (Float(mean.0 / alphaSum), Float(mean.1 / alphaSum), Float(mean.2 / alphaSum)) : (0, 0, 0)
        var out = [Float](repeating: 0, count: count), details = [Float](repeating: 0, count: count)
        for y in 0..<h {
            for x in 0..<w {
                let p = y * w + x
                let left = y * w + max(0, x - 1), right = y * w + min(w - 1, x + 1)
                let up = max(0, y - 1) * w + x, down = min(h - 1, y + 1) * w + x
                let neighbours = opponent[left * 3] + opponent[right * 3] + opponent[up * 3] + opponent[down * 3]
                let detail = min(1, abs(4 * opponent[p * 3] - neighbours))
                details[p] = detail
                // Colour smoothed over the pixel and its four neighbours, against the mean colour.
                var distance: Float = 0
                for (k, reference) in [m.0, m.1, m.2].enumerated() {
                    let smooth = (opponent[p * 3 + k] + opponent[left * 3 + k] + opponent[right * 3 + k]
                        + opponent[up * 3 + k] + opponent[down * 3 + k]) / 5
                    distance += (smooth - reference) * (smooth - reference)
                }
                let distinct = min(1, distance.squareRoot())
                let r = rgba[p * 4], g = rgba[p * 4 + 1], b = rgba[p * 4 + 2], alpha = rgba[p * 4 + 3]
                var cues = detailWeight * detail + distinctivenessWeight * distinct
                cues += saturationWeight * saturation(r, g, b) + skinWeight * skin(r, g, b, luma: opponent[p * 3])
                out[p] = cues * alpha
            }
        }
        return (out, details)
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
