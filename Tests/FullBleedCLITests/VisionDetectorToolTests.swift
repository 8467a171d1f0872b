import Foundation
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport
import Testing

/// `Tools/detectors/vision-subjects.swift` cannot run here (Vision is macOS only): it is compiled against a
/// stub of exactly the CoreGraphics, ImageIO and Vision declarations it uses (`Tests/Fixtures/vision-stub`,
/// each signature as Apple documents it), whose `perform` answers canned observations in Vision's
/// coordinates. A wrong label, type or member fails the compile; the run checks the conversion from
/// Vision's lower-left boxes to the protocol's top-left fractions, and a build with the tool as
/// `--detector` checks that FullBleed takes its answer.
@Suite struct VisionDetectorToolTests {
    static let tool = TestPaths.packageRoot.appendingPathComponent("Tools/detectors/vision-subjects.swift").path
    static let stub = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/vision-stub").path

    static func swiftc(_ arguments: [String], in folder: String) throws -> CLIRunner.Result {
        try CLIRunner.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-swift-version", "6", "-warnings-as-errors"] + arguments,
                          in: URL(fileURLWithPath: folder))
    }

    /// The stub modules as static libraries in `folder`.
    static func buildStub(in folder: String) throws {
        for module in ["CoreGraphics", "ImageIO", "Vision"] {
            let built = try swiftc(["-parse-as-library", "-emit-library", "-static", "-emit-module", "-module-name", module, "-I", folder,
                                    "-emit-module-path", folder + "/\(module).swiftmodule", "-o", folder + "/lib\(module).a", stub + "/\(module).swift"],
                                   in: folder)
            try #require(built.exitCode == 0, "stub \(module):\n\(built.stdout)\(built.stderr)")
        }
    }

    @Test func theVisionDetectorCompilesAgainstVisionsSignaturesAndConvertsItsBoxes() throws {
        let tmp = try TemporaryDirectory("vision-tool")
        defer { tmp.remove() }
        try Self.buildStub(in: tmp.path)
        let binary = tmp.path + "/vision-subjects"
        let compiled = try Self.swiftc(["-I", tmp.path, "-L", tmp.path, "-lVision", "-lImageIO", "-lCoreGraphics", "-o", binary, Self.tool], in: tmp.path)
        try #require(compiled.exitCode == 0, "\(compiled.stdout)\(compiled.stderr)")

        // The check can fail: a member Vision does not have does not compile.
        let wrong = try String(contentsOfFile: Self.tool, encoding: .utf8).replacingOccurrences(of: "observation.salientObjects", with: "observation.salientObject")
        try Data(wrong.utf8).write(to: URL(fileURLWithPath: tmp.path + "/wrong.swift"))
        let refused = try Self.swiftc(["-typecheck", "-I", tmp.path, "wrong.swift"], in: tmp.path)
        #expect(refused.exitCode != 0 && refused.stderr.contains("salientObject"), "\(refused.stderr)")

        // A build with the tool as the detector: the canned observations become the recorded boxes, in
        // top-left fractions (a face at Vision's y 0.6...0.9 is at 0.1...0.4 from the top), clipped, the
        // box wholly outside the image dropped.
        let input = tmp.path + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        let photo = Image(width: 900, height: 600, layout: .rgb, samples: [UInt8](repeating: 90, count: 900 * 600 * 3))
        try Data(try Codecs.encode(photo, as: .png(PNGEncodeOptions()))).write(to: URL(fileURLWithPath: input + "/photo.png"))
        let out = tmp.path + "/out"
        let build = try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--quiet",
                                       "--detector", binary, "--detector-name", "vision"])
        try #require(build.exitCode == 0, "\(build.stderr)")
        let asset = (try BuildFixtures.manifest(in: out)["assets"] as! [[String: Any]])[0]
        let detection = try #require(asset["subjectDetection"] as? [String: Any])
        #expect(detection["detector"] as? String == "vision")
        #expect((detection["detectorVersion"] as? String)?.hasPrefix("vision-subjects 1 (macOS ") == true)
        let boxes = (detection["boxes"] as! [[String: Any]]).map { box in
            [box["kind"] as! String] + ["confidence", "x", "y", "width", "height"].map { String(box[$0] as! Double) }
        }
        #expect(boxes == [
            ["face", "0.9", "0.1", "0.1", "0.2", "0.3"],
            ["person", "0.7", "0.05", "0.05", "0.5", "0.95"],
            ["animal", "0.8", "0.6", "0.6", "0.3", "0.3"],
            ["salient", "1.0", "0.5", "0.0", "0.5", "0.5"],
        ])
    }
}
