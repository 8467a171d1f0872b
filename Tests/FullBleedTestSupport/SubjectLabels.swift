import Foundation

/// A labelled subject box of `Tests/Fixtures/subjects.tsv` (judged by eye): the photo's path under the
/// corpus and the box as fractions of the displayed photo (x, y from the top-left).
public struct SubjectLabel: Sendable, CustomStringConvertible {
    public var file: String
    public var x, y, width, height: Double
    public var description: String { file }

    /// The labels of `Tests/Fixtures/subjects.tsv`; empty when the file is missing.
    public static let corpus: [SubjectLabel] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/subjects.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.hasPrefix("file\t") else { return nil }
            let f = line.split(separator: "\t").map(String.init)
            guard f.count >= 5, let x = Double(f[1]), let y = Double(f[2]), let w = Double(f[3]), let h = Double(f[4]) else { return nil }
            return SubjectLabel(file: f[0], x: x, y: y, width: w, height: h)
        }
    }()
}
