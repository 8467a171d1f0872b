import CFullBleedShims

/// The moment a decode is abandoned (`DecodeOptions.timeLimitSeconds` after the decode started), on the
/// monotonic clock the C shims check between rows (`fbs_monotonic_nanoseconds`).
///
/// JPEG (libjpeg's progress monitor) and PNG (libpng's row callback) stop cooperatively mid-decode.
/// libwebp and libheif have no cancellation hook: their decode runs to the end and the timeout is reported
/// when it returns (`Codecs.decode` checks every format once more after decoding).
struct DecodeDeadline: Sendable {
    /// The limit it was made from, in seconds (quoted in the error).
    let seconds: Double
    /// `fbs_monotonic_nanoseconds()` time after which the decode is abandoned; never 0 (0 means "none" in C).
    let monotonicNanoseconds: UInt64

    /// The deadline `options.timeLimitSeconds` from now, or nil when the options set no limit.
    init?(_ options: DecodeOptions) {
        guard let limit = options.timeLimitSeconds else { return nil }
        seconds = limit
        let budget = UInt64((min(max(limit, 0), 1e9) * 1e9).rounded())
        monotonicNanoseconds = fbs_monotonic_nanoseconds() &+ max(1, budget)
    }

    var hasPassed: Bool { fbs_deadline_passed(monotonicNanoseconds) != 0 }

    /// `decode failed (FORMAT): timed out after N s`.
    func error(format: ImageFormat?) -> CodecError {
        CodecError(stage: .decode, format: format, reason: .timedOut(seconds: seconds))
    }
}
