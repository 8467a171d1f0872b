import Foundation

/// Locations of test inputs: the project's own `Samples/` and the shared corpus beside the project
/// (`../shared/corpus`, `../shared/pngsuite`), which may be absent.
public enum TestPaths {
    /// The package root (the folder holding Package.swift), derived from this file's path.
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }   // Tests/FullBleedTestSupport/Corpus.swift
        return url
    }()

    public static var samples: URL { packageRoot.appendingPathComponent("Samples") }

    /// `../shared` beside the project, or `FULLBLEED_SHARED` when set.
    public static var shared: URL {
        if let override = ProcessInfo.processInfo.environment["FULLBLEED_SHARED"] { return URL(fileURLWithPath: override) }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }

    public static var corpus: URL { shared.appendingPathComponent("corpus") }
    public static var pngSuite: URL { shared.appendingPathComponent("pngsuite") }

    /// Whether the shared corpus is present. Corpus tests are disabled with a message when it is not.
    public static var hasCorpus: Bool { FileManager.default.fileExists(atPath: corpus.appendingPathComponent("CATALOG.tsv").path) }
    public static var hasPngSuite: Bool { FileManager.default.fileExists(atPath: pngSuite.appendingPathComponent("png").path) }

    /// The message shown when corpus tests are skipped.
    public static let corpusMissingMessage = "../shared/corpus not found beside the project: corpus tests skipped"
    public static let pngSuiteMissingMessage = "../shared/pngsuite not found beside the project: PngSuite tests skipped"

    /// File names (sorted) in a corpus folder ("photos", "edge", "bad"); empty when absent.
    public static func corpusFiles(_ folder: String) -> [String] {
        let dir = corpus.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    public static func corpusFile(_ relative: String) -> URL { corpus.appendingPathComponent(relative) }

    public static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
}

/// One row of `corpus/CATALOG.tsv`.
public struct CatalogEntry: Sendable {
    public var file: String
    public var category: String
    public var what: String
    public var expected: String
    /// "WxH" display size, nil for "-".
    public var displaySize: (width: Int, height: Int)?
}

public enum Catalog {
    /// All rows, keyed by relative path ("edge/orient_6.jpg"); empty when the corpus is absent.
    public static let entries: [String: CatalogEntry] = {
        guard let text = try? String(contentsOf: TestPaths.corpus.appendingPathComponent("CATALOG.tsv"), encoding: .utf8) else { return [:] }
        var result: [String: CatalogEntry] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count >= 5 else { continue }
            let dims = cols[4].split(separator: "x").compactMap { Int($0) }
            result[cols[0]] = CatalogEntry(file: cols[0], category: cols[1], what: cols[2], expected: cols[3],
                                           displaySize: dims.count == 2 ? (dims[0], dims[1]) : nil)
        }
        return result
    }()
}
