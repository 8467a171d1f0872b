import FullBleedImage

// Interim placeholder, replaced by the WebP codec work before anything lands.
enum WebPCodec {
    static func probe(_ bytes: [UInt8], options: DecodeOptions) throws -> ImageInfo {
        throw CodecError(stage: .probe, format: .webp, reason: .unsupported("WebP codec not built yet"))
    }
    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage {
        throw CodecError(stage: .decode, format: .webp, reason: .unsupported("WebP codec not built yet"))
    }
    static func encode(_ image: Image, options: WebPEncodeOptions) throws -> [UInt8] {
        throw CodecError(stage: .encode, format: .webp, reason: .unsupported("WebP codec not built yet"))
    }
}
