import FullBleedImage

/// The WebP codec (libwebp 1.2.4 with demux and mux), called by `Codecs`.
///
/// - Probe: bitstream header and RIFF chunks only (`WebPContainer`), no pixels decoded.
/// - Decode: lossy (VP8), lossless (VP8L), alpha (VP8X + ALPH), ICC (`ICCP`), orientation (`EXIF`),
///   the first frame of animations, shrink-on-load by 2, 4 or 8 (`WebPDecoder`).
/// - Encode: lossy or lossless, alpha, `exact`, ICC embedded, never EXIF/XMP (`WebPEncoder`).
enum WebPCodec {
    /// Displayed and stored size, orientation, "rgb"/"rgba", 8 bits, alpha, colour space, frame count,
    /// details "lossy"/"lossless"/"animated". Truncated files are probed as far as their headers go; the canvas
    /// is checked against `options.maxPixels` like every probe.
    static func probe(_ bytes: [UInt8], options: DecodeOptions) throws -> ImageInfo {
        try bytes.withUnsafeBufferPointer { buffer in
            try WebPContainer.parse(buffer, stage: .probe, limits: options) { $0.info }
        }
    }

    /// Upright (when `options.applyOrientation`) 8-bit RGB or straight-alpha RGBA pixels, encoded with the
    /// file's transfer curve and tagged with its colour space. The canvas size is checked against
    /// `options.maxPixels` before any pixel buffer is allocated.
    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage {
        try WebPDecoder.decode(bytes, options: options)
    }

    /// A WebP file of `image` (any sample type and layout; see `WebPEncoder`), with its RGB ICC profile embedded.
    static func encode(_ image: Image, options: WebPEncodeOptions) throws -> [UInt8] {
        try WebPEncoder.encode(image, options: options)
    }
}
