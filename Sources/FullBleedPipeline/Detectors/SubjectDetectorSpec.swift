import Foundation

/// An external subject detector (`subjects.detector` in a pipeline, `fullbleed build --detector`): a command
/// run once per photo that reads one JSON request on stdin (a bounded, upright, 8-bit sRGB PNG of the photo)
/// and answers boxes on stdout (`DetectorProtocol`). Its boxes replace the built-in salient region; the
/// answer is recorded in the manifest and reused by photo content and detector name (`docs/detectors.md`).
public struct SubjectDetectorSpec: Sendable, Hashable {
    /// The detector's identity, recorded in the manifest with every answer: 1-64 letters, digits, `-`, `_`
    /// or `.`. A recorded answer is reused only under the same name.
    public var name: String
    /// The program and its arguments (argv; no shell). The program is looked up in `PATH` when it holds no `/`.
    public var command: [String]
    /// Wall-clock seconds one run may take before its process group is killed and the photo fails.
    public var timeoutSeconds: Double = SubjectDetectorSpec.defaultTimeoutSeconds
    /// Long side, pixels, of the copy of the photo the detector receives (never enlarged).
    public var maxSidePixels: Int = SubjectDetectorSpec.defaultMaxSidePixels

    public static let defaultTimeoutSeconds: Double = 30
    public static let defaultMaxSidePixels = 1024
    public static let timeoutRange: ClosedRange<Double> = 0.01...3600
    public static let maxSideRange: ClosedRange<Int> = 64...8192

    public init(name: String, command: [String], timeoutSeconds: Double = defaultTimeoutSeconds, maxSidePixels: Int = defaultMaxSidePixels) {
        self.name = name
        self.command = command
        self.timeoutSeconds = timeoutSeconds
        self.maxSidePixels = maxSidePixels
    }

    /// Whether `name` is a valid detector name.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    /// The pipeline's `subjects` object: `{"detector": {"name": ..., "command": [...], "timeoutSeconds": 30, "maxSidePixels": 1024}}`.
    static func parseSubjects(_ root: inout JSONObjectReader) throws -> SubjectDetectorSpec? {
        guard var subjects = try root.object("subjects") else { return nil }
        var detector: SubjectDetectorSpec?
        if var d = try subjects.object("detector") {
            let name = try d.requiredString("name")
            guard isValidName(name) else {
                throw ConfigError(location: d.path("name"), message: "expected 1-64 letters, digits, '-', '_' or '.', found \"\(name)\"")
            }
            guard let items = try d.array("command"), !items.isEmpty else {
                throw ConfigError(location: d.path("command"), message: "is required: the program and its arguments, e.g. [\"/usr/local/bin/vision-subjects\"]")
            }
            let command = try items.enumerated().map { i, item -> String in
                guard case .string(let s) = item, !s.isEmpty, !s.contains("\0") else {
                    throw ConfigError(location: d.path("command") + "[\(i)]", message: "expected a non-empty string")
                }
                return s
            }
            var spec = SubjectDetectorSpec(name: name, command: command)
            spec.timeoutSeconds = try d.number("timeoutSeconds", in: timeoutRange) ?? defaultTimeoutSeconds
            spec.maxSidePixels = try d.integer("maxSidePixels", in: maxSideRange) ?? defaultMaxSidePixels
            try d.rejectUnknownKeys()
            detector = spec
        }
        try subjects.rejectUnknownKeys()
        return detector
    }

    /// What of the detector changes the outputs, folded into the pipeline's content hash: its name and the
    /// size of the copy it sees. The command and the timeout are left out: the same detector may live at
    /// another path on another machine, and a build from recorded answers never runs it.
    func folded(into hash: String) -> String {
        SHA256.hex(Array((hash + "\nsubjects.detector=\(name) maxSidePixels=\(maxSidePixels)").utf8))
    }
}

extension PipelineSpec {
    /// Replaces the pipeline's subject detector (`--detector`), or sets one, and updates `contentHash`.
    public mutating func setSubjectDetector(_ detector: SubjectDetectorSpec?) {
        let base = hashWithoutDetector ?? contentHash
        hashWithoutDetector = base
        subjectDetector = detector
        contentHash = detector.map { $0.folded(into: base) } ?? base
    }
}
