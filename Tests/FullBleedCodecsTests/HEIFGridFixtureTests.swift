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

    /// Rewrites the fixture; runs only with FULLBLEED_WRITE_HEIF_FIXTURES=1.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[HEIFFixtureTests.writeVariable] == "1",
                   "set FULLBLEED_WRITE_HEIF_FIXTURES=1 to rewrite Tests/Fixtures/heif"))
    func writeFixture() throws {
        try Data(try Self.makeFixture()).write(to: HEIFTestFiles.fixtures.appendingPathComponent(Self.name))
    }
}
