/// Why a gain map or its metadata was refused. Readers turn it into a decode warning and keep the SDR
/// image (Ultra HDR v1.0 "Handle invalid metadata": "the gain map should be ignored and the SDR image
/// should be displayed"); it never fails a photo.
public enum GainMapError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A metadata field is missing, unparseable or out of range (the text names it).
    case invalidMetadata(String)
    /// The gain map image is unusable: wrong pixel format, larger than the base image, wrong shape.
    case invalidImage(String)

    public var description: String {
        switch self {
        case .invalidMetadata(let reason): return "invalid gain map metadata: \(reason)"
        case .invalidImage(let reason): return "unusable gain map image: \(reason)"
        }
    }
}
