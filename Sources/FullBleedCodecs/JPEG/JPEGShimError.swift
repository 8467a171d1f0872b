import CFullBleedShims

/// Turns a status code and message from the `fbs_jpeg_*` shim functions into a `CodecError`.
enum JPEGShimError {
    /// A zeroed message buffer of `FBS_MESSAGE_CAPACITY` bytes for a shim call to fill.
    static func messageBuffer() -> [CChar] {
        [CChar](repeating: 0, count: Int(FBS_MESSAGE_CAPACITY))
    }

    /// The error for a failed shim call (`status` other than `FBS_OK`), carrying libjpeg's own message.
    static func error(status: Int32, message: [CChar], stage: CodecError.Stage) -> CodecError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let reason: CodecError.Reason
        switch UInt32(bitPattern: status) {
        case FBS_ERROR_UNSUPPORTED.rawValue: reason = .unsupported(text)
        case FBS_ERROR_MEMORY.rawValue: reason = .unsupported("not enough memory (\(text))")
        case FBS_ERROR_ARGUMENT.rawValue: reason = .invalidOption(text)
        default: reason = .corrupt(text.isEmpty ? "libjpeg failed without a message" : text)
        }
        return CodecError(stage: stage, format: .jpeg, reason: reason)
    }

    /// Throws unless `status` is `FBS_OK`.
    static func check(_ status: Int32, _ message: [CChar], stage: CodecError.Stage) throws {
        if status != Int32(FBS_OK.rawValue) { throw error(status: status, message: message, stage: stage) }
    }
}
