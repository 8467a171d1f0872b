import FullBleedImage

/// Half-sample symmetric ("mirror") indexing: the edge pixel is duplicated, as when a flipped copy of
/// the image is placed edge to edge. Equals numpy `mode='symmetric'` (not `'reflect'`).
///
/// The mirrored signal is periodic with period `2 * count`, so any offset works, including extensions
/// wider than the image and images one pixel wide (SPEC 1.2 step 2).
public enum MirrorPadding {
    /// The stored index that mirrored position `position` shows, for a line of `count` samples:
    /// `position` itself inside `0..<count`; otherwise `t = position mod 2*count` (non-negative) and
    /// `t` if `t < count`, else `2*count - 1 - t`.
    @inlinable
    public static func index(_ position: Int, count: Int) -> Int {
        precondition(count > 0, "mirror indexing needs a non-empty line")
        if position >= 0 && position < count { return position }
        let period = 2 * count
        var t = position % period
        if t < 0 { t += period }
        return t < count ? t : period - 1 - t
    }

    /// Stored indices for the positions `start ..< start + length` of a mirrored line of `count` samples.
    static func indexTable(start: Int, length: Int, count: Int) -> [Int] {
        (0..<max(0, length)).map { index(start + $0, count: count) }
    }
}

extension Image {
    /// This image enlarged by mirrored copies of itself: `left` / `right` / `top` / `bottom` pixels are
    /// added on each side with half-sample symmetric indexing (`MirrorPadding.index`). Corners mirror in
    /// both axes. Amounts may exceed the image size. Samples are copied byte for byte (any format,
    /// colour space and alpha mode are kept); the original sits at `(left, top)` unchanged.
    ///
    /// - Precondition: all amounts are non-negative.
    public func mirrorPadded(left: Int, right: Int, top: Int, bottom: Int) -> Image {
        precondition(left >= 0 && right >= 0 && top >= 0 && bottom >= 0, "mirror padding must be non-negative")
        if left == 0 && right == 0 && top == 0 && bottom == 0 { return self }
        let outWidth = width + left + right, outHeight = height + top + bottom
        var out = Image(width: outWidth, height: outHeight, format: format, colorSpace: colorSpace)
        let columns = MirrorPadding.indexTable(start: -left, length: outWidth, count: width)
        let rows = MirrorPadding.indexTable(start: -top, length: outHeight, count: height)
        let pixelBytes = format.bytesPerPixel, sourceRowBytes = bytesPerRow, outRowBytes = out.bytesPerRow
        withUnsafeBytes { source in
            out.withUnsafeMutableBytes { destination in
                let src = source.baseAddress!, dst = destination.baseAddress!
                for y in 0..<outHeight {
                    let sourceRow = src + rows[y] * sourceRowBytes
                    let outRow = dst + y * outRowBytes
                    // The unmirrored middle is one contiguous copy; the mirrored sides go pixel by pixel.
                    outRow.advanced(by: left * pixelBytes).copyMemory(from: sourceRow, byteCount: sourceRowBytes)
                    for x in 0..<left {
                        outRow.advanced(by: x * pixelBytes).copyMemory(from: sourceRow + columns[x] * pixelBytes, byteCount: pixelBytes)
                    }
                    for x in (left + width)..<outWidth {
                        outRow.advanced(by: x * pixelBytes).copyMemory(from: sourceRow + columns[x] * pixelBytes, byteCount: pixelBytes)
                    }
                }
            }
        }
        return out
    }
}
