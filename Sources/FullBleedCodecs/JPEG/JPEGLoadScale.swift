import FullBleedImage

/// Shrink-on-load for JPEG: libjpeg decodes at 1/2, 1/4 or 1/8 scale inside the inverse DCT, much
/// faster than a full decode followed by a resize.
enum JPEGLoadScale {
    /// The scale denominators libjpeg offers with `scale_num = 1`, strongest reduction first.
    static let denominators = [8, 4, 2, 1]

    /// The size libjpeg produces at scale `1 / denominator`: each side rounded up (pixels).
    static func scaledSize(_ size: PixelSize, denominator: Int) -> PixelSize {
        PixelSize(width: (size.width + denominator - 1) / denominator, height: (size.height + denominator - 1) / denominator)
    }

    /// The largest denominator whose scaled `displaySize` still covers `minimumSize` (both in display
    /// orientation, pixels) in both dimensions; 1 (full size) when `minimumSize` is nil or not covered.
    static func denominator(displaySize: PixelSize, minimumSize: PixelSize?) -> Int {
        guard let minimumSize else { return 1 }
        return denominators.first { denominator in
            let scaled = scaledSize(displaySize, denominator: denominator)
            return scaled.width >= minimumSize.width && scaled.height >= minimumSize.height
        } ?? 1
    }
}
