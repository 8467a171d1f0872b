import Foundation

/// Inputs that fuzzing found (or that were written to pin a hostile case), kept in
/// `Tests/Fixtures/fuzz-regressions/<fuzz target>/` and replayed by the `FuzzRegression` suites.
public enum FuzzRegressions {
    public static var folder: URL { TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/fuzz-regressions") }

    /// The fuzz targets (`Sources/Fuzz`), each a folder name under `folder`.
    public static let targets = ["FuzzJPEG", "FuzzPNG", "FuzzWebP", "FuzzProbe", "FuzzPipelineJSON", "FuzzSidecar", "FuzzHEIF"]

    /// The sub-folders present, sorted.
    public static var presentFolders: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// "target/file" paths (sorted) of the regression inputs of `targets`, relative to `folder`.
    public static func files(of targets: [String]) -> [String] {
        targets.flatMap { target in
            let dir = folder.appendingPathComponent(target)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { !$0.hasPrefix(".") }
            return names.sorted().map { "\(target)/\($0)" }
        }
    }

    public static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(relativePath)))
    }
}
