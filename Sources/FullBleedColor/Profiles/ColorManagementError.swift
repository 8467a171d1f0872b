import FullBleedImage

/// Why a colour-managed operation (lcms2) could not run. The lcms2 message is kept word for word.
public enum ColorManagementError: Error, Sendable, Hashable, CustomStringConvertible {
    /// lcms2 could not read the ICC profile (truncated, corrupt, or not a profile); its message.
    case invalidProfile(String)
    /// The profile's data colour space ("CMYK", "GRAY", ...) does not describe the image's channels.
    case profileMismatch(profileColorSpace: String, layout: ChannelLayout)
    /// The colour space names a profile but carries no bytes to build it from.
    case missingProfile(ColorSpace.Family)
    /// lcms2 refused to build the transform; its message.
    case transformFailed(String)

    /// lcms2's own words (or what failed, for the cases lcms2 says nothing about), without this type's prefix.
    public var libraryMessage: String {
        switch self {
        case .invalidProfile(let message), .transformFailed(let message): return message
        case .profileMismatch, .missingProfile: return description
        }
    }

    public var description: String {
        switch self {
        case .invalidProfile(let message):
            return "invalid ICC profile: \(message)"
        case let .profileMismatch(space, layout):
            return "ICC profile for '\(space)' data does not match \(layout.rawValue) pixels"
        case .missingProfile(let family):
            return "colour space '\(family.rawValue)' has no ICC profile to convert from"
        case .transformFailed(let message):
            return "colour transform failed: \(message)"
        }
    }
}
