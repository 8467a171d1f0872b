/// Geometric operations that move pixels without changing their values: crop and orientation.
extension Image {
    /// The pixels inside `rect` (which must lie inside the image and be non-empty).
    public func cropped(to rect: PixelRect) -> Image {
        precondition(!rect.isEmpty && PixelRect(x: 0, y: 0, width: width, height: height).contains(rect),
                     "crop \(rect) outside image \(width)x\(height)")
        if rect.x == 0 && rect.y == 0 && rect.width == width && rect.height == height { return self }
        var out = Image(width: rect.width, height: rect.height, format: format, colorSpace: colorSpace)
        let bpp = format.bytesPerPixel, srcRow = bytesPerRow, dstRow = out.bytesPerRow
        withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                for y in 0..<rect.height {
                    let from = src.baseAddress! + (rect.y + y) * srcRow + rect.x * bpp
                    (dst.baseAddress! + y * dstRow).copyMemory(from: from, byteCount: dstRow)
                }
            }
        }
        return out
    }

    /// The image transformed so that stored pixels tagged with `orientation` display upright.
    public func applyingOrientation(_ orientation: Orientation) -> Image {
        if orientation == .up { return self }
        let stored = size
        let display = orientation.displaySize(ofStored: stored)
        var out = Image(width: display.width, height: display.height, format: format, colorSpace: colorSpace)
        let bpp = format.bytesPerPixel, srcRow = bytesPerRow, dstRow = out.bytesPerRow
        withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                for dy in 0..<display.height {
                    for dx in 0..<display.width {
                        let (sx, sy) = orientation.storedCoordinate(displayX: dx, displayY: dy, stored: stored)
                        (dst.baseAddress! + dy * dstRow + dx * bpp).copyMemory(from: src.baseAddress! + sy * srcRow + sx * bpp, byteCount: bpp)
                    }
                }
            }
        }
        return out
    }
}
