import FullBleedImage

/// Reads any `Image` one row at a time as straight-alpha, linear-light RGBA `Float`s in the image's own
/// primaries: what luminance planes, the average colour and palettes take. Built on the one row front end,
/// `WorkingRowDecoder` (linear working transfer, straight alpha, the image's `curve`):
///
/// - 8- and 16-bit encoded samples go through lookup tables (`SRGBTables` for the sRGB curve).
/// - Float samples tagged `.linear` are used as they are; encoded floats go through `curve` exactly.
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
        let width = image.width, channels = image.channelCount
        let isColor = image.layout.isColor, hasAlpha = image.hasAlpha
        let decoder = WorkingRowDecoder(image: image, working: .linear, curve: curve, alpha: .straight)
        var decoded = [Float](repeating: 0, count: width * channels)
        var row = [Float](repeating: 0, count: width * 4)
        image.withUnsafeBytes { source in
            decoded.withUnsafeMutableBufferPointer { decoded in
                row.withUnsafeMutableBufferPointer { out in
                    for y in 0..<image.height {
                        decoder.decode(row: y, from: source.baseAddress!, into: decoded.baseAddress!)
                        for x in 0..<width {
                            let s = x * channels
                            let r = decoded[s]
                            out[x * 4] = r
                            out[x * 4 + 1] = isColor ? decoded[s + 1] : r
                            out[x * 4 + 2] = isColor ? decoded[s + 2] : r
                            out[x * 4 + 3] = hasAlpha ? decoded[s + channels - 1] : 1
                        }
                        body(y, UnsafeBufferPointer(out))
                    }
                }
            }
        }
    }
}
