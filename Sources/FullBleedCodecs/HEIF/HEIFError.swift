import CHeif

/// Turns libheif's `struct heif_error` (libheif reports errors by value, never by longjmp) into a
/// typed `CodecError` carrying libheif's own message on one line.
enum HEIFError {
    /// Throws when `error.code` is not `heif_error_Ok`. Invalid or truncated data becomes `.corrupt`,
    /// unsupported features or codecs `.unsupported`, rejected encoder settings `.invalidOption`.
    static func check(_ error: heif_error, stage: CodecError.Stage, format: ImageFormat, context: String) throws {
        guard error.code != heif_error_Ok else { return }
        throw codecError(error, stage: stage, format: format, context: context)
    }

    static func codecError(_ error: heif_error, stage: CodecError.Stage, format: ImageFormat, context: String) -> CodecError {
        let message = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        let text = "\(context): \(message)"
        switch error.code {
        case heif_error_Unsupported_filetype, heif_error_Unsupported_feature, heif_error_Plugin_loading_error:
            return CodecError(stage: stage, format: format, reason: .unsupported(text))
        case heif_error_Usage_error where stage == .encode:
            return CodecError(stage: stage, format: format, reason: .invalidOption(text))
        default:
            return CodecError(stage: stage, format: format, reason: .corrupt(text))
        }
    }

    /// The `heif_error` a writer callback returns on success. Its message points at static storage,
    /// as libheif may read it after the callback returns.
    static var success: heif_error {
        heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified,
                   message: UnsafeRawPointer(("Success" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self))
    }
}
