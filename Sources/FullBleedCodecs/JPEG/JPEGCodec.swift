import FullBleedColor
import FullBleedImage

/// JPEG through libjpeg-turbo: header probe, strict decode (corrupt or truncated data is an error, never
/// grey-filled pixels), shrink-on-load, EXIF orientation, ICC tagging, and encoding. `Codecs` calls these.
enum JPEGCodec {
    /// Reads the header only (no pixel decode): displayed and stored size, EXIF orientation, colour model,
    /// ICC colour space, coding ("baseline"/"progressive", "arithmetic") and chroma subsampling.
    /// Throws `pixelLimitExceeded` (stage `.probe`) when the stored size is over `options.maxPixels`.
    static func probe(_ bytes: [UInt8], options: DecodeOptions) throws -> ImageInfo {
        let (info, header) = try JPEGDecompressor.run(bytes, stage: .probe) { decompressor in
            let header = try decompressor.readHeader()
            try options.checkLimits(width: header.storedSize.width, height: header.storedSize.height, format: .jpeg, stage: .probe)
            return (header.imageInfo(orientation: header.exifMetadata?.orientation ?? .up), header)
        }
        guard options.readsGainMap, !header.segments.isEmpty else { return info }
        var withGainMap = info
        withGainMap.gainMap = UltraHDRReader.read(bytes, primary: header, orientation: info.orientation, options: options,
                                                  decodePixels: false).info
        return withGainMap
    }

    /// Decodes to 8-bit encoded (as stored, not linearised) gray (1-component files) or RGB (everything
    /// else, CMYK converted), no alpha, upright when `options.applyOrientation`, tagged per `JPEGColorPolicy`.
    /// Any libjpeg warning (corrupt entropy data, premature end of file) fails the decode with `.corrupt`.
    ///
    /// The stored size is checked against `options.maxPixels` before libjpeg allocates anything. With
    /// `options.minimumSize`, decodes at the strongest DCT scale (1/2, 1/4, 1/8) that still covers it;
    /// `loadScale` reports it and `info` keeps the full-resolution sizes.
    ///
    /// With `options.readsGainMap`, an Ultra HDR / ISO 21496-1 or Apple gain map is read too (`UltraHDRReader`):
    /// `gainMap` and `info.gainMap` are set, or a warning says why the map was ignored.
    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage {
        let (primary, header) = try decodePrimary(bytes, options: options)
        guard options.readsGainMap, !header.segments.isEmpty else { return primary }
        let gainMap = UltraHDRReader.read(bytes, primary: header, orientation: primary.info.orientation, options: options,
                                          decodePixels: true)
        var decoded = primary
        decoded.gainMap = gainMap.gainMap
        decoded.info.gainMap = gainMap.info
        decoded.warnings += gainMap.warnings
        return decoded
    }

    /// The primary image and its header.
    private static func decodePrimary(_ bytes: [UInt8], options: DecodeOptions) throws -> (DecodedImage, JPEGHeader) {
        try JPEGDecompressor.run(bytes, stage: .decode, deadline: DecodeDeadline(options)) { decompressor in
            let header = try decompressor.readHeader()
            try options.checkLimits(width: header.storedSize.width, height: header.storedSize.height, format: .jpeg)
            let exif = header.exifMetadata
            let orientation = exif?.orientation ?? .up
            let info = header.imageInfo(orientation: orientation)
            let (colorSpace, policyWarnings) = JPEGColorPolicy.decodedColorSpace(header: header, exif: exif)
            let denominator = JPEGLoadScale.denominator(displaySize: info.size, minimumSize: options.minimumSize)

            let output = try decompressor.start(scaleDenominator: denominator)
            let (decoded, conversionWarnings) = try readImage(decompressor, output: output, header: header)
            var image = decoded
            image.colorSpace = colorSpace
            if options.applyOrientation { image = image.applyingOrientation(orientation) }
            return (DecodedImage(image: image, info: info, loadScale: 1 / Double(denominator),
                                 warnings: policyWarnings + conversionWarnings), header)
        }
    }

    /// Encodes `image` (any layout and sample type) as a JFIF file; see `JPEGEncoder`.
    static func encode(_ image: Image, options: JPEGEncodeOptions) throws -> [UInt8] {
        try JPEGEncoder.encode(image, options: options)
    }

    /// Reads the started decompression into an untagged image: gray or RGB directly, CMYK through a
    /// temporary buffer and `JPEGCMYKConversion` (through the embedded CMYK profile when there is one).
    /// Returns the warnings of a profile that could not be applied.
    private static func readImage(_ decompressor: JPEGDecompressor, output: JPEGDecompressor.Output,
                                  header: JPEGHeader) throws -> (Image, [String]) {
        let size = output.size
        switch output.channels {
        case 1, 3:
            var image = Image(width: size.width, height: size.height, format: output.channels == 1 ? .gray8 : .rgb8)
            let rowBytes = image.bytesPerRow
            try image.withUnsafeMutableBytes { try decompressor.readPixels(into: $0, rowBytes: rowBytes) }
            return (image, [])
        case 4:
            var cmyk = [UInt8](repeating: 0, count: size.width * size.height * 4)
            try cmyk.withUnsafeMutableBytes { try decompressor.readPixels(into: $0, rowBytes: size.width * 4) }
            return cmyk.withUnsafeBufferPointer { cmyk in
                var warnings: [String] = []
                if let profile = JPEGColorPolicy.cmykProfile(header) {
                    do throws(ColorManagementError) {
                        let image = try CMYKConversion.sRGB(fromCMYK: cmyk, width: size.width, height: size.height,
                                                            inkReversed: header.hasAdobeMarker, profile: profile)
                        return (image, [])
                    } catch {
                        warnings.append(JPEGColorPolicy.cmykProfileFailed(profile, reason: error.libraryMessage))
                    }
                }
                let image = JPEGCMYKConversion.rgb(fromCMYK: cmyk, width: size.width, height: size.height, storedInverted: header.hasAdobeMarker)
                return (image, warnings)
            }
        default:
            throw CodecError(stage: .decode, format: .jpeg, reason: .unsupported("JPEG decoded to \(output.channels) channels"))
        }
    }
}
