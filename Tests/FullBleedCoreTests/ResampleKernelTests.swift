import Testing
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCore

/// The AVX2 build of the resampler's filter loops (`CFullBleedKernels`) against the portable Swift loops:
/// the same inputs give the same bytes, for every layout (the horizontal AVX2 loop serves 3 and 4
/// channels, the vertical one every layout), float outputs (no quantisation to hide a difference of one
/// ulp) and 8-bit ones, reductions whose neighbouring outputs have equal and unequal tap counts,
/// enlargements, and the vertical-first and horizontal-first orders.
@Suite(.enabled(if: ResampleKernel.best == .avx2, "this CPU has no AVX2: only the portable kernel runs here"))
struct ResampleKernelTests {
    /// Deterministic noise in 0...1 plus a gradient (a xorshift generator seeded per image).
    static func floatImage(width: Int, height: Int, layout: ChannelLayout, seed: UInt64) -> Image {
        var state = seed | 1
        let count = width * height * layout.channelCount
        let samples = (0..<count).map { i -> Float in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let noise = Float(state % 10_000) / 10_000
            return 0.7 * noise + 0.3 * Float(i % (width * layout.channelCount)) / Float(width * layout.channelCount)
        }
        let alpha: AlphaMode = layout.hasAlpha ? .premultiplied : .straight
        var image = Image(width: width, height: height, format: PixelFormat(layout: layout, sampleType: .float32, alphaMode: alpha, transfer: .linear),
                          floatSamples: samples)
        if layout.hasAlpha {
            // Premultiplied: colour at most alpha.
            let channels = layout.channelCount
            var values = image.floatSamples
            for p in stride(from: 0, to: values.count, by: channels) {
                for c in 0..<(channels - 1) { values[p + c] = min(values[p + c], values[p + channels - 1]) }
            }
            image = Image(width: width, height: height, format: image.format, floatSamples: values)
        }
        return image
    }

    static func bytes(_ image: Image) -> [UInt8] { image.withUnsafeBytes { Array($0) } }

    struct Case: Sendable, CustomStringConvertible {
        var layout: ChannelLayout
        var source: PixelSize
        var output: PixelSize
        var description: String { "\(layout) \(source) -> \(output)" }
    }

    static let cases: [Case] = [ChannelLayout.rgb, .rgba, .gray, .grayAlpha].flatMap { layout in
        [
            Case(layout: layout, source: PixelSize(width: 1291, height: 727), output: PixelSize(width: 430, height: 242)),   // 3.0x
            Case(layout: layout, source: PixelSize(width: 1000, height: 700), output: PixelSize(width: 297, height: 211)),   // 3.37x, mixed tap counts
            Case(layout: layout, source: PixelSize(width: 911, height: 613), output: PixelSize(width: 127, height: 83)),     // 7.2x
            Case(layout: layout, source: PixelSize(width: 640, height: 480), output: PixelSize(width: 587, height: 440)),    // 1.09x
            Case(layout: layout, source: PixelSize(width: 301, height: 199), output: PixelSize(width: 517, height: 199)),    // enlarge across only
            Case(layout: layout, source: PixelSize(width: 201, height: 150), output: PixelSize(width: 333, height: 260)),    // enlarge both
            Case(layout: layout, source: PixelSize(width: 97, height: 61), output: PixelSize(width: 3, height: 2)),          // tiny
        ]
    }

    @Test(arguments: cases)
    func avx2GivesTheSameFloatBytesAsThePortableLoops(_ c: Case) {
        let image = Self.floatImage(width: c.source.width, height: c.source.height, layout: c.layout,
                                    seed: UInt64(c.source.width * 7919 + c.output.width))
        for filter in [ResampleFilter.lanczos3, .mitchell] {
            let options = ResampleOptions(filter: filter, space: .linear, parallel: false)
            let portable = image.resized(to: c.output, options: options, kernel: .portable)
            let avx2 = image.resized(to: c.output, options: options, kernel: .avx2)
            #expect(portable.size == c.output)
            #expect(Self.bytes(avx2) == Self.bytes(portable), "\(c) \(filter)")
        }
    }

    @Test func avx2GivesTheSameEightBitBytesOnAPhotoLikePicture() {
        let image = SyntheticImages.photoLike(width: 1603, height: 1101)
        for output in [PixelSize(width: 1290, height: 726), PixelSize(width: 430, height: 242), PixelSize(width: 2000, height: 1400)] {
            for space in [ResampleOptions.Space.linear, .sRGB] {
                let options = ResampleOptions(space: space)
                #expect(Self.bytes(image.resized(to: output, options: options, kernel: .avx2))
                        == Self.bytes(image.resized(to: output, options: options, kernel: .portable)), "\(output) \(space)")
            }
        }
    }

    @Test func theAutomaticChoiceIsAVX2OnThisCPU() {
        #expect(ResampleKernel.available == [.portable, .avx2])
        let image = SyntheticImages.photoLike(width: 400, height: 300)
        #expect(Self.bytes(image.resized(to: PixelSize(width: 123, height: 77)))
                == Self.bytes(image.resized(to: PixelSize(width: 123, height: 77), kernel: .avx2)))
    }
}
