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
        Self.check(try FuzzRegressions.bytes(path), path: path)
    }

    /// Every input of the committed fuzz corpora (the inputs that reached new code in a campaign) goes
    /// through the same checks: the corpora double as a regression set for the decoders.
    @Test func replaysTheCommittedCorpora() throws {
        let files = FuzzRegressions.files(of: Self.imageTargets, in: FuzzRegressions.corpusFolder)
        #expect(files.count >= 100, "the committed corpora hold \(files.count) inputs")
        for path in files { Self.check(try FuzzRegressions.bytes(path, in: FuzzRegressions.corpusFolder), path: path) }
    }

    /// The fuzz target's checks on one input, `path` being "target/file": no crash, and what decodes
    /// respects the pixel limit and matches its header (errors are fine).
    static func check(_ bytes: [UInt8], path: String) {
        let format: ImageFormat? = switch path.split(separator: "/")[0] {
        case "FuzzJPEG": .jpeg
        case "FuzzPNG": .png
        case "FuzzWebP": .webp
        default: nil
        }
        if format == nil, let info = try? Codecs.probe(bytes, options: Self.options) {
            #expect(Self.withinLimit(info.storedSize), "\(path): probe: \(info)")
            #expect(Self.withinLimit(info.size), "\(path): probe: \(info)")
        }
        guard format == nil || ImageFormat.sniff(bytes) == format else { return }
        guard let decoded = try? Codecs.decode(bytes, options: Self.options) else { return }
        #expect(Self.withinLimit(decoded.image.size), "\(path): decoded \(decoded.image)")
        #expect(decoded.image.size == decoded.info.size, "\(path): decoded \(decoded.image), info \(decoded.info)")
    }

    static func withinLimit(_ size: PixelSize) -> Bool {
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        return size.width > 0 && size.height > 0 && !overflow && pixels <= maxPixels
    }
}
