import FullBleedImage

/// The HEIF codec (libheif 1.15: libde265 for HEVC, dav1d/libaom for AV1, libaom for AV1 encoding),
/// called by `Codecs` for HEIC and AVIF.
///
/// - Probe: the box structure only (no pixels decoded): displayed size after `irot`/`imir`/`clap`,
///   stored (`ispe`) size, alpha, luma bit depth, ICC or nclx colour space (`HEIFFile`).
/// - Decode: the primary image, upright, grids assembled, 8-bit or 16-bit (`HEIFDecoder`).
/// - Encode: AVIF (libaom) and HEIC (x265), with the ICC profile embedded, never EXIF/XMP (`HEIFEncoder`).
enum HEIFCodec {
    /// Displayed and stored size, orientation `.up` (libheif applies the transformations), "rgb"/"rgba",
    /// bit depth, alpha, colour space, top-level image count, details (nclx triple, premultiplied alpha).
    /// The sizes are checked against `options.maxPixels` like every probe.
    static func probe(_ bytes: [UInt8], options: DecodeOptions) throws -> ImageInfo {
        let format = try heifFormat(of: bytes, stage: .probe)
        return try HEIFFile.open(bytes, format: format, stage: .probe, limits: options) { file in
            guard options.readsGainMap else { return file.info }
            var info = file.info
            info.gainMap = HEIFGainMapReader.read(primary: file.handle, displayedSize: info.size, options: options, decodePixels: false).info
            return info
        }
    }

    /// Upright RGB or straight-alpha RGBA (8-bit, or 16-bit for 10/12-bit files), tagged with the file's
    /// colour space. The size is checked against `options.maxPixels` before any pixel is decoded.
    /// `options.applyOrientation` has no effect: libheif always applies the container transformations
    /// (the reported orientation is `.up`); `options.minimumSize` is ignored (no scaled decoding).
    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage {
        try HEIFDecoder.decode(bytes, format: try heifFormat(of: bytes, stage: .decode), options: options)
    }

    /// An AVIF file of `image` (any sample type and layout; see `HEIFEncoder`), with its RGB ICC profile embedded.
    static func encode(_ image: Image, options: AVIFEncodeOptions) throws -> [UInt8] {
        try HEIFEncoder.encode(image, request: HEIFEncodeRequest(avif: options))
    }

    /// A HEIC file of `image` (HEVC, 8-bit; see `HEIFEncoder`), with its RGB ICC profile embedded.
    static func encode(_ image: Image, options: HEICEncodeOptions) throws -> [UInt8] {
        try HEIFEncoder.encode(image, request: HEIFEncodeRequest(compression: .hevc, quality: options.quality,
                                                                 chromaSubsampling: options.chromaSubsampling))
    }

    private static func heifFormat(of bytes: [UInt8], stage: CodecError.Stage) throws -> ImageFormat {
        guard let format = HEIFFileType.sniff(bytes) else {
            throw CodecError(stage: stage, format: nil, reason: .unrecognizedFormat(prefix: describePrefix(bytes)))
        }
        return format
    }
}
