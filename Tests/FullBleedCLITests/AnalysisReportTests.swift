import Foundation
import Testing
import FullBleedTestSupport

/// `--report`: the lean manifest names each photo's analysis report; both validate against their schemas;
/// turning reports on rebuilds only to make them, turning them off rebuilds nothing and removes them.
@Suite struct AnalysisReportTests {
    static let manifestSchema = TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/manifest.schema.json")
    static let reportSchema = TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/analysis.schema.json")

    /// The report paths the manifest lists, relative to the output folder.
    static func reportPaths(_ manifest: [String: Any]) -> [String] {
        (manifest["assets"] as! [[String: Any]]).compactMap { asset in (asset["report"] as? [String: Any]).map { BuildFixtures.path(of: $0, in: asset) } }
    }

    @Test func reportsValidateAndFollowTheFlag() throws {
        let tmp = try TemporaryDirectory("report")
        defer { tmp.remove() }
        let out = tmp.path + "/heroes"
        let build = { (extra: [String]) throws -> CLIRunner.Result in
            try CLIRunner.run(["build", "Samples", "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--json"] + extra)
        }
        func builtCount(_ result: CLIRunner.Result) -> Int {
            result.stdout.split(separator: "\n").count { $0.contains("\"event\":\"asset\"") && ($0.contains("\"status\":\"built\"") || $0.contains("\"status\":\"partial\"")) }
        }

        let first = try build(["--report"])
        try #require(first.exitCode == 0, "\(first.stderr)")
        let manifest = try BuildFixtures.manifest(in: out)
        #expect(try JSONSchemaValidator(schemaAt: Self.manifestSchema).validate(manifest) == [])
        let reports = Self.reportPaths(manifest)
        let assets = manifest["assets"] as! [[String: Any]]
        #expect(reports.count == assets.count && !reports.isEmpty)
        let reportValidator = try JSONSchemaValidator(schemaAt: Self.reportSchema)
        for (asset, path) in zip(assets, reports) {
            #expect(path == (asset["key"] as! String) + "/analysis.json")
            let data = try Data(contentsOf: URL(fileURLWithPath: out + "/" + path))
            let report = try JSONSerialization.jsonObject(with: data) as! [String: Any]
            #expect(reportValidator.validate(report) == [], "\(path)")
            #expect(report["key"] as? String == asset["key"] as? String)
            // The manifest's record of the report is true of the file.
            let record = asset["report"] as! [String: Any]
            #expect(record["bytes"] as? Int == data.count && record["mimeType"] as? String == "application/json")
            #expect(record["sha256"] == nil)
            // The regions are in the report, not in the manifest.
            let targets = report["targets"] as! [[String: Any]]
            #expect(targets.contains { (($0["legibility"] as? [String: Any])?["regions"] as? [Any])?.isEmpty == false })
        }
        #expect(!String(decoding: try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")), as: UTF8.self).contains("\"regions\""))

        // Off: nothing rebuilt, the reports are stale outputs and go.
        let off = try build([])
        #expect(off.exitCode == 0 && builtCount(off) == 0, "\(off.stdout)")
        #expect(Self.reportPaths(try BuildFixtures.manifest(in: out)).isEmpty)
        for path in reports { #expect(!FileManager.default.fileExists(atPath: out + "/" + path), "\(path)") }

        // On again: the photos are rebuilt to measure them, and the files are byte-identical to the first ones.
        let again = try build(["--report"])
        #expect(again.exitCode == 0 && builtCount(again) == assets.count, "\(again.stdout)")
        #expect(Self.reportPaths(try BuildFixtures.manifest(in: out)) == reports)
        // --check with --report: every report is there, nothing is stale.
        let check = try CLIRunner.run(["build", "Samples", "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--check", "--report"])
        #expect(check.exitCode == 0, "\(check.stdout)\(check.stderr)")
    }

    /// `inspect --report` prints the same report a build writes.
    @Test func inspectPrintsTheReport() throws {
        let tmp = try TemporaryDirectory("report-inspect")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: tmp.path + "/in")
        let build = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/out", "--quiet", "--report"])
        try #require(build.exitCode == 0, "\(build.stderr)")
        let written = try String(contentsOfFile: tmp.path + "/out/sk_retina-jpg/analysis.json", encoding: .utf8)
        let inspect = try CLIRunner.run(["inspect", "sk_retina.jpg", "--pipeline", BuildFixtures.smallPipeline, "--report"],
                                        in: URL(fileURLWithPath: tmp.path + "/in"))
        #expect(inspect.exitCode == 0, "\(inspect.stderr)")
        #expect(inspect.stdout == written)
    }
}
