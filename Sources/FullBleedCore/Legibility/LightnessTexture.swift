import Foundation
import FullBleedColor
import FullBleedImage

/// Texture of a rectangle of a luminance plane in CIE L* (0...100): RMS contrast and Sobel edge density.
struct LightnessTexture {
    /// Population standard deviation of L* over the rectangle.
    let rmsContrast: Double
    /// Fraction of rectangle pixels with Sobel gradient magnitude (L* per pixel) above the threshold.
    let edgeDensity: Double

    init(plane: LuminancePlane, rect: PixelRect, edgeThresholdPerPixel: Double) {
        // L* of the rectangle plus a one-pixel margin where the plane has one.
        let x0 = max(0, rect.x - 1), y0 = max(0, rect.y - 1)
        let x1 = min(plane.width, rect.maxX + 1), y1 = min(plane.height, rect.maxY + 1)
        let w = x1 - x0, h = y1 - y0
        var lightness = [Float](repeating: 0, count: w * h)
        plane.values.withUnsafeBufferPointer { src in
            lightness.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let from = (y0 + y) * plane.width + x0
                    for x in 0..<w { dst[y * w + x] = CIELightness.of(src[from + x]) }
                }
            }
        }
        // Sobel normalised by 1/8 so that a ramp of k L* per pixel gives magnitude k.
        let threshold = Float(edgeThresholdPerPixel)
        let thresholdSquared = threshold * threshold * 64
        let n = Double(rect.width * rect.height)
        var edges = 0, squares = 0.0
        lightness.withUnsafeBufferPointer { l in
            // Two passes (mean, then squared deviations) keep the RMS exact for flat regions.
            var sum = 0.0
            for y in rect.y..<rect.maxY {
                let start = (y - y0) * w - x0
                for x in rect.x..<rect.maxX { sum += Double(l[start + x]) }
            }
            let mean = sum / n
            for y in rect.y..<rect.maxY {
                let row = y - y0
                let up = max(0, row - 1) * w, mid = row * w, down = min(h - 1, row + 1) * w
                for x in rect.x..<rect.maxX {
                    let col = x - x0
                    let left = max(0, col - 1), right = min(w - 1, col + 1)
                    let deviation = Double(l[mid + col]) - mean
                    squares += deviation * deviation
                    let gx = (l[up + right] + 2 * l[mid + right] + l[down + right]) - (l[up + left] + 2 * l[mid + left] + l[down + left])
                    let gy = (l[down + left] + 2 * l[down + col] + l[down + right]) - (l[up + left] + 2 * l[up + col] + l[up + right])
                    if gx * gx + gy * gy > thresholdSquared { edges += 1 }
                }
            }
        }
        rmsContrast = (squares / n).squareRoot()
        edgeDensity = Double(edges) / n
    }
}
