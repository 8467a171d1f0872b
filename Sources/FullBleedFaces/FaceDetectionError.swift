/// Why face detection failed, with the shim's one-line message where there is one.
public enum FaceDetectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A detector option is out of range; which and why.
    case invalidOption(String)
    /// The model file does not exist or cannot be opened.
    case modelNotFound(path: String, message: String)
    /// The model file exists but is not a serialized dlib HOG detector.
    case modelUnreadable(path: String, message: String)
    /// Allocation failed inside the detector.
    case outOfMemory
    /// dlib reported an error (its message), or the shim refused the buffer (a bug on this side).
    case library(String)

    public var description: String {
        switch self {
        case .invalidOption(let why): return "face detection: invalid option: \(why)"
        case .modelNotFound(let path, let message): return "face detection: model not found: \(path): \(message)"
        case .modelUnreadable(let path, let message): return "face detection: model unreadable: \(path): \(message)"
        case .outOfMemory: return "face detection: out of memory"
        case .library(let message): return "face detection failed: \(message)"
        }
    }
}
