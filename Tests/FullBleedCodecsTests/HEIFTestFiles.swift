import Foundation
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// Inputs for the HEIF tests: the committed fixtures in `Tests/Fixtures/heif` (made by
/// `HEIFFixtureWriterTests` with libheif's own encoders) and small synthetic images.
enum HEIFTestFiles {
    static var fixtures: URL { TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/heif") }

    static func fixture(_ name: String) throws -> [UInt8] { try TestPaths.bytes(fixtures.appendingPathComponent(name)) }

    /// 64x48 stored, asymmetric: a red block in the top-left corner on a gradient, so any turn or mirror shows.
    static let asymmetric = SyntheticImages.rgb8(width: 64, height: 48) { x, y, c in
        if x < 16 && y < 12 { return [230, 20, 20][c] }
        return UInt8((x * 3 + y * 2 + c * 60) % 200 + 30)
    }

    /// RGBA with a transparent left quarter, a half-transparent band and an opaque rest.
    static let translucent = SyntheticImages.rgba8(width: 64, height: 48) { x, y, c in
        if c == 3 { return x < 16 ? 0 : (x < 32 ? 128 : 255) }
        return UInt8((x * 4 + y * 3 + c * 70) % 256)
    }

    /// A 16-bit RGB gradient (10-bit files must keep more than 256 levels).
    static let deepGradient: Image = {
        let width = 128, height = 32
        var samples = [UInt16](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<3 { samples[(y * width + x) * 3 + c] = UInt16((x * 512 + y * 64 + c * 8000) % 65536) }
            }
        }
        return Image(width: width, height: height, layout: .rgb, samples16: samples)
    }()

    /// A file made by libheif's encoder through the internal request (HEVC is for tests only).
    static func encode(_ image: Image, _ compression: HEIFEncodeRequest.Compression, quality: Int = 90, lossless: Bool = false,
                       chroma: AVIFEncodeOptions.ChromaSubsampling = .yuv444, bitDepth: Int = 8, orientation: Orientation = .up) throws -> [UInt8] {
        try HEIFEncoder.encode(image, request: HEIFEncodeRequest(compression: compression, quality: quality, lossless: lossless,
                                                                 chromaSubsampling: chroma, bitDepth: bitDepth, orientation: orientation))
    }

    /// The alpha samples of an RGBA8 image.
    static func alpha(_ image: Image) -> [UInt8] { image.samples8.enumerated().filter { $0.offset % 4 == 3 }.map(\.element) }
}
