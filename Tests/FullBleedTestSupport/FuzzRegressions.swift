import Foundation

/// Inputs that fuzzing found (or that were written to pin a hostile case), kept in
/// `Tests/Fixtures/fuzz-regressions/<fuzz target>/` and replayed by the `FuzzRegression` suites.
public enum FuzzRegressions {
    public static var folder: URL { TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/fuzz-regressions") }
    /// The minimised corpora the fuzz campaigns commit (`make fuzz-campaign`), a folder per target.
    public static var corpusFolder: URL { TestPaths.packageRoot.appendingPathComponent("Tests/Fuzz/corpus") }

    /// The fuzz targets (`Sources/Fuzz`), each a folder name under `folder`.
    public static let targets = ["FuzzJPEG", "FuzzPNG", "FuzzWebP", "FuzzProbe", "FuzzPipelineJSON", "FuzzSidecar", "FuzzHEIF"]

    /// The sub-folders present, sorted.
    public static var presentFolders: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// "target/file" paths (sorted) of the regression inputs of `targets`, relative to `root` (`folder`
    /// or `corpusFolder`).
    public static func files(of targets: [String], in root: URL = folder) -> [String] {
        targets.flatMap { target in
            let dir = root.appendingPathComponent(target)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { !$0.hasPrefix(".") }
            return names.sorted().map { "\(target)/\($0)" }
        }
    }

    public static func bytes(_ relativePath: String, in root: URL = folder) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(relativePath)))
    }
}
