import CWebP

/// libwebp's status and error codes turned into words and typed `CodecError`s.
///
/// libwebp reports every failure by return code (no longjmp), so these helpers are the one place
/// where a code becomes a message: `VP8StatusCode` (decoder), `WebPEncodingError` (encoder) and
/// `WebPMuxError` (RIFF chunk assembly).
enum WebPStatus {
    /// The decoder status in words, e.g. `bitstream error`, `not enough data (truncated)`.
    static func words(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OK: return "ok"
        case VP8_STATUS_OUT_OF_MEMORY: return "out of memory"
        case VP8_STATUS_INVALID_PARAM: return "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature"
        case VP8_STATUS_SUSPENDED: return "decoding suspended (incomplete data)"
        case VP8_STATUS_USER_ABORT: return "decoding aborted"
        case VP8_STATUS_NOT_ENOUGH_DATA: return "not enough data (truncated)"
        default: return "unknown libwebp status \(status.rawValue)"
        }
    }

    /// A typed error for a failed decoder call: `.unsupported` for `VP8_STATUS_UNSUPPORTED_FEATURE`,
    /// `.corrupt` with the status in words otherwise. `context` (e.g. "first animation frame") is appended.
    static func decodeError(_ status: VP8StatusCode, stage: CodecError.Stage, context: String? = nil) -> CodecError {
        var message = words(status)
        if let context { message += " (\(context))" }
        let reason: CodecError.Reason = status == VP8_STATUS_UNSUPPORTED_FEATURE ? .unsupported("WebP " + message) : .corrupt(message)
        return CodecError(stage: stage, format: .webp, reason: reason)
    }

    /// The encoder error in words, e.g. `picture has invalid width/height`.
    static func words(_ error: WebPEncodingError) -> String {
        switch error {
        case VP8_ENC_OK: return "ok"
        case VP8_ENC_ERROR_OUT_OF_MEMORY: return "out of memory"
        case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory while flushing the bitstream"
        case VP8_ENC_ERROR_NULL_PARAMETER: return "null parameter"
        case VP8_ENC_ERROR_INVALID_CONFIGURATION: return "invalid configuration"
        case VP8_ENC_ERROR_BAD_DIMENSION: return "picture has invalid width/height"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW: return "first partition is bigger than 512 KiB"
        case VP8_ENC_ERROR_PARTITION_OVERFLOW: return "partition is bigger than 16 MiB"
        case VP8_ENC_ERROR_BAD_WRITE: return "error while writing bytes"
        case VP8_ENC_ERROR_FILE_TOO_BIG: return "file is bigger than 4 GiB"
        case VP8_ENC_ERROR_USER_ABORT: return "encoding aborted"
        default: return "unknown libwebp encoding error \(error.rawValue)"
        }
    }

    /// The mux error in words.
    static func words(_ error: WebPMuxError) -> String {
        switch error {
        case WEBP_MUX_OK: return "ok"
        case WEBP_MUX_NOT_FOUND: return "chunk not found"
        case WEBP_MUX_INVALID_ARGUMENT: return "invalid argument"
        case WEBP_MUX_BAD_DATA: return "bad data"
        case WEBP_MUX_MEMORY_ERROR: return "out of memory"
        case WEBP_MUX_NOT_ENOUGH_DATA: return "not enough data"
        default: return "unknown libwebp mux error \(error.rawValue)"
        }
    }
}
