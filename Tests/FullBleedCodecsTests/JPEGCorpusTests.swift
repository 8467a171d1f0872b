import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// The shared corpus's JPEGs: edge cases decode to the catalogued size and colour space.
@Suite(.requiresCorpus) struct JPEGCorpusTests {
    static let edgeJPEGs = TestPaths.corpusFiles("edge").filter { $0.hasSuffix(".jpg") }
    static let photoJPEGs = TestPaths.corpusFiles("photos").filter { $0.hasSuffix(".jpg") }

    func decode(_ relative: String, options: DecodeOptions = DecodeOptions()) throws -> DecodedImage {
        try Codecs.decode(try TestPaths.bytes(TestPaths.corpusFile(relative)), options: options)
    }

    @Test(arguments: edgeJPEGs)
    func edgeJPEGDecodesAtTheCatalogDisplaySize(file: String) throws {
        let decoded = try decode("edge/" + file)
        let entry = try #require(Catalog.entries["edge/" + file], "edge/\(file) missing from CATALOG.tsv")
        let expected = try #require(entry.displaySize)
        #expect(decoded.image.size == PixelSize(width: expected.width, height: expected.height))
        #expect(decoded.info.size == decoded.image.size)
        #expect(decoded.image.format.sampleType == .uint8)
        #expect(decoded.loadScale == 1)
    }

    @Test(arguments: 1...8)
    func everyOrientationGivesTheSameUprightPicture(orientation: Int) throws {
        let reference = try decode("edge/orient_1.jpg").image
        let decoded = try decode("edge/orient_\(orientation).jpg")
        #expect(decoded.info.orientation.rawValue == orientation)
        #expect(decoded.image.size == PixelSize(width: 1200, height: 800))
        let difference = ImageComparison.meanAbsoluteDifference(reference, decoded.image)
        #expect(difference < 3, "orient_\(orientation).jpg differs from orient_1.jpg by \(difference)/255 on average")
    }

    @Test func orientationCanBeLeftUnapplied() throws {
        let decoded = try decode("edge/orient_6.jpg", options: DecodeOptions(applyOrientation: false))
        #expect(decoded.image.size == PixelSize(width: 800, height: 1200))
        #expect(decoded.info.size == PixelSize(width: 1200, height: 800))
        #expect(decoded.info.orientation == .right)
    }

    @Test func portraitPhoneIsUpright() throws {
        let decoded = try decode("edge/orient_6_portrait_phone.jpg")
        #expect(decoded.info.storedSize == PixelSize(width: 1440, height: 960))
        #expect(decoded.info.orientation == .right)
        #expect(decoded.image.size == PixelSize(width: 960, height: 1440))
    }

    @Test func progressiveArithmeticAndGray() throws {
        let progressive = try decode("edge/progressive.jpg")
        #expect(progressive.info.details.contains("progressive"))
        #expect(progressive.image.layout == .rgb)

        let arithmetic = try decode("edge/arithmetic.jpg")
        #expect(arithmetic.info.details.contains("arithmetic"))
        // Both derive from the same photo: arithmetic decoding must give that picture, not garbage.
        let difference = ImageComparison.meanAbsoluteDifference(progressive.image, arithmetic.image)
        #expect(difference < 3, "arithmetic.jpg differs from progressive.jpg by \(difference)/255")

        let gray = try decode("edge/gray.jpg")
        #expect(gray.image.layout == .gray)
        #expect(gray.info.colorModel == "gray")
        #expect(try Codecs.probe(TestPaths.bytes(TestPaths.corpusFile("edge/gray.jpg"))).colorModel == "gray")
    }

    @Test(arguments: [("edge/p3_v4.jpg", ColorSpace.Family.displayP3, 604),
                      ("edge/p3_v2_compact.jpg", .displayP3, 736),
                      ("edge/adobergb.jpg", .adobeRGB, -1)])
    func wideGamutProfilesAreRecognisedAndSurviveARoundTrip(file: String, family: ColorSpace.Family, profileSize: Int) throws {
        let decoded = try decode(file)
        #expect(decoded.image.colorSpace.family == family)
        #expect(decoded.info.colorSpace.family == family)
        #expect(decoded.warnings.isEmpty)
        let original = try #require(decoded.image.colorSpace.icc?.bytes)
        if profileSize > 0 { #expect(original.count == profileSize) }

        let reencoded = try Codecs.encode(decoded.image, as: .jpeg(JPEGEncodeOptions()))
        let again = try Codecs.decode(reencoded)
        #expect(again.image.colorSpace.family == family)
        #expect(again.image.colorSpace.icc?.bytes == original)
    }

    @Test func adobeRGBSignalledOnlyByEXIFIsTreatedAsSRGBWithAWarning() throws {
        let decoded = try decode("edge/adobergb_exif_only_no_icc.jpg")
        #expect(decoded.image.colorSpace == .sRGB)
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.contains("treated as sRGB") == true)
        #expect(decoded.warnings.first?.contains("R03") == true)
    }

    /// Real photos (shrunk on load to about 600x400 or more) re-encoded and decoded again. Measured here
    /// over the 14 corpus photos: q90 4:4:4 gives 35.5...46.9 dB, q82 4:2:0 gives 31.1...43.7 dB; the
    /// bounds leave about 1.5 dB of margin.
    @Test(arguments: photoJPEGs)
    func realPhotoRoundTripStaysWithinTolerance(file: String) throws {
        let source = try decode("photos/" + file, options: DecodeOptions(minimumSize: PixelSize(width: 600, height: 400))).image
        var psnr: [Double] = []
        for options in [JPEGEncodeOptions(quality: 90, chromaSubsampling: .yuv444), JPEGEncodeOptions(quality: 82)] {
            let decoded = try Codecs.decode(try Codecs.encode(source, as: .jpeg(options))).image
            #expect(decoded.size == source.size)
            psnr.append(ImageComparison.psnr(source, decoded))
        }
        #expect(psnr[0] >= 34, "\(file): q90 4:4:4 PSNR \(psnr[0]) dB")
        #expect(psnr[1] >= 30, "\(file): q82 4:2:0 PSNR \(psnr[1]) dB")
        #expect(psnr[0] > psnr[1])
    }

    /// Strict decoding (warnings are errors) must still accept every real photo of the corpus.
    @Test(arguments: photoJPEGs)
    func realPhotosDecodeStrictly(file: String) throws {
        let full = try Codecs.probe(TestPaths.bytes(TestPaths.corpusFile("photos/" + file)))
        let decoded = try decode("photos/" + file, options: DecodeOptions(minimumSize: PixelSize(width: 1, height: 1)))
        #expect(decoded.loadScale == 0.125)
        #expect(decoded.info == full)
        let expected = try #require(Catalog.entries["photos/" + file]?.displaySize)
        #expect(full.size == PixelSize(width: expected.width, height: expected.height))
    }
}
