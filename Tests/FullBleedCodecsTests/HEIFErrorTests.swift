import Testing
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// Truncated and corrupt HEIC/AVIF files give typed one-line errors (never a crash); limits are checked first.
@Suite struct HEIFErrorTests {
    static let avif: [UInt8] = (try? Codecs.encode(SyntheticImages.photoLike(width: 64, height: 48), as: .avif(AVIFEncodeOptions()))) ?? []
    static let heic: [UInt8] = (try? HEIFTestFiles.encode(HEIFTestFiles.translucent, .hevc, orientation: .right)) ?? []

    @Test(arguments: ["avif", "heic"])
    func everyTruncationIsATypedErrorOrAnImage(kind: String) throws {
        let file = kind == "avif" ? Self.avif : Self.heic
        try #require(file.count > 200)
        let format: ImageFormat = kind == "avif" ? .avif : .heic
        for length in stride(from: 12, to: file.count, by: max(1, file.count / 97)) {
            let cut = Array(file.prefix(length))
            for stage in [CodecError.Stage.probe, .decode] {
                do {
                    if stage == .probe { _ = try Codecs.probe(cut) } else { _ = try Codecs.decode(cut) }
                } catch let error as CodecError {
                    #expect(error.stage == stage && error.format == format)
                    #expect(!error.description.contains("\n"))
                }
            }
        }
        // A file cut inside the coded data still probes but cannot decode.
        let cut = Array(file.prefix(file.count - 40))
        #expect(throws: CodecError.self) { try Codecs.decode(cut) }
    }

    @Test func corruptBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        for file in [Self.avif, Self.heic] {
            for _ in 0..<60 {
                var damaged = file
                for _ in 0..<4 {
                    damaged[Int.random(in: 16..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                do { _ = try Codecs.decode(damaged) } catch let error as CodecError { #expect(error.stage == .decode) } catch {
                    Issue.record("untyped error \(error)")
                }
            }
        }
    }

    @Test func headerOnlyFileIsCorrupt() throws {
        let error = try #require(throws: CodecError.self) { try Codecs.probe(HEIFSniffingTests.ftyp("heic", ["mif1", "heic"])) }
        #expect(error.format == .heic)
        guard case .corrupt = error.reason else { Issue.record("got \(error)"); return }
        #expect(error.description.hasPrefix("probe failed (heic): "))
    }

    @Test(arguments: [CodecError.Stage.probe, .decode])
    func pixelLimitIsCheckedBeforeDecoding(stage: CodecError.Stage) throws {
        let limits = DecodeOptions(maxPixels: 64 * 48 - 1)
        let error = try #require(throws: CodecError.self) {
            if stage == .probe { _ = try Codecs.probe(Self.avif, options: limits) } else { _ = try Codecs.decode(Self.avif, options: limits) }
        }
        #expect(error.reason == .pixelLimitExceeded(width: 64, height: 48, limit: 64 * 48 - 1))
        #expect(try Codecs.decode(Self.avif, options: DecodeOptions(maxPixels: 64 * 48)).image.size == PixelSize(width: 64, height: 48))
    }

    @Test func libheifSideLimitNeverExceedsItsDefault() {
        #expect(HEIFFile.sideLimit(for: DecodeOptions()) == 32_768)
        #expect(HEIFFile.sideLimit(for: DecodeOptions(maxPixels: 1000)) == 1000)
    }
}
