import FullBleedImage

/// The codec front door: sniffs the format from magic bytes and hands the bytes to that format's codec.
public enum Codecs {
    /// Reads format, displayed size, orientation, colour space and alpha from the header, without decoding pixels.
    public static func probe(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws -> ImageInfo {
        switch try sniff(bytes, stage: .probe) {
        case .jpeg: return try JPEGCodec.probe(bytes, options: options)
        case .png: return try PNGCodec.probe(bytes, options: options)
        case .webp: return try WebPCodec.probe(bytes, options: options)
        case .heic, .avif: return try HEIFCodec.probe(bytes, options: options)
        }
    }

    /// Decodes to upright pixels (8-bit, or 16-bit for 16-bit PNG and 10/12-bit HEIC and AVIF), straight alpha, tagged with the source colour space.
    /// With `options.timeLimitSeconds`, a decode that outlasts the limit throws `.timedOut`.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws -> DecodedImage {
        let deadline = DecodeDeadline(options)
        let format = try sniff(bytes, stage: .decode)
        let decoded: DecodedImage
        switch format {
        case .jpeg: decoded = try JPEGCodec.decode(bytes, options: options)
        case .png: decoded = try PNGCodec.decode(bytes, options: options)
        case .webp: decoded = try WebPCodec.decode(bytes, options: options)
        case .heic, .avif: decoded = try HEIFCodec.decode(bytes, options: options)
        }
        // libwebp and libheif cannot be interrupted: their timeout is reported here, once they return.
        if let deadline, deadline.hasPassed { throw deadline.error(format: format) }
        return decoded
    }

    /// The size in pixels `decode(_:options:)` will produce for a file whose header is `info` (display
    /// orientation): JPEG and still WebP shrink on load toward `options.minimumSize`, the other formats
    /// and animated WebP decode at full size. From the header alone, so a build can plan memory before
    /// decoding.
    public static func decodedSize(of info: ImageInfo, options: DecodeOptions) -> PixelSize {
        switch info.format {
        case .jpeg:
            let denominator = JPEGLoadScale.denominator(displaySize: info.size, minimumSize: options.minimumSize)
            return JPEGLoadScale.scaledSize(info.size, denominator: denominator)
        case .webp where !info.details.contains("animated"):
            let factor = WebPDecoder.shrinkFactor(stored: info.storedSize, orientation: info.orientation, minimumDisplaySize: options.minimumSize)
            let stored = WebPDecoder.reducedSize(info.storedSize, by: factor)
            return info.orientation.swapsDimensions ? stored.transposed : stored
        default:
            return info.size
        }
    }

    /// Encodes `image` (any sample type; converted to what the format stores) and embeds its ICC profile.
    public static func encode(_ image: Image, as options: EncodeOptions) throws -> [UInt8] {
        switch options {
        case .jpeg(let o): return try JPEGCodec.encode(image, options: o)
        case .png(let o): return try PNGCodec.encode(image, options: o)
        case .webp(let o): return try WebPCodec.encode(image, options: o)
        case .avif(let o): return try HEIFCodec.encode(image, options: o)
        case .heic(let o): return try HEIFCodec.encode(image, options: o)
        }
    }

    /// The format of `bytes`, or a typed error for empty input and unknown signatures.
    public static func sniff(_ bytes: [UInt8], stage: CodecError.Stage = .decode) throws -> ImageFormat {
        guard !bytes.isEmpty else { throw CodecError(stage: stage, format: nil, reason: .empty) }
        guard let format = ImageFormat.sniff(bytes) else {
            throw CodecError(stage: stage, format: nil, reason: .unrecognizedFormat(prefix: describePrefix(bytes)))
        }
        return format
    }
}
