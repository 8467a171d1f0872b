import Foundation
import Testing
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCore

@Suite struct ResampleTests {
    static let constantCases: [(ChannelLayout, [UInt8])] = [
        (.gray, [93]), (.grayAlpha, [200, 77]), (.rgb, [37, 200, 5]), (.rgba, [250, 3, 128, 180]), (.rgba, [1, 2, 254, 255]),
    ]

    @Test(arguments: constantCases)
    func constantImageStaysExactlyConstant(layout: ChannelLayout, pixel: [UInt8]) {
        let source = Image(width: 53, height: 41, layout: layout,
                           samples: Array((0..<(53 * 41)).map { _ in pixel }.joined()))
        for size in [PixelSize(width: 17, height: 9), PixelSize(width: 120, height: 77), PixelSize(width: 53, height: 13), PixelSize(width: 1, height: 1)] {
            for space in [ResampleOptions.Space.linear, .sRGB] {
                for quantization in [ResampleOptions.Quantization.round, .orderedDither] {
                    let out = source.resized(to: size, options: ResampleOptions(space: space, quantization: quantization))
                    #expect(out.size == size && out.format == source.format)
                    let expected = Array((0..<(size.width * size.height)).map { _ in pixel }.joined())
                    #expect(out.samples8 == expected, "\(layout) \(pixel) -> \(size) \(space) \(quantization)")
                }
            }
        }
    }

    @Test func constantSixteenBitImageStaysExactlyConstant() {
        let pixel: [UInt16] = [12345, 60000, 7, 40000]
        let source = Image(width: 31, height: 29, layout: .rgba, samples16: Array((0..<(31 * 29)).map { _ in pixel }.joined()))
        let out = source.resized(to: PixelSize(width: 11, height: 40))
        #expect(out.format == source.format)
        #expect(out.samples16 == Array((0..<(11 * 40)).map { _ in pixel }.joined()))
    }

    /// 1-px black/white columns reduced 2x: the linear-light mean is code 187.5 -> 188, the
    /// encoded mean 127.5 -> 128 (SPEC 5.3). Interior columns only: the edges see truncated kernels.
    @Test func stripesReduceToTheLinearMean() {
        let stripes = Image(width: 64, height: 8, layout: .gray, samples: (0..<(64 * 8)).map { $0 % 2 == 0 ? 0 : 255 })
        let half = PixelSize(width: 32, height: 8)
        let linear = stripes.resized(to: half).samples8
        let encoded = stripes.resized(to: half, options: ResampleOptions(space: .sRGB)).samples8
        for y in 0..<8 {
            for x in 3..<29 {
                #expect(linear[y * 32 + x] == 188, "linear (\(x), \(y)) = \(linear[y * 32 + x])")
                // 127.5 is a tie: Float rounding of the weights decides between 127 and 128.
                #expect((127...128).contains(encoded[y * 32 + x]), "sRGB (\(x), \(y)) = \(encoded[y * 32 + x])")
            }
        }
    }

    @Test(arguments: [PixelSize(width: 50, height: 33), PixelSize(width: 37, height: 61), PixelSize(width: 170, height: 110), PixelSize(width: 119, height: 80)])
    func matchesTheDoublePrecisionReference(size: PixelSize) {
        let source = SyntheticImages.photoLike(width: 120, height: 80)
        for linear in [true, false] {
            let ours = source.resized(to: size, options: ResampleOptions(space: linear ? .linear : .sRGB))
            let reference = ReferenceResize.resize(source, to: size, linear: linear)
            let psnr = ImageComparison.psnr(ours, reference)
            #expect(psnr >= 55, "\(size) linear \(linear): PSNR \(psnr) dB")
            #expect(ImageComparison.maxAbsoluteDifference(ours, reference) <= 1)
        }
    }

