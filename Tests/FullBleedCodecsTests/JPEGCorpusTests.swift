import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// The shared corpus's JPEGs: edge cases decode to the catalogued size and colour space.
@Suite(.requiresJPEGCorpus) struct JPEGCorpusTests {
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

    /// Mean R, G, B (0...255) of `convert cmyk_noicc.jpg -colorspace sRGB` measured once with ImageMagick
    /// 6.9.11-60 Q16 (`-format "%[fx:mean.r*255] %[fx:mean.g*255] %[fx:mean.b*255]" info:`): 115.692,
    /// 124.746, 159.856; cmyk_icc.jpg gives the same numbers (ImageMagick does not apply the CMYK profile
    /// without -profile either). An inverted decode would average about (139, 130, 95).
    static let imageMagickCMYKMeans: [Double] = [115.692, 124.746, 159.856]

    @Test(arguments: ["edge/cmyk_noicc.jpg", "edge/cmyk_icc.jpg"])
    func cmykIsConvertedWithoutInversion(file: String) throws {
        let decoded = try decode(file)
        #expect(decoded.info.colorModel == "ycck")
        #expect(decoded.image.format == .rgb8)
        #expect(decoded.image.colorSpace == .sRGB)
        #expect(decoded.warnings.contains { $0.contains("CMYK") && $0.contains("formula") })
        let means = ImageComparison.channelMeans(decoded.image)
        for (mean, reference) in zip(means, Self.imageMagickCMYKMeans) {
            #expect(abs(mean - reference) < 3, "\(file): means \(means), ImageMagick \(Self.imageMagickCMYKMeans)")
        }
    }

    @Test func cmykFilesAgreeAndTheProfileIsReportedNotApplied() throws {
        let withProfile = try decode("edge/cmyk_icc.jpg")
        let withoutProfile = try decode("edge/cmyk_noicc.jpg")
        #expect(ImageComparison.meanAbsoluteDifference(withProfile.image, withoutProfile.image) < 4)
        #expect(withProfile.info.colorSpace.icc?.dataColorSpace == "CMYK")
        #expect(withProfile.warnings.contains { $0.contains("not applied") })
        #expect(withoutProfile.info.colorSpace == .sRGB)
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
