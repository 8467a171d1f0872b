import CFullBleedShims
import FullBleedImage

/// PNG through libpng 1.6 (the `fbs_png_*` C shim holds every setjmp).
///
/// Decoding policy:
/// - Every colour type and bit depth: gray 1/2/4 expand to 8 bits, palette becomes RGB, a tRNS chunk
///   becomes an alpha channel (RGBA or gray+alpha), Adam7 is de-interlaced.
/// - 16-bit files stay 16-bit (`.uint16`, native byte order); everything else is `.uint8`.
/// - Samples come out as written, encoded (not linear), straight alpha: gAMA, cHRM and sBIT are ignored.
/// - iCCP gives the colour space (bytes carried for re-embedding); without one the image is sRGB.
/// - Only IHDR, PLTE, tRNS, IDAT, IEND, iCCP and eXIf are parsed; other chunks are skipped after their CRC
///   check (text chunks are never inflated).
/// - No shrink-on-load: `DecodeOptions.minimumSize` is ignored and `loadScale` is 1.
/// - eXIf orientation is applied when `DecodeOptions.applyOrientation`.
/// - The pixel limit is checked right after IHDR, before anything proportional to the image is allocated.
/// - A CRC error in a critical chunk fails the file (libpng's default); libpng warnings such as
///   `iCCP: known incorrect sRGB profile` are reported in `DecodedImage.warnings` and never fail the file.
enum PNGCodec {
    /// Reads IHDR and the chunks before IDAT, without decoding pixels. Throws `pixelLimitExceeded`
    /// for headers over `options.maxPixels`, as `decode` would.
    static func probe(_ bytes: [UInt8], options: DecodeOptions) throws -> ImageInfo {
        try withCodecErrors(stage: .probe) {
            try PNGReader.open(bytes) { reader in
                let header = reader.header
                try options.checkLimits(width: header.size.width, height: header.size.height, format: .png, stage: .probe)
                var probed = info(for: header, exif: header.exif)
                probed.warnings = warnings(reader.warnings, header: header)
                return probed
            }
        }
    }

    /// Decodes to upright pixels in the header's output format (see the type's documentation).
    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage {
        let deadline = DecodeDeadline(options)
        return try withCodecErrors(stage: .decode) {
            try PNGReader.open(bytes) { reader in
                let header = reader.header
                try options.checkLimits(width: header.size.width, height: header.size.height, format: .png, stage: .decode)
                let pixels = header.size.width * header.size.height
                guard !pixels.multipliedReportingOverflow(by: header.outputFormat.bytesPerPixel).overflow else {
                    throw CodecError(stage: .decode, format: .png, reason: .pixelLimitExceeded(
                        width: header.size.width, height: header.size.height, limit: options.maxPixels))
                }
                var image = Image(width: header.size.width, height: header.size.height, format: header.outputFormat,
                                  colorSpace: header.colorSpace)
                try reader.read(into: &image, deadline: deadline)
                let info = info(for: header, exif: reader.exif)
                if options.applyOrientation { image = image.applyingOrientation(info.orientation) }
                return DecodedImage(image: image, info: info, warnings: warnings(reader.warnings, header: header))
            }
        }
    }

    /// Encodes `image` (see `PNGEncoder`).
    static func encode(_ image: Image, options: PNGEncodeOptions) throws -> [UInt8] {
        try withCodecErrors(stage: .encode) {
            try PNGEncoder(options: options).encode(image)
        }
    }

    /// libpng's warnings, with what a refused colour profile means for the picture: an iCCP warning on a
    /// file left without a profile says the profile was dropped and the pixels are read as sRGB.
    static func warnings(_ messages: [String], header: PNGHeader) -> [String] {
        messages.map { message in
            message.hasPrefix("iCCP") && header.iccProfile == nil
                ? message + " (profile dropped: the pixels are read as sRGB, colours may differ)" : message
        }
    }

    /// The `ImageInfo` of a header; `exif` gives the orientation (`.up` without one).
    static func info(for header: PNGHeader, exif: [UInt8]?) -> ImageInfo {
        let orientation = exif.flatMap { EXIFMetadata.parse($0)?.orientation } ?? .up
        return ImageInfo(format: .png, size: orientation.displaySize(ofStored: header.size), storedSize: header.size,
                         orientation: orientation, colorModel: header.colorType.modelName, bitDepth: header.bitDepth,
                         hasAlpha: header.hasAlpha, colorSpace: header.colorSpace,
                         details: header.interlaced ? ["interlaced"] : [])
    }

    /// Runs `body`, turning shim failures into `CodecError`s of `stage` (format `.png`).
    static func withCodecErrors<R>(stage: CodecError.Stage, _ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let failure as PNGShimFailure {
            throw CodecError(stage: stage, format: .png, reason: reason(for: failure))
        }
    }

    static func reason(for failure: PNGShimFailure) -> CodecError.Reason {
        switch failure.status {
        case FBS_ERROR_UNSUPPORTED: return .unsupported(failure.message)
        case FBS_ERROR_ARGUMENT: return .invalidOption(failure.message)
        default: return .corrupt(failure.message)
        }
    }
}
