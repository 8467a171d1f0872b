import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// Replays the image inputs under `Tests/Fixtures/fuzz-regressions/` through the entry point of the fuzz
/// target named by their folder, with the fuzzers' pixel limit: they must not crash, and whatever decodes
/// must respect the limit and match its header. Errors are fine.
@Suite struct FuzzRegressionTests {
    /// `DecodeInvariants.maxPixels` in Sources/Fuzz/FuzzSupport.
    static let maxPixels = 16 << 20
    static let options = DecodeOptions(maxPixels: maxPixels)
    static let imageTargets = ["FuzzJPEG", "FuzzPNG", "FuzzWebP", "FuzzProbe", "FuzzHEIF"]
    static let imageFiles = FuzzRegressions.files(of: imageTargets)

    @Test func everyFolderIsAFuzzTarget() {
        #expect(Set(FuzzRegressions.presentFolders).isSubset(of: FuzzRegressions.targets), "\(FuzzRegressions.presentFolders)")
        #expect(!Self.imageFiles.isEmpty)
    }

    @Test(arguments: imageFiles)
    func replays(_ path: String) throws {
        let bytes = try FuzzRegressions.bytes(path)
        let format: ImageFormat? = switch path.split(separator: "/")[0] {
        case "FuzzJPEG": .jpeg
        case "FuzzPNG": .png
        case "FuzzWebP": .webp
        default: nil
        }
        if format == nil, let info = try? Codecs.probe(bytes, options: Self.options) {
            #expect(Self.withinLimit(info.storedSize), "probe: \(info)")
            #expect(Self.withinLimit(info.size), "probe: \(info)")
        }
        guard format == nil || ImageFormat.sniff(bytes) == format else { return }
        guard let decoded = try? Codecs.decode(bytes, options: Self.options) else { return }
        #expect(Self.withinLimit(decoded.image.size), "decoded \(decoded.image)")
        #expect(decoded.image.size == decoded.info.size, "decoded \(decoded.image), info \(decoded.info)")
    }

    static func withinLimit(_ size: PixelSize) -> Bool {
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        return size.width > 0 && size.height > 0 && !overflow && pixels <= maxPixels
    }
}
