import CWebP
import FullBleedImage

/// The first frame of a WebP file as the demuxer sees it.
struct WebPFrame {
    /// Where the frame sits on the canvas, in stored pixels (the whole canvas for still images).
    var rect: PixelRect
    /// Whether the frame's bitstream carries alpha.
    var hasAlpha: Bool
    /// Whether all of the frame's bytes are present.
    var isComplete: Bool
    /// The frame's chunks (`ALPH` + `VP8 `, or `VP8L`) inside the input bytes. Borrowed: valid only
    /// inside the `WebPContainer.parse` closure.
    var bitstream: UnsafeBufferPointer<UInt8>
}

/// What a WebP file's RIFF container and bitstream headers say, read without decoding pixels:
/// `WebPGetFeatures` for the canvas size, alpha and compression, `WebPDemux` (partial input allowed)
/// for the frames and the `ICCP` / `EXIF` chunks.
///
/// `parse` lends a container to a closure; `demuxer`, `bytes` and frame bitstreams borrow the input
/// and are valid only inside that closure. Do not escape them.
struct WebPContainer {
    /// The whole input.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The libwebp demuxer over `bytes`, deleted when `parse` returns.
    let demuxer: OpaquePointer
    /// Canvas size in stored pixels (before orientation).
    let canvasSize: PixelSize
    /// Whether the displayed image has transparency: the alpha flag or bitstream alpha, and for
    /// animations also a first frame that does not cover the canvas.
    let hasAlpha: Bool
    let isAnimated: Bool
    /// Frames in the file (1 for still images; for animations what the demuxer has found).
    let frameCount: Int
    /// "lossy" or "lossless" (of the first frame for animations); nil when the headers do not say.
    let compression: String?
    /// From the `ICCP` chunk, else untagged sRGB.
    let colorSpace: ColorSpace
    /// From the `EXIF` chunk's IFD0 orientation tag, else `.up`.
    let orientation: Orientation
    /// Whether the demuxer parsed the whole file (false for truncated input).
    let isComplete: Bool

