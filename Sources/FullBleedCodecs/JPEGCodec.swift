import FullBleedImage

// Interim placeholder, replaced by the JPEG codec work before anything lands.
enum JPEGCodec {
    static func probe(_ bytes: [UInt8], options: DecodeOptions) throws -> ImageInfo {
        throw CodecError(stage: .probe, format: .jpeg, reason: .unsupported("JPEG codec not built yet"))
    }
    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage {
        throw CodecError(stage: .decode, format: .jpeg, reason: .unsupported("JPEG codec not built yet"))
    }
    static func encode(_ image: Image, options: JPEGEncodeOptions) throws -> [UInt8] {
        throw CodecError(stage: .encode, format: .jpeg, reason: .unsupported("JPEG codec not built yet"))
    }
}
