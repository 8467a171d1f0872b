import FullBleedImage

/// The colour space derivatives are written in.
public enum OutputColorPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Keep the source's colour space: pixels unchanged and its ICC profile carried to every output, so
    /// Display P3 stays Display P3 (the default: nothing is lost on wide-gamut displays).
    case keepSourceProfile = "keep"
    /// Convert to sRGB through the source profile (`Image.convertedToSRGB(intent:)`), untagged.
    case convertToSRGB = "srgb"

    /// `image` prepared for output under this policy.
    /// - Throws: `ColorManagementError` when converting and the source profile cannot be used.
    public func applied(to image: Image, intent: RenderingIntent = .relativeColorimetric) throws -> Image {
        switch self {
        case .keepSourceProfile: return image
        case .convertToSRGB: return try image.convertedToSRGB(intent: intent)
        }
    }
}
