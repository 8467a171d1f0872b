import Foundation
import FullBleedImage

/// Reads any `Image` one row at a time as straight-alpha, linear-light RGBA `Float`s in the image's own
/// primaries: the shared front end of luminance planes, average colour and palettes.
///
/// - 8- and 16-bit encoded samples go through lookup tables built from `curve`.
/// - Float samples tagged `.linear` are used as they are; encoded floats go through `curve`.
/// - Premultiplied samples are divided by alpha first (zero where alpha is zero).
/// - Gray samples are replicated into R, G and B; images without alpha read alpha 1.
public struct LinearColorReader {
    public let image: Image
    public let curve: LuminanceModel.Curve

    public init(image: Image, curve: LuminanceModel.Curve) {
        self.image = image
        self.curve = curve
    }

    /// Calls `body(y, row)` for each row top to bottom; `row` holds `width * 4` floats (R, G, B, A).
    /// The buffer is reused between rows: do not escape it.
    public func forEachRow(_ body: (Int, UnsafeBufferPointer<Float>) -> Void) {
        let width = image.width, height = image.height
        let channels = image.channelCount
        let isColor = image.layout.isColor, hasAlpha = image.hasAlpha
        let isLinear = image.format.transfer == .linear
        var row = [Float](repeating: 0, count: width * 4)
        row.withUnsafeMutableBufferPointer { out in
            switch image.format.sampleType {
            case .uint8:
                let lut = Self.table(codeCount: 256, curve: isLinear ? .linear : curve)
                image.withUnsafeSamples(as: UInt8.self) { src in
                    Self.expandRows(src, lut: lut, alphaScale: 1 / 255, width: width, height: height, channels: channels,
                                    isColor: isColor, hasAlpha: hasAlpha, into: out, body)
                }
            case .uint16:
                let lut = isLinear ? Self.table(codeCount: 65536, curve: .linear)
                    : (curve == .sRGB ? SRGBTransfer.linearFromCode16 : Self.table(codeCount: 65536, curve: curve))
                image.withUnsafeSamples(as: UInt16.self) { src in
                    Self.expandRows(src, lut: lut, alphaScale: 1 / 65535, width: width, height: height, channels: channels,
                                    isColor: isColor, hasAlpha: hasAlpha, into: out, body)
                }
            case .float32:
                let premultiplied = image.format.alphaMode == .premultiplied
                image.withUnsafeSamples(as: Float.self) { src in
                    for y in 0..<height {
                        let start = y * width * channels
                        for x in 0..<width {
                            let s = start + x * channels
                            let a: Float = hasAlpha ? src[s + channels - 1] : 1
                            let unpremultiply: Float = premultiplied ? (a > 0 ? 1 / a : 0) : 1
                            var r = src[s] * unpremultiply, g = r, b = r
                            if isColor { g = src[s + 1] * unpremultiply; b = src[s + 2] * unpremultiply }
                            if !isLinear {
                                r = Float(curve.linear(Double(r)))
                                g = isColor ? Float(curve.linear(Double(g))) : r
                                b = isColor ? Float(curve.linear(Double(b))) : r
                            }
                            out[x * 4] = r; out[x * 4 + 1] = g; out[x * 4 + 2] = b; out[x * 4 + 3] = a
                        }
                        body(y, UnsafeBufferPointer(out))
                    }
                }
            }
        }
    }

    /// Linear value of each integer code, `curve.linear(code / (codeCount - 1))`.
    static func table(codeCount: Int, curve: LuminanceModel.Curve) -> [Float] {
        let scale = 1 / Double(codeCount - 1)
        return (0..<codeCount).map { Float(curve.linear(Double($0) * scale)) }
    }

    /// Integer samples -> linear RGBA float rows through `lut`, handing each row to `body`.
    private static func expandRows<T: FixedWidthInteger>(_ src: UnsafeBufferPointer<T>, lut: [Float], alphaScale: Float,
                                                         width: Int, height: Int, channels: Int, isColor: Bool, hasAlpha: Bool,
                                                         into out: UnsafeMutableBufferPointer<Float>,
                                                         _ body: (Int, UnsafeBufferPointer<Float>) -> Void) {
        lut.withUnsafeBufferPointer { lut in
            for y in 0..<height {
                let rowStart = y * width * channels
                for x in 0..<width {
                    let s = rowStart + x * channels
                    let r = lut[Int(src[s])]
                    out[x * 4] = r
                    out[x * 4 + 1] = isColor ? lut[Int(src[s + 1])] : r
                    out[x * 4 + 2] = isColor ? lut[Int(src[s + 2])] : r
                    out[x * 4 + 3] = hasAlpha ? Float(src[s + channels - 1]) * alphaScale : 1
                }
                body(y, UnsafeBufferPointer(out))
            }
        }
    }
}
