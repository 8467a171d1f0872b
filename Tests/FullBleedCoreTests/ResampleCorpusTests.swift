import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCore

/// Resampling real photos: accuracy against the double-precision reference, premultiplied alpha on the
/// transparent-edge PNG, and shrink-on-load against a full decode.
@Suite(.enabled(if: TestPaths.hasCorpus, Comment(rawValue: TestPaths.corpusMissingMessage)))
struct ResampleCorpusTests {
    static func decode(_ file: String, minimumSize: PixelSize? = nil) throws -> DecodedImage {
        try Codecs.decode(TestPaths.bytes(TestPaths.corpusFile(file)), options: DecodeOptions(minimumSize: minimumSize))
    }

    /// Reduction factors (and one enlargement) applied to each photo's width and height.
    static let factors = [1.09, 2, 3.3, 7.1, 0.62]

    @Test(arguments: ["photos/sk_retina.jpg", "photos/lomiri_Picture_1A_by_freespace.jpg", "photos/sk_chelsea.png", "photos/mate_LadyBird.jpg"])
    func matchesTheReferenceOnRealPhotos(file: String) throws {
        var image = try Self.decode(file).image
        if image.width > 1400 {
            // Keep the slow reference affordable: the central 1400 px of large photos.
            let rect = PixelRect(x: (image.width - 1400) / 2, y: (image.height - min(image.height, 1000)) / 2,
                                 width: 1400, height: min(image.height, 1000))
            image = image.cropped(to: rect)
        }
        for factor in Self.factors where factor >= 1 || image.width < 600 {
            let size = PixelSize(width: Int((Double(image.width) / factor).rounded()), height: Int((Double(image.height) / factor).rounded()))
            let ours = image.resized(to: size)
            let reference = ReferenceResize.resize(image, to: size)
            let psnr = ImageComparison.psnr(ours, reference)
            #expect(psnr >= 45, "\(file) -> \(size): PSNR \(psnr) dB")
            #expect(ImageComparison.maxAbsoluteDifference(ours, reference) <= 1, "\(file) -> \(size)")
        }
    }

    @Test func transparentEdgesGetNoFringe() throws {
        let image = try Self.decode("edge/rgba_transparent_edges.png").image
        #expect(image.layout == .rgba)
        // The same picture with magenta instead of green under alpha 0.
        var magenta = image
        magenta.withUnsafeMutableSamples(as: UInt8.self) { p in
            for i in stride(from: 0, to: p.count, by: 4) where p[i + 3] == 0 { p[i] = 255; p[i + 1] = 0; p[i + 2] = 255 }
        }
        // A straight-alpha resize (what premultiplication avoids), to show that the check can fail.
        let straight = Image(width: image.width, height: image.height, layout: .rgb,
                             samples: image.samples8.enumerated().filter { $0.offset % 4 != 3 }.map(\.element))
        func greenness(_ s: [UInt8], _ p: Int, _ channels: Int) -> Double {
            Double(s[p * channels + 1]) - (Double(s[p * channels]) + Double(s[p * channels + 2])) / 2
        }
        var controlMargin = -255.0
        for size in [PixelSize(width: 430, height: 287), PixelSize(width: 150, height: 100), PixelSize(width: 900, height: 600)] {
            let out = image.resized(to: size)
            #expect(out == magenta.resized(to: size), "the hidden colour leaked at \(size)")
            let s = out.samples8, naive = straight.resized(to: size).samples8
            // Greenness (G - (R + B) / 2) of the soft edge must stay within that of the opaque content
            // (Lanczos ringing included). Pixels under alpha 8/255 are left out: their colour is a ratio of
            // two tiny sums and invisible.
            var opaque = -255.0, edge = -255.0, naiveEdge = -255.0
            for p in 0..<(size.width * size.height) {
                let alpha = s[p * 4 + 3]
                if alpha == 255 { opaque = max(opaque, greenness(s, p, 4)) }
                if alpha >= 8 && alpha < 255 {
                    edge = max(edge, greenness(s, p, 4))
                    naiveEdge = max(naiveEdge, greenness(naive, p, 3))
                }
            }
            #expect(edge <= opaque + 3, "green fringe at \(size): edge \(edge), opaque content \(opaque)")
            controlMargin = max(controlMargin, naiveEdge - opaque)
        }
        // At the strong reduction the straight-alpha control does show the green fringe.
        #expect(controlMargin > 50, "the straight-alpha control shows no fringe")
    }

    /// Shrink-on-load (JPEG DCT scaling to the smallest decode at least 1.5x the tier) then Lanczos3,
    /// against a full decode then Lanczos3: the 16:9 centre crop at 1290, 860 and 430 px wide.
    @Test(arguments: ["photos/lomiri_Dragonfly_by_Bolly.jpg", "photos/plasma_EveningGlow.jpg", "photos/lomiri_friends_by_Aitzol_Berasategi.jpg"])
    func shrinkOnLoadMatchesAFullDecode(file: String) throws {
        let full = try Self.decode(file).image
        let crop = CropPlanner.plan(full, for: .web16x9, mode: .center)
        var reducedDecodes = 0
        for width in [1290, 860, 430] {
            let target = HeroTarget.web(widths: [width], aspectRatio: 16.0 / 9)
            let plan = try DerivativePlan(target: target, cropSize: crop.rect.size)
            let derivative = try #require(plan.produced.first)
            let reference = full.resized(to: derivative.pixelSize, from: crop.rect)
            // nil: the tier needs the full size (within the 1.5x margin); nothing to compare.
            guard let minimum = plan.minimumDecodeSize(sourceSize: full.size) else { continue }
            let small = try Self.decode(file, minimumSize: minimum)
            if small.loadScale < 1 { reducedDecodes += 1 }
            let smallCrop = crop.scaled(to: small.image.size)
            #expect(smallCrop.rect.width >= derivative.pixelSize.width && smallCrop.rect.height >= derivative.pixelSize.height)
            let fast = small.image.resized(to: derivative.pixelSize, from: smallCrop.rect)
            let psnr = ImageComparison.psnr(fast, reference)
            #expect(psnr >= 40, "\(file) at \(width) (load scale \(small.loadScale)): PSNR \(psnr) dB")
        }
        #expect(reducedDecodes > 0, "no tier of \(file) was decoded at reduced scale")
    }
}
