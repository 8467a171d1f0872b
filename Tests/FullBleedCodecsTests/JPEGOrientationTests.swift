import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// EXIF orientation read from APP1 and applied to decoded pixels (synthetic files, no corpus needed).
@Suite struct JPEGOrientationTests {
    @Test(arguments: Orientation.allCases)
    func orientationIsReadAndApplied(orientation: Orientation) throws {
        let plain = try JPEGTestFixtures.syntheticJPEG(width: 48, height: 32)
        let tagged = JPEGTestFixtures.withEXIFOrientation(plain, orientation)
        let stored = try Codecs.decode(plain).image

        let info = try Codecs.probe(tagged)
        #expect(info.orientation == orientation)
        #expect(info.storedSize == PixelSize(width: 48, height: 32))
        #expect(info.size == orientation.displaySize(ofStored: stored.size))

        let upright = try Codecs.decode(tagged)
        #expect(upright.image == stored.applyingOrientation(orientation))
        let unapplied = try Codecs.decode(tagged, options: DecodeOptions(applyOrientation: false))
        #expect(unapplied.image == stored)
        #expect(unapplied.info.orientation == orientation)
    }
}
