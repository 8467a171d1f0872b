import Foundation
import FullBleedTestSupport
import Testing

/// The report's glyph-region luminances agree within 0.005 with an independent measurement of the delivered
/// files, over exactly the rectangle each region names (the pixels whose centres lie in it), and every baked
/// `-scrim` file, as delivered (decoded, the codec's loss included), reaches the contrast target in every
/// region its scrim serves. `Tests/Oracles/glyph_region_oracle.py` (numpy + imagecodecs in
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
            /// On baked tiers, regions served by the scrim: the WCAG contrast of the recommended glyph colour.
            var contrast: Double?
            var contrastTarget: Double?
        }
        var rows: [Row]
    }

    struct Findings {
        /// The largest |report - oracle| over every plain tier and region (mean, P0.5, P99.5), where, and the
        /// number of comparisons.
        var difference = 0.0, at = "", count = 0
        /// Contrast checks on the delivered `-scrim` files, and those below the target.
        var contrastChecks = 0
        var belowTarget: [String] = []
    }

    /// Builds `inputs` with `--report` and runs the oracle over the delivered files. The pipeline is `ios-hero`
    /// baking every gradient (`maxScrimLightnessChange` 100), the strong ones too, so that the contrast of
    /// each gradient the analysis fits is checked on the delivered files.
    static func findings(inputs: [String]) throws -> Findings {
        let out = try TemporaryDirectory("oracle"), config = try TemporaryDirectory("oracle-pipeline")
        defer { out.remove(); config.remove() }
        let pipelinePath = try BuildFixtures.pipelineBakingEveryGradient(BuildFixtures.defaultPipeline, in: config.path)
        let build = try CLIRunner.run(["build"] + inputs + ["--pipeline", pipelinePath, "--out", out.path,
                                                            "--report", "--quiet"])
        #expect(build.exitCode == 0, "fullbleed build: \(build.stderr)")
        let result = try CLIRunner.run(executable: python, [TestPaths.packageRoot.appendingPathComponent("Tests/Oracles/glyph_region_oracle.py").path,
                                                            out.path], in: TestPaths.packageRoot)
        #expect(result.exitCode == 0, "oracle: \(result.stderr)")
        let oracle = try JSONDecoder().decode(Oracle.self, from: Data(result.stdout.utf8))
        var worst = Findings()
        for row in oracle.rows {
            if let contrast = row.contrast, let target = row.contrastTarget {
                worst.contrastChecks += 1
                if contrast < target { worst.belowTarget.append("\(row.file) \(row.region): \(contrast) < \(target)") }
            }
            guard let report = row.report else { continue }
            for (name, a, b) in [("mean", report.mean, row.oracle.mean), ("P0.5", report.low, row.oracle.low),
                                 ("P99.5", report.high, row.oracle.high)] {
                worst.count += 1
                if abs(a - b) > worst.difference { (worst.difference, worst.at) = (abs(a - b), "\(row.file) \(row.region) \(name): report \(a), oracle \(b)") }
            }
        }
        return worst
    }

    /// The report measures the largest delivered tier (box-reduced to about a pixel per point, as the oracle
    /// does) over the rectangle it names: at 1.25 pixels per point a region's points fall between pixels, and
    /// the report names the region as snapped outward to the pixels it measured. When it named the unsnapped
    /// region, the oracle (measuring that named rectangle) differed by up to 0.018 on the corpus photos below.
    @Test(.enabled(if: isAvailable, Comment(rawValue: unavailableMessage)))
    func samplesAgreeWithTheDeliveredFiles() throws {
        let worst = try Self.findings(inputs: ["Samples"])
        #expect(worst.count > 100, "too few comparisons: \(worst.count)")
        #expect(worst.difference <= Self.tolerance, "\(worst.at)")
        #expect(worst.contrastChecks > 20 && worst.belowTarget.isEmpty, "\(worst.contrastChecks) checks: \(worst.belowTarget)")
    }

    @Test(.requiresCorpus, .enabled(if: isAvailable, Comment(rawValue: unavailableMessage)))
    func corpusPhotosAgreeWithTheDeliveredFiles() throws {
        let photos = ["lomiri_aitzgorri_by_Aitzol_Berasategi.jpg", "plasma_ColdRipple.jpg", "mate_LadyBird.jpg", "sk_astronaut.png"]
        let worst = try Self.findings(inputs: photos.map { TestPaths.corpusFile("photos/\($0)").path })
        #expect(worst.count > 50, "too few comparisons: \(worst.count)")
        #expect(worst.difference <= Self.tolerance, "\(worst.at)")
        #expect(worst.contrastChecks > 10 && worst.belowTarget.isEmpty, "\(worst.contrastChecks) checks: \(worst.belowTarget)")
    }
}