    @Test func alphaMatchesTheReference() {
        let source = SyntheticImages.rgba8(width: 90, height: 60) { x, y, c in
            c == 3 ? UInt8(clamping: (x * 7 + y * 3) % 300) : UInt8((x * (c + 3) + y * 11) % 256)
        }
        let size = PixelSize(width: 41, height: 23)
        let ours = source.resized(to: size)
        let reference = ReferenceResize.resize(source, to: size)
        // Colour of nearly transparent pixels is ill-conditioned (a division by a tiny alpha): compare
        // pixels with alpha >= 8/255 only.
        let a = ours.samples8, b = reference.samples8
        var worst = 0
        for p in 0..<(size.width * size.height) where b[p * 4 + 3] >= 8 {
            for c in 0..<4 { worst = max(worst, abs(Int(a[p * 4 + c]) - Int(b[p * 4 + c]))) }
        }
        #expect(worst <= 1)
    }

    /// The colour under alpha = 0 must not leak into the result (premultiplied resampling).
    @Test func hiddenColourUnderTransparencyHasNoInfluence() {
        func edgeImage(hidden: [UInt8]) -> Image {
            SyntheticImages.rgba8(width: 120, height: 80) { x, y, c in
                let dx = Double(x) - 60, dy = Double(y) - 40
                let r = (dx * dx / (45 * 45) + dy * dy / (28 * 28)).squareRoot()
                let alpha = max(0, min(1, (1.1 - r) / 0.2))   // opaque centre, soft edge, transparent border
                if c == 3 { return UInt8((alpha * 255).rounded()) }
                if alpha == 0 { return hidden[c] }
                return [UInt8(120 + x / 2), UInt8(40 + y / 2), UInt8(60)][c]   // green < red everywhere
            }
        }
        let green = edgeImage(hidden: [0, 255, 0]), magenta = edgeImage(hidden: [255, 0, 255])
        for size in [PixelSize(width: 43, height: 29), PixelSize(width: 180, height: 120)] {
            let a = green.resized(to: size), b = magenta.resized(to: size)
            #expect(a == b, "hidden colour changed the result at \(size)")
            // and no green fringe: every visible pixel has less green than red (the content's hue).
            let s = a.samples8
            for p in 0..<(size.width * size.height) where s[p * 4 + 3] > 0 {
                #expect(s[p * 4 + 1] <= s[p * 4], "green fringe at pixel \(p): \(Array(s[(p * 4)..<(p * 4 + 4)]))")
            }
        }
    }

    /// White content on transparent black: straight-alpha resampling would darken the soft edge.
    @Test func noDarkFringeAroundOpaqueContent() {
        let disc = SyntheticImages.rgba8(width: 96, height: 96) { x, y, c in
            let inside = (x - 48) * (x - 48) + (y - 48) * (y - 48) < 30 * 30
            return inside ? 255 : 0
        }
        for options in [ResampleOptions(), ResampleOptions(space: .sRGB)] {
            let out = disc.resized(to: PixelSize(width: 37, height: 37), options: options).samples8
            for p in 0..<(37 * 37) where out[p * 4 + 3] >= 3 {
                #expect(out[p * 4] >= 254 && out[p * 4 + 1] >= 254 && out[p * 4 + 2] >= 254, "dark fringe at \(p): \(Array(out[(p * 4)..<(p * 4 + 4)]))")
            }
        }
    }

    @Test func parallelAndSerialAreBitIdentical() {
        let source = SyntheticImages.rgba8(width: 301, height: 457) { x, y, c in UInt8((x * 13 + y * 7 + c * 50) % 256) }
        for size in [PixelSize(width: 97, height: 203), PixelSize(width: 350, height: 500)] {
            for quantization in [ResampleOptions.Quantization.round, .orderedDither] {
                let a = source.resized(to: size, options: ResampleOptions(quantization: quantization, parallel: true))
                let b = source.resized(to: size, options: ResampleOptions(quantization: quantization, parallel: false))
                #expect(a == b)
            }
        }
    }

    @Test func sourceRectEqualsCropThenResize() {
        let source = SyntheticImages.photoLike(width: 150, height: 100)
        let rect = PixelRect(x: 23, y: 11, width: 101, height: 57)
        let size = PixelSize(width: 40, height: 22)
        #expect(source.resized(to: size, from: rect) == source.cropped(to: rect).resized(to: size))
    }

