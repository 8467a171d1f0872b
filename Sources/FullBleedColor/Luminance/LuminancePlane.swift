import Foundation
import FullBleedImage

/// A plane of linear relative luminance `Y` (0 = black, 1 = diffuse white), one `Float` per pixel,
/// row-major, in device pixels: what the legibility metrics measure.
///
/// Alpha is ignored: each pixel's colour is measured as if opaque (premultiplied input is
/// unpremultiplied first). Blurring before measurement (the glass or scroll-edge blur a glyph really
/// sees) is the caller's job: blur `image` and build a plane from the result.
public struct LuminancePlane: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `Y` of pixel `(x, y)` at index `y * width + x`.
    public let values: [Float]

    /// A plane from given values. - Precondition: `values.count == width * height`, both positive.
    public init(width: Int, height: Int, values: [Float]) {
        precondition(width > 0 && height > 0 && values.count == width * height,
                     "plane \(width)x\(height) needs \(width * height) values, got \(values.count)")
        self.width = width
        self.height = height
        self.values = values
    }

    /// The luminance of every pixel of `image`.
    ///
    /// - Parameter model: how to read the samples: gray images give `Y = curve.linear(gray)`; images
    ///   tagged `.linear` skip the curve; 8- and 16-bit samples use lookup tables. nil means colour-managed
    ///   (`colorManaged(_:)`, warnings dropped): the standard model of sRGB, Display P3 and Adobe RGB, lcms2
    ///   through the embedded profile for other ICC profiles and gray profiles, sRGB when that fails.
    public init(image: Image, model: LuminanceModel? = nil) {
        guard let model else {
            self = Self.colorManaged(image).plane
            return
        }
        let width = image.width
        var values = [Float](repeating: 0, count: width * image.height)
        let isColor = image.layout.isColor
        let wr = Float(model.luminanceRow.x), wg = Float(model.luminanceRow.y), wb = Float(model.luminanceRow.z)
        values.withUnsafeMutableBufferPointer { out in
            LinearColorReader(image: image, curve: model.curve).forEachRow { y, row in
                let start = y * width
                if isColor {
                    for x in 0..<width { out[start + x] = wr * row[x * 4] + wg * row[x * 4 + 1] + wb * row[x * 4 + 2] }
                } else {
                    for x in 0..<width { out[start + x] = row[x * 4] }
                }
            }
        }
        self.init(width: width, height: image.height, values: values)
    }

    /// `Y` at `(x, y)`.
    public subscript(x: Int, y: Int) -> Float { values[y * width + x] }

    /// The bounds of the plane, `0, 0, width, height`.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The plane as a one-channel `.float32` linear image (tagged sRGB), e.g. to blur it.
    public var image: Image {
        Image(width: width, height: height, format: PixelFormat(layout: .gray, sampleType: .float32, transfer: .linear),
              floatSamples: values)
    }

    /// The values inside `rect` (which must lie inside the plane and be non-empty).
    public func cropped(to rect: PixelRect) -> LuminancePlane {
        precondition(!rect.isEmpty && bounds.contains(rect), "crop \(rect) outside plane \(width)x\(height)")
        var out = [Float]()
        out.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.maxY { out.append(contentsOf: values[(y * width + rect.x)..<(y * width + rect.maxX)]) }
        return LuminancePlane(width: rect.width, height: rect.height, values: out)
    }
}
