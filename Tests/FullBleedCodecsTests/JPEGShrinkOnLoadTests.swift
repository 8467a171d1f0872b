import Testing
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// DCT-domain shrink-on-load: the strongest 1/2, 1/4, 1/8 reduction that still covers `minimumSize`.
@Suite struct JPEGShrinkOnLoadTests {
    struct ScaleCase: Sendable, CustomStringConvertible {
        var display: PixelSize
        var minimum: PixelSize?
        var denominator: Int
        var description: String { "\(display) needing \(minimum.map(\.description) ?? "nil") -> 1/\(denominator)" }
    }

    static let scaleCases: [ScaleCase] = [
        ScaleCase(display: PixelSize(width: 8000, height: 6000), minimum: nil, denominator: 1),
        ScaleCase(display: PixelSize(width: 8000, height: 6000), minimum: PixelSize(width: 1290, height: 726), denominator: 4),
        ScaleCase(display: PixelSize(width: 8000, height: 6000), minimum: PixelSize(width: 1000, height: 750), denominator: 8),
        ScaleCase(display: PixelSize(width: 8000, height: 6000), minimum: PixelSize(width: 1001, height: 10), denominator: 4),
        ScaleCase(display: PixelSize(width: 8000, height: 6000), minimum: PixelSize(width: 4000, height: 3001), denominator: 1),
        ScaleCase(display: PixelSize(width: 8000, height: 6000), minimum: PixelSize(width: 9000, height: 10), denominator: 1),
        // Scaled sides round up: 1001/8 -> 126, 751/8 -> 94.
        ScaleCase(display: PixelSize(width: 1001, height: 751), minimum: PixelSize(width: 126, height: 94), denominator: 8),
        ScaleCase(display: PixelSize(width: 1001, height: 751), minimum: PixelSize(width: 127, height: 94), denominator: 4),
        ScaleCase(display: PixelSize(width: 1, height: 1), minimum: PixelSize(width: 1, height: 1), denominator: 8),
    ]

    @Test(arguments: scaleCases)
    func denominatorIsTheStrongestThatCovers(scaleCase: ScaleCase) {
        #expect(JPEGLoadScale.denominator(displaySize: scaleCase.display, minimumSize: scaleCase.minimum) == scaleCase.denominator)
    }

    @Test(arguments: [(PixelSize(width: 100, height: 100), 0.25, PixelSize(width: 160, height: 120)),
                      (PixelSize(width: 80, height: 60), 0.125, PixelSize(width: 80, height: 60)),
                      (PixelSize(width: 161, height: 1), 0.5, PixelSize(width: 320, height: 240)),
                      (PixelSize(width: 640, height: 481), 1.0, PixelSize(width: 640, height: 480))])
    func decodeReportsScaleAndSize(minimum: PixelSize, scale: Double, size: PixelSize) throws {
        let bytes = try JPEGTestFixtures.syntheticJPEG(width: 640, height: 480)
        let decoded = try Codecs.decode(bytes, options: DecodeOptions(minimumSize: minimum))
        #expect(decoded.loadScale == scale)
        #expect(decoded.image.size == size)
        #expect(decoded.info.size == PixelSize(width: 640, height: 480))
        #expect(decoded.info.storedSize == PixelSize(width: 640, height: 480))
    }

    @Test func scaledDecodeShowsTheSamePicture() throws {
        let bytes = try JPEGTestFixtures.syntheticJPEG(width: 640, height: 480)
        let full = try Codecs.decode(bytes).image
        let eighth = try Codecs.decode(bytes, options: DecodeOptions(minimumSize: PixelSize(width: 1, height: 1))).image
        #expect(eighth.size == PixelSize(width: 80, height: 60))
        for (a, b) in zip(ImageComparison.channelMeans(full), ImageComparison.channelMeans(eighth)) {
            #expect(abs(a - b) < 2)
        }
    }

    @Test func orientationSixSwapsTheSidesTheMinimumIsComparedWith() throws {
        // Stored 640x480 landscape, EXIF orientation 6: displayed 480x640 portrait.
        let bytes = JPEGTestFixtures.withEXIFOrientation(try JPEGTestFixtures.syntheticJPEG(width: 640, height: 480), .right)
        let portrait = try Codecs.decode(bytes, options: DecodeOptions(minimumSize: PixelSize(width: 120, height: 160)))
        #expect(portrait.loadScale == 0.25)
        #expect(portrait.image.size == PixelSize(width: 120, height: 160))

        // 160 wide is covered by the stored width at 1/4 but not by the displayed width (120): 1/2.
        let landscapeNeed = try Codecs.decode(bytes, options: DecodeOptions(minimumSize: PixelSize(width: 160, height: 120)))
        #expect(landscapeNeed.loadScale == 0.5)
        #expect(landscapeNeed.image.size == PixelSize(width: 240, height: 320))
        #expect(landscapeNeed.info.size == PixelSize(width: 480, height: 640))

        let stored = try Codecs.decode(bytes, options: DecodeOptions(applyOrientation: false, minimumSize: PixelSize(width: 160, height: 120)))
        #expect(stored.loadScale == 0.5)
        #expect(stored.image.size == PixelSize(width: 320, height: 240))
    }

    @Test(.requiresJPEGCorpus)
    func portraitPhoneShrinksInDisplayOrientation() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("edge/orient_6_portrait_phone.jpg"))
        let half = try Codecs.decode(bytes, options: DecodeOptions(minimumSize: PixelSize(width: 480, height: 720)))
        #expect(half.loadScale == 0.5)
        #expect(half.image.size == PixelSize(width: 480, height: 720))
        let full = try Codecs.decode(bytes, options: DecodeOptions(minimumSize: PixelSize(width: 720, height: 480)))
        #expect(full.loadScale == 1)
        #expect(full.image.size == PixelSize(width: 960, height: 1440))
    }
}
