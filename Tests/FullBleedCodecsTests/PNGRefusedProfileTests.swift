import Foundation
import Testing
import FullBleedCodecs
import FullBleedTestSupport

/// A PNG whose colour profile libpng refuses is read as sRGB, and the readers say so: the probe (header
/// only) and the decode (the CLI's `probe` and the manifest: `ProbeRefusedProfileTests`).
@Suite struct PNGRefusedProfileTests {
    static let fixture = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/png/refused_iccp.png")
    static let dropped = "profile dropped: the pixels are read as sRGB"

    @Test func probeAndDecodeWarnThatTheProfileIsDropped() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.fixture))
        let info = try Codecs.probe(bytes)
        #expect(info.colorSpace.icc == nil && info.colorSpace.family.rawValue == "srgb")
        #expect(info.warnings.count == 1 && info.warnings[0].hasPrefix("iCCP: profile 'bogus'") && info.warnings[0].contains(Self.dropped),
                "\(info.warnings)")
        let decoded = try Codecs.decode(bytes)
        #expect(decoded.warnings == info.warnings)
        #expect(decoded.image.width == 64 && decoded.image.height == 48)
    }

    /// A profile libpng only warns about (and keeps) is not called dropped.
    @Test func aKeptProfileIsNotCalledDropped() throws {
        let photo = TestPaths.samples.appendingPathComponent("sk_chelsea.png")
        let info = try Codecs.probe([UInt8](try Data(contentsOf: photo)))
        #expect(info.colorSpace.icc != nil)
        #expect(info.warnings == ["iCCP: known incorrect sRGB profile"])
    }
}
