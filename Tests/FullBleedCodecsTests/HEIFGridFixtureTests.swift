import Foundation
import Testing
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// The committed grid fixture `Tests/Fixtures/heif/grid_2x2_orient6_p3.heic`, so the grid decode is
/// tested without the builder: `HEIFGridTests.source` (120x100) as a 2x2 grid of 64x64 HEVC tiles
/// (4:4:4, quality 90), `irot` 270 degrees counter-clockwise (EXIF orientation 6) and nclx Display P3
/// colour (12/13/6) on the grid item. Rewritten by `writeFixture`.
@Suite struct HEIFGridFixtureTests {
    static let name = "grid_2x2_orient6_p3.heic"

    static func makeFixture() throws -> [UInt8] {
        try HEIFGridTests.grid {
            $0.quarterTurnsCounterClockwise = 3
            $0.colour = HEIFGridBuilder.nclxColour(primaries: 12, transfer: 13, matrix: 6)
        }
    }

    @Test func gridFixtureDecodesUprightAndWhole() throws {
        let bytes = try HEIFTestFiles.fixture(Self.name)
        #expect(bytes.count < 16_000)
        let info = try Codecs.probe(bytes)
        #expect(info.format == .heic && info.orientation == .up)
        #expect(info.size == PixelSize(width: 100, height: 120))
        #expect(info.colorSpace == ColorSpace(family: .displayP3))
        let decoded = try Codecs.decode(bytes).image
        #expect(decoded.size == PixelSize(width: 100, height: 120))
        #expect(decoded.colorSpace == ColorSpace(family: .displayP3))
        #expect(ImageComparison.psnr(decoded, HEIFGridTests.source.applyingOrientation(.right)) > 40)
    }

    /// The builder is deterministic: it writes the committed bytes again (x265 at one preset is too).
    @Test func builderReproducesTheFixture() throws {
        let committed = try HEIFTestFiles.fixture(Self.name)
        let rebuilt = try Self.makeFixture()
        #expect(rebuilt.count == committed.count)
    }

    /// The hostile grid pinned for `FuzzHEIF`: a 8000x8000 canvas (64 Mi pixels, over the fuzzers' 16 Mi
    /// limit) behind a 120x100 `ispe`, which libheif would allocate before the canvas check.
    static let hostileRegression = "FuzzHEIF/grid_canvas_8000x8000_behind_ispe_120x100.heic"

    static func makeHostileRegression() throws -> [UInt8] {
        try HEIFGridTests.grid {
            ($0.outputWidth, $0.outputHeight) = (8000, 8000)
            $0.ispe = (120, 100)
        }
    }

    @Test func hostileRegressionIsRefusedByTheCanvasCheck() throws {
        let bytes = try FuzzRegressions.bytes(Self.hostileRegression)
        let error = try #require(throws: CodecError.self) { try Codecs.decode(bytes, options: DecodeOptions(maxPixels: 16 << 20)) }
        #expect(error.reason == .pixelLimitExceeded(width: 8000, height: 8000, limit: 16 << 20))
    }

    /// Rewrites the fixture and the hostile regression; runs only with FULLBLEED_WRITE_HEIF_FIXTURES=1.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[HEIFFixtureTests.writeVariable] == "1",
                   "set FULLBLEED_WRITE_HEIF_FIXTURES=1 to rewrite Tests/Fixtures/heif"))
    func writeFixture() throws {
        try Data(try Self.makeFixture()).write(to: HEIFTestFiles.fixtures.appendingPathComponent(Self.name))
        let regression = FuzzRegressions.folder.appendingPathComponent(Self.hostileRegression)
        try FileManager.default.createDirectory(at: regression.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try Self.makeHostileRegression()).write(to: regression)
    }
}
