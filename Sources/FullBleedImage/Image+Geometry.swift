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
        let display = orientation.displaySize(ofStored: size)
        var out = Image(width: display.width, height: display.height, format: format, colorSpace: colorSpace)
        // Move whole pixels as one fixed-size value: a per-pixel memcpy call would dominate the cost.
        switch format.bytesPerPixel {
        case 1: remap(into: &out, orientation: orientation, pixel: UInt8.self)
        case 2: remap(into: &out, orientation: orientation, pixel: UInt16.self)
        case 3: remap(into: &out, orientation: orientation, pixel: (UInt8, UInt8, UInt8).self)
        case 4: remap(into: &out, orientation: orientation, pixel: UInt32.self)
        case 6: remap(into: &out, orientation: orientation, pixel: (UInt16, UInt16, UInt16).self)
        case 8: remap(into: &out, orientation: orientation, pixel: UInt64.self)
        case 12: remap(into: &out, orientation: orientation, pixel: (UInt32, UInt32, UInt32).self)
        default: remap(into: &out, orientation: orientation, pixel: (UInt64, UInt64).self)   // 16 bytes: RGBA float
        }
        return out
    }

    /// Copies every displayed pixel from its stored position; `P` must be exactly one pixel wide.
    private func remap<P>(into out: inout Image, orientation: Orientation, pixel: P.Type) {
        precondition(MemoryLayout<P>.size == format.bytesPerPixel)
        let stored = size, bpp = format.bytesPerPixel, srcRow = bytesPerRow
        let display = out.size
        withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                let source = src.baseAddress!
                var target = dst.baseAddress!
                for dy in 0..<display.height {
                    // Stored position of display pixel (0, dy) and the step per display column.
                    let (x0, y0) = orientation.storedCoordinate(displayX: 0, displayY: dy, stored: stored)
                    let (x1, y1) = display.width > 1 ? orientation.storedCoordinate(displayX: 1, displayY: dy, stored: stored) : (x0, y0)
                    let step = (y1 - y0) * srcRow + (x1 - x0) * bpp
                    var offset = y0 * srcRow + x0 * bpp
                    for _ in 0..<display.width {
                        target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: P.self), as: P.self)
                        target += bpp
                        offset += step
                    }
                }
            }
        }
    }
}
