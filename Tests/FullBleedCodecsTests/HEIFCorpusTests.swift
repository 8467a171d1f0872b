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

    /// A 13.4 MP photo (4224x3168) as HEIC (x265 ultrafast, quality 60: about the bytes per pixel of an
    /// iPhone HEIC) decoded, against the JPEG it came from.
    @Test func twelveMegapixelHEICDecodeCostAgainstJPEG() throws {
        let jpegBytes = try TestPaths.bytes(TestPaths.corpusFile("photos/lomiri_Dragonfly_by_Bolly.jpg"))
        var jpeg: DecodedImage?
        let jpegTime = try Self.seconds { jpeg = try Codecs.decode(jpegBytes) }
        let source = try #require(jpeg).image
        var heic: [UInt8] = []
        let encodeTime = try Self.seconds { heic = try HEIFTestFiles.encode(source, .hevc, quality: 60, chroma: .yuv420) }
        var decoded: DecodedImage?
        let heicTime = try Self.seconds { decoded = try Codecs.decode(heic) }
        let image = try #require(decoded).image
        #expect(image.size == source.size)
        let psnr = ImageComparison.psnr(image, source)
        #expect(psnr > 35)
        print(String(format: "HEIF timing: %dx%d JPEG (%d KB) decode %.3f s; HEIC q60 (%d KB) x265 encode %.2f s, decode %.3f s (%.1fx JPEG), PSNR %.1f dB",
                     source.width, source.height, jpegBytes.count / 1000, jpegTime, heic.count / 1000, encodeTime, heicTime,
                     heicTime / jpegTime, psnr))
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
        print(String(format: "HEIF timing: 1290x726 AVIF q60 speed 6 encode %.2f s, %d KB, PSNR %.1f dB; JPEG q82 %.3f s, %d KB, PSNR %.1f dB; WebP q80 %.3f s, %d KB",
                     avifTime, avif.count / 1000, psnr, jpegTime, jpeg.count / 1000, jpegPSNR, webpTime, webp.count / 1000))
    }
}
