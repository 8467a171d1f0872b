import Testing
import FullBleedImage
import FullBleedCore

@Suite struct MirrorPaddingTests {
    @Test func indexDuplicatesTheEdgePixelLikeNumpySymmetric() {
        // numpy.pad(np.arange(3), 7, mode='symmetric') -> positions -7 ... 9
        let expected = [0, 0, 1, 2, 2, 1, 0, /* inside */ 0, 1, 2, /* after */ 2, 1, 0, 0, 1, 2, 2]
        #expect((-7...9).map { MirrorPadding.index($0, count: 3) } == expected)
    }

    @Test(arguments: [1, 2, 5, 16])
    func indexHasPeriodTwiceTheCount(count: Int) {
        for position in -100...100 {
            let m = MirrorPadding.index(position, count: count)
            #expect((0..<count).contains(m))
            #expect(MirrorPadding.index(position + 2 * count, count: count) == m)
            // Symmetric about the half-sample position -0.5: position p and -1-p show the same pixel.
            #expect(MirrorPadding.index(-1 - position, count: count) == m)
        }
    }

    @Test func onePixelLineMirrorsToItself() {
        #expect((-9...9).allSatisfy { MirrorPadding.index($0, count: 1) == 0 })
    }

    @Test func paddedImageKeepsTheOriginalAndMirrorsCorners() {
        let image = Image(width: 3, height: 2, layout: .gray, samples: [1, 2, 3, 4, 5, 6])
        let padded = image.mirrorPadded(left: 2, right: 4, top: 1, bottom: 3)
        #expect(padded.size == PixelSize(width: 9, height: 6))
        #expect(padded.format == image.format)
        let s = padded.samples8
        for y in 0..<6 {
            for x in 0..<9 {
                let sx = MirrorPadding.index(x - 2, count: 3), sy = MirrorPadding.index(y - 1, count: 2)
                #expect(s[y * 9 + x] == image.samples8[sy * 3 + sx], "pixel (\(x), \(y))")
            }
        }
        #expect(padded.cropped(to: PixelRect(x: 2, y: 1, width: 3, height: 2)) == image)
        // The top-left corner is the image mirrored in both axes: (0,0) shows source (1,0).
        #expect(s[0] == 2)
    }

    @Test func paddingWiderThanTheImageRepeatsTheMirrorPeriod() {
        let image = Image(width: 2, height: 1, layout: .rgb, samples16: [100, 200, 300, 400, 500, 600])
        let padded = image.mirrorPadded(left: 5, right: 5, top: 0, bottom: 0)
        #expect(padded.width == 12)
        let red = stride(from: 0, to: 36, by: 3).map { padded.samples16[$0] }
        // x = -5 ... 6 -> source 0 0 1 1 0 | 0 1 | 1 0 0 1 1
        #expect(red == [100, 100, 400, 400, 100, 100, 400, 400, 100, 100, 400, 400])
    }

    @Test func zeroPaddingReturnsTheSameImage() {
        let image = Image(width: 2, height: 2, layout: .gray, samples: [1, 2, 3, 4])
        #expect(image.mirrorPadded(left: 0, right: 0, top: 0, bottom: 0) == image)
    }
}
