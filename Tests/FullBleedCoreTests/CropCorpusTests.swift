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

    /// The astronaut portrait, 16:9 under a 116-pt toolbar band of a 400-pt hero: the face (centre at
    /// about 44 %, 21 % of the picture) must be in the crop and below the band (the whole head cannot
    /// clear it: `subjectClearsToolbar` is about the whole box, see SubjectCropTests).
    @Test func astronautsFaceStaysBelowTheToolbar() throws {
        let image = try Self.decode("photos/sk_astronaut.png")
        let band = DeviceClass.iPhone17Pro.toolbarBandPoints / DeviceClass.iPhone17Pro.heroHeightPoints
        let plan = CropPlanner.plan(image, aspectRatio: 16.0 / 9, toolbarBandFraction: band)
        let face = (x: 0.44 * Double(image.width), y: 0.215 * Double(image.height))
        #expect(plan.mode == .attention)
        #expect(Double(plan.rect.x) <= face.x && face.x < Double(plan.rect.maxX))
        let faceInCrop = (face.y - Double(plan.rect.y)) / Double(plan.rect.height)
        #expect(faceInCrop > band && faceInCrop < 1, "face at \(faceInCrop) of the crop height, band \(band)")
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
