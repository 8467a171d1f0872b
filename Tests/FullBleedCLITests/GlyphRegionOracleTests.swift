import Foundation
import FullBleedTestSupport
import Testing

/// The report's glyph-region luminances agree within 0.005 with an independent
/// measurement of the delivered files. `Tests/Oracles/glyph_region_oracle.py` (numpy + imagecodecs in
/// `.build/hdr-venv`, `make hdr-venv`, a prerequisite of `make test`) decodes every delivered JPEG tier,
/// linearises it, box-reduces it to about one pixel per point and blurs it with a true Gaussian at each
/// region's sigma (SPEC 2.1-2.7), written from the SPEC rather than from our code.
@Suite struct GlyphRegionOracleTests {
    static let python = TestPaths.packageRoot.appendingPathComponent(".build/hdr-venv/bin/python")
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: python.path) }
    static let unavailableMessage = ".build/hdr-venv is missing (run `make hdr-venv`): the glyph-region oracle is not run"
    /// The required agreement, in linear luminance `Y`.
    static let tolerance = 0.005

    struct Oracle: Decodable {
        struct Stats: Decodable { var mean, low, high: Double }
        struct Row: Decodable {
            var file, kind, region: String
            var oracle: Stats
            var report: Stats?
        }
        var rows: [Row]
    }

    /// Builds `inputs` with `--report` and returns the largest |report - oracle| over every plain tier and
    /// region (mean, P0.5, P99.5), with where it happened, and the number of comparisons.
    static func largestDifference(inputs: [String]) throws -> (difference: Double, at: String, count: Int) {
        let out = try TemporaryDirectory("oracle")
        defer { out.remove() }
        let build = try CLIRunner.run(["build"] + inputs + ["--pipeline", "Pipelines/ios-hero.json", "--out", out.path,
                                                            "--report", "--quiet"])
        #expect(build.exitCode == 0, "fullbleed build: \(build.stderr)")
        let result = try CLIRunner.run(executable: python, [TestPaths.packageRoot.appendingPathComponent("Tests/Oracles/glyph_region_oracle.py").path,
                                                            out.path], in: TestPaths.packageRoot)
        #expect(result.exitCode == 0, "oracle: \(result.stderr)")
        let oracle = try JSONDecoder().decode(Oracle.self, from: Data(result.stdout.utf8))
        var worst = (difference: 0.0, at: "", count: 0)
        for row in oracle.rows {
            guard let report = row.report else { continue }
            for (name, a, b) in [("mean", report.mean, row.oracle.mean), ("P0.5", report.low, row.oracle.low),
                                 ("P99.5", report.high, row.oracle.high)] {
                worst.count += 1
                if abs(a - b) > worst.difference { worst = (abs(a - b), "\(row.file) \(row.region) \(name): report \(a), oracle \(b)", worst.count) }
            }
        }
        return worst
    }

    /// The report measures the largest delivered tier (box-reduced to about a pixel per point, as the oracle
    /// does); measured: at most 0.0016 from the oracle on `Samples`, 0.0019 over the whole corpus (every plain
    /// tier, mean, P0.5 and P99.5). When it measured its own @1x Lanczos copy the gap was 0.0053 and 0.011.
    @Test(.enabled(if: isAvailable, Comment(rawValue: unavailableMessage)))
    func samplesAgreeWithTheDeliveredFiles() throws {
        let worst = try Self.largestDifference(inputs: ["Samples"])
        #expect(worst.count > 100, "too few comparisons: \(worst.count)")
        #expect(worst.difference <= Self.tolerance, "\(worst.at)")
    }

    @Test(.requiresCorpus, .enabled(if: isAvailable, Comment(rawValue: unavailableMessage)))
    func corpusPhotosAgreeWithTheDeliveredFiles() throws {
        let photos = ["lomiri_aitzgorri_by_Aitzol_Berasategi.jpg", "plasma_ColdRipple.jpg", "mate_LadyBird.jpg", "sk_astronaut.png"]
        let worst = try Self.largestDifference(inputs: photos.map { TestPaths.corpusFile("photos/\($0)").path })
        #expect(worst.count > 50, "too few comparisons: \(worst.count)")
        #expect(worst.difference <= Self.tolerance, "\(worst.at)")
    }
}
