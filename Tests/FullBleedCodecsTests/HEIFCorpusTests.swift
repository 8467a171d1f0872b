import Foundation
import Testing
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// HEIC and AVIF made in the test from corpus photos with libheif's encoders, and what decoding costs
/// compared with JPEG. Timings are printed (run in release: `swift test -c release --filter HEIFCorpusTests`).
@Suite(.requiresCorpus, .serialized) struct HEIFCorpusTests {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The iPhone case: a Display P3 photo stored sideways with `irot`, its ICC profile in `colr`.
    @Test(arguments: [HEIFEncodeRequest.Compression.hevc, .av1])
    func displayP3PhotoWithRotationRoundTrips(compression: HEIFEncodeRequest.Compression) throws {
        let jpeg = try Codecs.decode(try TestPaths.bytes(TestPaths.corpusFile("edge/p3_v4.jpg"))).image
        let bytes = try HEIFTestFiles.encode(jpeg, compression, quality: 85, chroma: .yuv420, orientation: .right)
        let info = try Codecs.probe(bytes)
        #expect(info.format == (compression == .hevc ? .heic : .avif))
        #expect(info.size == PixelSize(width: 1000, height: 1600))
        #expect(info.colorSpace.family == .displayP3)
        let decoded = try Codecs.decode(bytes)
        #expect(decoded.image.colorSpace.icc?.bytes == jpeg.colorSpace.icc?.bytes)
        #expect(ImageComparison.psnr(decoded.image, jpeg.applyingOrientation(.right)) > 35)
        // The decoded HEIF re-encodes to AVIF with the same profile.
        let avif = try Codecs.probe(try Codecs.encode(decoded.image, as: .avif(AVIFEncodeOptions(speed: 9))))
        #expect(avif.colorSpace.icc?.bytes == jpeg.colorSpace.icc?.bytes)
    }

    /// Median of `runs` timings of `body`, seconds.
    static func medianSeconds(runs: Int = TimingTests.runs(5), _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs { times.append(try seconds(body)) }
        return times.sorted()[runs / 2]
    }

    /// What an iPhone's 12 MP HEIC costs to decode against a JPEG of the same pixels: the 4032x3024
    /// centre of a corpus photo as HEIC (x265 ultrafast, quality 60, 4:2:0: about the bytes per pixel of
    /// an iPhone HEIC) and as a baseline quality-90 JPEG (what cameras write), each decoded 5 times; medians printed.
    @Test func twelveMegapixelHEICDecodeCostAgainstJPEG() throws {
        let photo = try Codecs.decode(try TestPaths.bytes(TestPaths.corpusFile("photos/lomiri_Dragonfly_by_Bolly.jpg"))).image
        let source = photo.cropped(to: PixelRect(x: (photo.width - 4032) / 2, y: (photo.height - 3024) / 2, width: 4032, height: 3024))
        let jpeg = try Codecs.encode(source, as: .jpeg(JPEGEncodeOptions(quality: 90, progressive: false)))
        let heic = try HEIFTestFiles.encode(source, .hevc, quality: 60, chroma: .yuv420)
        var decoded: DecodedImage?
        let jpegTime = try Self.medianSeconds { decoded = try Codecs.decode(jpeg) }
        let jpegPSNR = ImageComparison.psnr(try #require(decoded).image, source)
        let heicTime = try Self.medianSeconds { decoded = try Codecs.decode(heic) }
        let image = try #require(decoded).image
        #expect(image.size == source.size)
        let psnr = ImageComparison.psnr(image, source)
        #expect(psnr > 35)
        TimingTests.report(String(format: "HEIF timing: 4032x3024 decode, median of 5: JPEG (%d KB, PSNR %.1f dB) %.3f s; HEIC q60 (%d KB, PSNR %.1f dB) %.3f s (%.1fx JPEG)",
                     jpeg.count / 1000, jpegPSNR, jpegTime, heic.count / 1000, psnr, heicTime, heicTime / jpegTime))
    }

    /// The AVIF output a hero pipeline writes: 1290x726 at the default quality and speed.
    @Test func heroSizedAVIFEncodeCost() throws {
        let photo = try Codecs.decode(try TestPaths.bytes(TestPaths.corpusFile("photos/lomiri_Dragonfly_by_Bolly.jpg"))).image
        let hero = photo.cropped(to: PixelRect(x: 1467, y: 1221, width: 1290, height: 726))
        var avif: [UInt8] = []
        let avifTime = try Self.seconds { avif = try Codecs.encode(hero, as: .avif(AVIFEncodeOptions())) }
        var jpeg: [UInt8] = []
        let jpegTime = try Self.seconds { jpeg = try Codecs.encode(hero, as: .jpeg(JPEGEncodeOptions())) }
        var webp: [UInt8] = []
        let webpTime = try Self.seconds { webp = try Codecs.encode(hero, as: .webp(WebPEncodeOptions())) }
        let decoded = try Codecs.decode(avif).image
        let psnr = ImageComparison.psnr(decoded, hero)
        let jpegPSNR = ImageComparison.psnr(try Codecs.decode(jpeg).image, hero)
        #expect(psnr > 30)
        #expect(avif.count < jpeg.count)
        TimingTests.report(String(format: "HEIF timing: 1290x726 AVIF q60 speed 6 encode %.2f s, %d KB, PSNR %.1f dB; JPEG q82 %.3f s, %d KB, PSNR %.1f dB; WebP q80 %.3f s, %d KB",
                     avifTime, avif.count / 1000, psnr, jpegTime, jpeg.count / 1000, jpegPSNR, webpTime, webp.count / 1000))
    }
}