    @Test func sameSizeIsACopy() {
        let source = SyntheticImages.photoLike(width: 64, height: 48)
        #expect(source.resized(to: source.size) == source)
        // One axis unchanged: that axis is not filtered, so columns stay columns.
        let columns = Image(width: 8, height: 16, layout: .gray, samples: (0..<128).map { UInt8(($0 % 8) * 30) })
        let squashed = columns.resized(to: PixelSize(width: 8, height: 5))
        #expect(squashed.samples8 == Array((0..<5).map { _ in (0..<8).map { UInt8($0 * 30) } }.joined()))
    }

    @Test func tinySourcesEnlargeWithoutCrashing() {
        // tiny_1x1 and tiny_3x2 from the corpus job: one pixel becomes a flat tier.
        let one = Image(width: 1, height: 1, layout: .rgb, samples: [200, 100, 50])
        let flat = one.resized(to: PixelSize(width: 1290, height: 726))
        #expect(Set(flat.samples8.enumerated().map { "\($0.offset % 3):\($0.element)" }) == ["0:200", "1:100", "2:50"])
        let small = Image(width: 3, height: 2, layout: .rgb, samples: (0..<18).map { UInt8($0 * 14) })
        let out = small.resized(to: PixelSize(width: 430, height: 242))
        #expect(out.size == PixelSize(width: 430, height: 242))
        // The gradient survives: the first pixel is the darkest corner, the last the brightest.
        let samples = out.samples8
        #expect(samples[0] < samples[samples.count - 3] && samples[1] < samples[samples.count - 2])
    }

    @Test func floatPathChainsWithoutRequantising() {
        let source = SyntheticImages.photoLike(width: 90, height: 70)
        let size = PixelSize(width: 45, height: 35)
        let float = source.linearPremultipliedResized(to: size)
        #expect(float.format == PixelFormat(layout: .rgb, sampleType: .float32, alphaMode: .premultiplied, transfer: .linear))
        #expect(ImageComparison.maxAbsoluteDifference(float.encoded(as: .uint8), source.resized(to: size)) <= 1)
        // Float linear premultiplied in -> same format out.
        let again = source.linearPremultiplied().resized(to: size)
        #expect(again.format == source.linearPremultiplied().format)
        #expect(ImageComparison.maxAbsoluteDifference(again, float) < 1e-4)
    }

    @Test func sixteenBitStaysSixteenBitAndMatchesEightBit() {
        let eight = SyntheticImages.photoLike(width: 80, height: 60)
        let sixteen = Image(width: 80, height: 60, layout: .rgb, samples16: eight.samples8.map { UInt16($0) * 257 })
        let size = PixelSize(width: 33, height: 27)
        let out = sixteen.resized(to: size)
        #expect(out.format.sampleType == .uint16)
        let narrowed = out.converted(to: PixelFormat(layout: .rgb, sampleType: .uint8))
        #expect(ImageComparison.maxAbsoluteDifference(narrowed, eight.resized(to: size)) <= 1)
    }

    @Test func ditherKeepsTheMeanAndVariesCodes() {
        // Box-reducing columns 102, 100, 100, 100, 100 by 5 gives exactly 100.4 everywhere (sRGB space):
        // rounding makes every pixel 100; the 8x8 ordered dither makes 26 of 64 pixels 101.
        let source = Image(width: 80, height: 64, layout: .gray, samples: (0..<(80 * 64)).map { $0 % 5 == 0 ? 102 : 100 })
        let size = PixelSize(width: 16, height: 64)
        let rounded = source.resized(to: size, options: ResampleOptions(filter: .box, space: .sRGB)).samples8
        #expect(Set(rounded) == [100])
        let dithered = source.resized(to: size, options: ResampleOptions(filter: .box, space: .sRGB, quantization: .orderedDither)).samples8
        #expect(Set(dithered) == [100, 101])
        #expect(dithered.filter { $0 == 101 }.count == 16 * 64 * 26 / 64)
    }
}
