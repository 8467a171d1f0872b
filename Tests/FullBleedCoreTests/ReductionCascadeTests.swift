import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCore

@Suite struct ReductionCascadeTests {
    /// A photo-like image with fine detail in a region that is cropped.
    static let source = SyntheticImages.rgb8(width: 900, height: 700) { x, y, c in
        let fine = (x / 3 + y / 5 + c) % 2 == 0 ? 40 : 0
        let smooth = (x * (c + 2) + y * 3) % 200
        return UInt8(min(255, smooth + fine))
    }
    static let region = PixelRect(x: 50, y: 120, width: 800, height: 450)

    @Test func smallerSizesComeFromLargeEnoughPictures() {
        var cascade = ReductionCascade(source: Self.source, region: Self.region, options: ResampleOptions())
        _ = cascade.picture(size: PixelSize(width: 600, height: 338))
        // 600 / 1.5 = 400: 400 wide comes from the 600 picture, 401 wide does not.
        #expect(cascade.bestSource(for: PixelSize(width: 400, height: 225))?.width == 600)
        #expect(cascade.bestSource(for: PixelSize(width: 401, height: 226)) == nil)
        _ = cascade.picture(size: PixelSize(width: 400, height: 225))
        // The smallest adequate picture is chosen.
        #expect(cascade.bestSource(for: PixelSize(width: 200, height: 113))?.width == 400)
        // keep: false leaves the pool unchanged.
        _ = cascade.picture(size: PixelSize(width: 100, height: 56), keep: false)
        #expect(cascade.pictures.map(\.width) == [600, 400])
    }

    @Test func cascadedReductionsMatchDirectOnes() {
        var cascade = ReductionCascade(source: Self.source, region: Self.region, options: ResampleOptions())
        for size in [PixelSize(width: 600, height: 338), PixelSize(width: 400, height: 225), PixelSize(width: 200, height: 113)] {
            let cascaded = cascade.picture(size: size)
            let direct = Self.source.resized(to: size, from: Self.region)
            #expect(cascaded.size == size)
            let psnr = ImageComparison.psnr(cascaded, direct)
            // Stripes of 2-3 pixels next to the new Nyquist limit: the hardest case (38.8 dB measured).
            #expect(psnr > 35, "\(size): PSNR \(psnr) dB against the direct reduction")
        }
    }

    @Test func firstPictureIsExactlyTheDirectReduction() {
        var cascade = ReductionCascade(source: Self.source, region: Self.region, options: ResampleOptions())
        let size = PixelSize(width: 333, height: 187)
        #expect(cascade.picture(size: size).samples8 == Self.source.resized(to: size, from: Self.region).samples8)
    }

    /// The hero tiers of a real photo (the bench job: 16:9 crop, 1290/860/430 wide).
    @Test(.enabled(if: TestPaths.hasCorpus, Comment(rawValue: TestPaths.corpusMissingMessage)),
          arguments: ["photos/mate_LadyBird.jpg", "photos/lomiri_Bridge_by_Sander_Klootwijk.jpg"])
    func cascadedHeroTiersMatchDirectOnesOnPhotos(file: String) throws {
        let image = try Codecs.decode(TestPaths.bytes(TestPaths.corpusFile(file))).image
        let height = image.width * 9 / 16
        let region = PixelRect(x: 0, y: (image.height - height) / 2, width: image.width, height: height)
        var cascade = ReductionCascade(source: image, region: region, options: ResampleOptions())
        for size in [PixelSize(width: 1290, height: 726), PixelSize(width: 860, height: 484), PixelSize(width: 430, height: 242)] {
            let psnr = ImageComparison.psnr(cascade.picture(size: size), image.resized(to: size, from: region))
            #expect(psnr > 42, "\(file) \(size): PSNR \(psnr) dB against the direct reduction")
        }
    }
}
