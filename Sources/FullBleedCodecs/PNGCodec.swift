import FullBleedImage

// Interim placeholder, replaced by the PNG codec work before anything lands.
enum PNGCodec {
    static func probe(_ bytes: [UInt8], options: DecodeOptions) throws -> ImageInfo {
        throw CodecError(stage: .probe, format: .png, reason: .unsupported("PNG codec not built yet"))
    }
    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage {
        throw CodecError(stage: .decode, format: .png, reason: .unsupported("PNG codec not built yet"))
    }
    static func encode(_ image: Image, options: PNGEncodeOptions) throws -> [UInt8] {
        throw CodecError(stage: .encode, format: .png, reason: .unsupported("PNG codec not built yet"))
    }
}
