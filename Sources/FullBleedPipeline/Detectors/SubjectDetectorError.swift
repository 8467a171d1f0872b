/// A photo whose subject detector failed: one line naming the photo, the detector and what went wrong
/// (`photo.jpg: subject detector 'vision' timed out after 30 s`). The photo fails (stage `detect`); the
/// rest of the batch is built.
public struct SubjectDetectorError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var detector: String
    public var reason: String

    public init(path: String, detector: String, reason: String) {
        self.path = path
        self.detector = detector
        self.reason = reason
    }

    public var description: String { "\(path): subject detector '\(detector)' \(reason)" }

    /// The reason of a failed run, as the error line says it.
    static func reason(_ failure: DetectorProcess.Failure, timeoutSeconds: Double) -> String {
        switch failure {
        case .cannotStart(let why): return "could not be started: \(why)"
        case .timedOut: return "timed out after \(seconds(timeoutSeconds)) s"
        case .answerTooLarge: return "answered more than \(DetectorProtocol.maxAnswerBytes) bytes"
        case .exited(let status, let stderr): return "exited with status \(status)" + (stderr.isEmpty ? "" : ": \(stderr)")
        case .signalled(let signal, let stderr): return "was killed by signal \(signal)" + (stderr.isEmpty ? "" : ": \(stderr)")
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? String(Int(value)) : String(value)
    }
}
