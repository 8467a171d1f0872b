import Foundation

/// Helpers for end-to-end build tests through the `fullbleed` binary.
public enum BuildFixtures {
    public static var smallPipeline: String { TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/pipelines/small.json").path }
    public static var defaultPipeline: String { TestPaths.packageRoot.appendingPathComponent("Pipelines/ios-hero.json").path }

    /// A copy of the pipeline at `path`, written into `folder`, that bakes every top gradient, the strong ones
    /// too (`legibility.maxScrimLightnessChange` 100: no gradient is left to the hard scroll edge for being
    /// unsubtle), for tests of the baker and the tone rule on photos whose gradients are strong. Its path.
    public static func pipelineBakingEveryGradient(_ path: String, in folder: String) throws -> String {
        let source = URL(fileURLWithPath: path)
        guard var pipeline = try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
        }
        var legibility = pipeline["legibility"] as? [String: Any] ?? [:]
        legibility["maxScrimLightnessChange"] = 100
        pipeline["legibility"] = legibility
        pipeline["$schema"] = nil
        let name = source.deletingPathExtension().lastPathComponent + "-every-gradient.json"
        let copy = URL(fileURLWithPath: folder).appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: pipeline, options: [.sortedKeys]).write(to: copy)
        return copy.path
    }

    /// Copies the named files from `Samples/` into `folder` (created if needed).
    public static func copySamples(_ names: [String], to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(atPath: TestPaths.samples.appendingPathComponent(name).path, toPath: folder + "/" + name)
        }
    }

    /// Writes the first `fraction` of a sample JPEG to `path`: a bad photo that fails its decode with
    /// `decode failed (jpeg): Premature end of JPEG file` (a different fraction gives different bytes).
    public static func writeTruncatedJPEG(to path: String, fraction: Int = 3) throws {
        let whole = try Data(contentsOf: TestPaths.samples.appendingPathComponent("lomiri_Bridge_by_Sander_Klootwijk.jpg"))
        try whole.prefix(whole.count / fraction).write(to: URL(fileURLWithPath: path))
    }

    public static let sampleNames = ["lomiri_Picture_0B_by_freespace.jpg", "lomiri_friends_by_Aitzol_Berasategi.jpg", "sk_chelsea.png", "sk_retina.jpg"]

    /// Every file below `folder` (relative path -> bytes), hidden files included.
    public static func snapshot(_ folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [:] }
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + relative))
            }
        }
        return result
    }

    public static func manifest(in folder: String, name: String = "manifest.json") throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) as! [String: Any]
    }

    /// A file's path relative to the output folder, from the manifest JSON: its asset's `folder` plus its `name`.
    public static func path(of file: [String: Any], in asset: [String: Any]) -> String {
        (asset["folder"] as? String ?? "") + (file["name"] as! String)
    }

    /// The picture records of a target in the manifest JSON, each tier's nested `scrim` as a record of its own
    /// (with the tier's `width` and `height`), plain first.
    public static func pictures(of target: [String: Any]) -> [[String: Any]] {
        (target["derivatives"] as? [[String: Any]] ?? []).flatMap { tier -> [[String: Any]] in
            guard var scrim = tier["scrim"] as? [String: Any] else { return [tier] }
            scrim["width"] = tier["width"]
            scrim["height"] = tier["height"]
            return [tier, scrim]
        }
    }
}