    /// Reads the headers of `bytes` and lends the result to `body`.
    ///
    /// When `limits` is given, the canvas size is checked against it right after the bitstream header
    /// is read, before the demuxer runs and before any pixel buffer exists.
    ///
    /// - Throws: `CodecError` with `.corrupt` (libwebp's status in words) when no header can be read or
    ///   the chunk layout is invalid, `.pixelLimitExceeded` / `.invalidDimensions` from `limits`.
    static func parse<R>(_ bytes: UnsafeBufferPointer<UInt8>, stage: CodecError.Stage, limits: DecodeOptions?,
                         _ body: (WebPContainer) throws -> R) throws -> R {
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeaturesInternal(bytes.baseAddress, bytes.count, &features, WEBP_DECODER_ABI_VERSION)
        // A truncated VP8X file still reports its canvas size with VP8_STATUS_NOT_ENOUGH_DATA.
        let sizeKnown = features.width > 0 && features.height > 0
        guard status == VP8_STATUS_OK || (status == VP8_STATUS_NOT_ENOUGH_DATA && sizeKnown) else {
            throw WebPStatus.decodeError(status, stage: stage, context: "reading the header")
        }
        let canvasSize = PixelSize(width: Int(features.width), height: Int(features.height))
        try limits?.checkLimits(width: canvasSize.width, height: canvasSize.height, format: .webp, stage: stage)

        var data = WebPData(bytes: bytes.baseAddress, size: bytes.count)
        var state = WEBP_DEMUX_PARSING_HEADER
        guard let demuxer = WebPDemuxInternal(&data, 1, &state, WEBP_DEMUX_ABI_VERSION) else {
            throw CodecError(stage: stage, format: .webp, reason: .corrupt("invalid RIFF container (chunk sizes or order)"))
        }
        defer { WebPDemuxDelete(demuxer) }
        guard state != WEBP_DEMUX_PARSE_ERROR else {
            throw CodecError(stage: stage, format: .webp, reason: .corrupt("invalid RIFF container (chunk sizes or order)"))
        }

        let isAnimated = features.has_animation != 0
        let firstFrame = frame(demuxer, number: 1)
        var hasAlpha = features.has_alpha != 0
        var compression = compressionName(features.format)
        if isAnimated, let firstFrame {
            let coversCanvas = firstFrame.rect == PixelRect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)
            hasAlpha = hasAlpha || firstFrame.hasAlpha || !coversCanvas
            if compression == nil {
                var frameFeatures = WebPBitstreamFeatures()
                let frameStatus = WebPGetFeaturesInternal(firstFrame.bitstream.baseAddress, firstFrame.bitstream.count,
                                                          &frameFeatures, WEBP_DECODER_ABI_VERSION)
                if frameStatus == VP8_STATUS_OK { compression = compressionName(frameFeatures.format) }
            }
        }
        let frameCount = isAnimated ? Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT)) : 1
        let colorSpace = chunk(demuxer, "ICCP").flatMap { $0.isEmpty ? nil : ICCInspector.colorSpace(forProfile: $0) } ?? .sRGB
        let orientation = chunk(demuxer, "EXIF").flatMap { EXIFMetadata.parse($0)?.orientation } ?? .up

        let container = WebPContainer(bytes: bytes, demuxer: demuxer, canvasSize: canvasSize, hasAlpha: hasAlpha,
                                      isAnimated: isAnimated, frameCount: frameCount, compression: compression,
                                      colorSpace: colorSpace, orientation: orientation,
                                      isComplete: status == VP8_STATUS_OK && state == WEBP_DEMUX_DONE)
        return try body(container)
    }

    /// The probe result: displayed size after orientation, stored (canvas) size, colour model
    /// "rgb"/"rgba", 8 bits, details "lossy"/"lossless" and "animated".
    var info: ImageInfo {
        var details: [String] = []
        if let compression { details.append(compression) }
        if isAnimated { details.append("animated") }
        return ImageInfo(format: .webp, size: orientation.displaySize(ofStored: canvasSize), storedSize: canvasSize,
                         orientation: orientation, colorModel: hasAlpha ? "rgba" : "rgb", bitDepth: 8,
                         hasAlpha: hasAlpha, colorSpace: colorSpace, frameCount: frameCount, details: details)
    }

    /// The first frame (the still image itself for non-animated files), nil when the demuxer has none.
    var firstFrame: WebPFrame? { Self.frame(demuxer, number: 1) }

    private static func frame(_ demuxer: OpaquePointer, number: Int32) -> WebPFrame? {
        var iterator = WebPIterator()
        guard WebPDemuxGetFrame(demuxer, number, &iterator) != 0 else { return nil }
        defer { WebPDemuxReleaseIterator(&iterator) }
        guard let base = iterator.fragment.bytes else { return nil }
        return WebPFrame(rect: PixelRect(x: Int(iterator.x_offset), y: Int(iterator.y_offset),
                                         width: Int(iterator.width), height: Int(iterator.height)),
                         hasAlpha: iterator.has_alpha != 0, isComplete: iterator.complete != 0,
                         bitstream: UnsafeBufferPointer(start: base, count: iterator.fragment.size))
    }

    /// A copy of the payload of the first chunk named `fourCC`, nil when there is none.
    private static func chunk(_ demuxer: OpaquePointer, _ fourCC: String) -> [UInt8]? {
        var iterator = WebPChunkIterator()
        guard WebPDemuxGetChunk(demuxer, fourCC, 1, &iterator) != 0 else { return nil }
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        guard let base = iterator.chunk.bytes else { return nil }
        return Array(UnsafeBufferPointer(start: base, count: iterator.chunk.size))
    }

    private static func compressionName(_ format: Int32) -> String? {
        switch format {
        case 1: return "lossy"
        case 2: return "lossless"
        default: return nil
        }
    }
}
