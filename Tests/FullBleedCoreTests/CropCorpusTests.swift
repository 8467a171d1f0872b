import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCore

/// Attention crops on real photos whose subject is known (positions read off the pictures, normalised).
@Suite(.enabled(if: TestPaths.hasCorpus, Comment(rawValue: TestPaths.corpusMissingMessage)))
struct CropCorpusTests {
    static func decode(_ file: String) throws -> Image {
        try Codecs.decode(TestPaths.bytes(TestPaths.corpusFile(file)), options: DecodeOptions(minimumSize: PixelSize(width: 600, height: 600))).image
    }

    /// The astronaut portrait, 16:9 under a 116-pt toolbar band of a 400-pt hero, without the face detector
    /// (FullBleedCore links no C; the pipeline passes dlib's head box, SubjectCropTests and
    /// `Tests/Subjects/evaluate.py` cover that path): the salient region is the whole figure, hair to suit,
    /// taller than a 16:9 crop of the square photo, so no crop can hold it; the honest verdict says so.
    @Test func astronautWithoutFacesIsReportedLargerThanTheCrop() throws {
        let image = try Self.decode("photos/sk_astronaut.png")
        let band = DeviceClass.iPhone17Pro.toolbarBandPoints / DeviceClass.iPhone17Pro.heroHeightPoints
        let plan = CropPlanner.plan(image, aspectRatio: 16.0 / 9, toolbarBandFraction: band)
        #expect(plan.mode == .attention)
        let box = try #require(plan.subjectBox)
        #expect(box.height > plan.rect.height, "subject \(box), crop \(plan.rect)")
        #expect(!plan.subjectClearsToolbar)
        #expect(plan.subjectClearsToolbarReason == "subject larger than the crop")
    }

    /// The ladybird (about 70 %, 52 %) on a saturated green meadow: saturation alone would not find it.
    @Test(arguments: [1.0, 16.0 / 9, 0.75])
    func ladybirdIsKept(aspect: Double) throws {
        let image = try Self.decode("photos/mate_LadyBird.jpg")
        let plan = CropPlanner.plan(image, aspectRatio: aspect)
        let bug = PixelRect(x: Int(0.68 * Double(image.width)), y: Int(0.49 * Double(image.height)),
                            width: Int(0.05 * Double(image.width)), height: Int(0.06 * Double(image.height)))
        #expect(plan.rect.contains(bug), "\(plan.rect) misses the ladybird \(bug)")
    }
}
