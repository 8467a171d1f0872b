import FullBleedImage

/// CMYK -> RGB for CMYK and YCCK JPEGs without a usable CMYK profile: the naive inversion-aware formula.
/// (With an embedded CMYK profile the decoder converts through it: `CMYKConversion` in FullBleedColor.)
///
/// Files with an Adobe APP14 marker (Photoshop and nearly every CMYK JPEG) store the samples inverted
/// (255 = no ink); files without it store ink amounts directly.
enum JPEGCMYKConversion {
    /// Converts interleaved 8-bit CMYK samples (`width * height * 4`) to an encoded 8-bit RGB image,
    /// untagged sRGB, without colour management. `storedInverted` is true for files with an Adobe marker.
    ///
    /// With ink amounts c, k in 0...1 the formula is `R = (1 - c)(1 - k)` (likewise G from m, B from y),
    /// which is what ImageMagick's `-colorspace sRGB` does without a profile; on inverted stored values
    /// that is `R = c' k' / 255`.
    static func rgb(fromCMYK cmyk: UnsafeBufferPointer<UInt8>, width: Int, height: Int, storedInverted: Bool) -> Image {
        let pixels = width * height
        precondition(cmyk.count >= pixels * 4, "CMYK buffer too small for \(width)x\(height)")
        var image = Image(width: width, height: height, format: .rgb8)
        let flip: UInt8 = storedInverted ? 0 : 255
        image.withUnsafeMutableSamples(as: UInt8.self) { rgb in
            for i in 0..<pixels {
                let s = i * 4, d = i * 3
                // Remaining light of each ink, 0...255 (255 = no ink).
                let k = UInt32(cmyk[s + 3] ^ flip)
                rgb[d] = scaledProduct(UInt32(cmyk[s] ^ flip), k)
                rgb[d + 1] = scaledProduct(UInt32(cmyk[s + 1] ^ flip), k)
                rgb[d + 2] = scaledProduct(UInt32(cmyk[s + 2] ^ flip), k)
            }
        }
        return image
    }

    /// `a * b / 255`, rounded to nearest, for a, b in 0...255.
    @inline(__always)
    static func scaledProduct(_ a: UInt32, _ b: UInt32) -> UInt8 {
        UInt8(truncatingIfNeeded: (a * b + 127) / 255)
    }
}
