extension PreviousBuild {
    /// The subject-detector answers the previous manifest recorded for `sources` (by source path), with the
    /// content hash of the photo each answered; empty without a detector. One small decode per source.
    func recordedDetections(for sources: [SourceFile], spec: PipelineSpec) -> [String: RecordedDetection] {
        guard spec.subjectDetector != nil, let file else { return [:] }
        var recorded: [String: RecordedDetection] = [:]
        for source in sources {
            guard let range = ranges[source.relativePath],
                  let entry = try? file.decode(RecordedAnswer.self, at: range), let answer = entry.subjectDetection else { continue }
            recorded[source.relativePath] = RecordedDetection(sha256: entry.source.sha256, record: answer)
        }
        return recorded
    }

    /// Only what answer reuse needs of a manifest record.
    private struct RecordedAnswer: Decodable {
        struct Source: Decodable { var sha256: String }
        var source: Source
        var subjectDetection: DetectionRecord?
    }
}
