import Foundation
import Testing
import FullBleedImage
import FullBleedTestSupport
import FullBleedCore
import FullBleedCodecs

/// Reference: the SPEC 1.2 algorithm spelled out with the public building blocks (mirror-pad by
/// E + 3 sigma, blur, crop), to compare the canvas against.
enum ExtensionReference {
    static func canvas(of image: Image, geometry g: ExtensionGeometry, allowsReduction: Bool = false) -> Image {
        let margin = Int((3 * g.sigmaPixels).rounded(.up))
        let padded = image.mirrorPadded(left: g.leadingPixels + margin, right: g.trailingPixels + margin,
                                        top: g.topPixels + margin, bottom: g.bottomPixels + margin)
        let blurred = padded.blurred(sigma: g.sigmaPixels, options: GaussianBlurOptions(allowsReducedResolution: allowsReduction))
        return blurred.cropped(to: PixelRect(origin: margin, margin, size: g.canvasSize))
    }

    /// The largest and mean differences (0...255 scale) over the extension strips of two canvases.
    static func stripDifferences(_ canvas: Image, _ reference: Image, geometry: ExtensionGeometry) -> (max: Double, mean: Double) {
        var largest = 0.0, total = 0.0, count = 0.0
        for edge in geometry.extendedEdges {
            guard let rect = geometry.stripRect(edge) else { continue }
            let a = canvas.cropped(to: rect), b = reference.cropped(to: rect)
            largest = max(largest, ImageComparison.maxAbsoluteDifference(a, b))
            let samples = Double(rect.width * rect.height * a.channelCount)
            total += ImageComparison.meanAbsoluteDifference(a, b) * samples
            count += samples
        }
        return (largest, total / max(1, count))
    }
}

@Suite struct BackgroundExtensionTests {
    static let gradient = SyntheticImages.rgb8(width: 60, height: 40) { x, y, c in UInt8([x * 4, y * 6, 255 - x * 4][c]) }

    static func parameters(edges: [ExtensionEdge] = [.leading, .trailing], length: Double = 10, sigma: Double = 2,
                           feather: Double = 0, fade: ExtensionFade = .none, scale: Double = 2) -> ExtensionParameters {
        ExtensionParameters(edges: edges, lengthPoints: ExtensionLengths(all: length), sigmaPoints: sigma,
                            featherPoints: feather, fade: fade, scale: scale)
    }

    @Test func canvasSizeIsTheImagePlusTheExtensions() throws {
        let image = Self.gradient
        let sides = try BackgroundExtension.canvas(of: image, parameters: Self.parameters())
        #expect(sides.size == PixelSize(width: 60 + 40, height: 40))
        var lengths = ExtensionLengths(all: 0)
        lengths.leading = 7; lengths.top = 3; lengths.bottom = 4.25
        let mixed = ExtensionParameters(edges: [.top, .leading, .bottom, .leading], lengthPoints: lengths, sigmaPoints: 1, scale: 2)
        #expect(mixed.edges == [.leading, .top, .bottom])
        let canvas = try BackgroundExtension.canvas(of: image, parameters: mixed)
        #expect(canvas.size == PixelSize(width: 60 + 14, height: 40 + 6 + 9))
        #expect(canvas.format == image.format && canvas.colorSpace == image.colorSpace)
    }

    static let formats: [(String, Image)] = [
        ("rgb8", gradient),
        ("rgba8", SyntheticImages.rgba8(width: 30, height: 20) { x, y, c in UInt8(c == 3 ? 40 + x * 7 : (x * 9 + y * 5 + c * 60) % 256) }),
        ("gray16", Image(width: 25, height: 12, layout: .gray, samples16: (0..<300).map { UInt16($0 * 211 % 65536) })),
        ("rgba float linear premultiplied", SyntheticImages.rgba8(width: 16, height: 16) { x, y, c in UInt8(c == 3 ? 255 - x * 9 : x * 15 + y) }
            .linearPremultiplied()),
    ]

    @Test(arguments: formats)
    func insideTheOriginalTheCanvasEqualsTheInputExactly(name: String, image: Image) throws {
        let parameters = Self.parameters(edges: ExtensionEdge.allCases, length: 9, sigma: 3,
                                         fade: ExtensionFade(amount: 0.5, tint: .black))
        let geometry = try BackgroundExtension.geometry(of: image, parameters: parameters)
        let canvas = try BackgroundExtension.canvas(of: image, parameters: parameters)
        #expect(canvas.cropped(to: geometry.originalRect) == image, "\(name)")
    }

    @Test func seamContinuesTheEdgeColourOfAGradient() throws {
        let image = Self.gradient
        let parameters = Self.parameters(length: 20, sigma: 3)
        let geometry = try BackgroundExtension.geometry(of: image, parameters: parameters)
        let canvas = try BackgroundExtension.canvas(of: image, parameters: parameters)
        let reference = ExtensionReference.canvas(of: image, geometry: geometry)
        // The extensions are the blurred mirror, nothing else.
        for edge in [ExtensionEdge.leading, .trailing] {
            let rect = try #require(geometry.stripRect(edge))
            #expect(ImageComparison.maxAbsoluteDifference(canvas.cropped(to: rect), reference.cropped(to: rect)) <= 1)
        }
        // At the seam the first extension column continues the edge column: the step is only what blurring
        // the mirrored gradient (V-shaped at the seam) implies, about slope x sigma x sqrt(2/pi) codes
        // (4 codes/px, sigma 6 px), not the 0 <-> 236 jump between the image's own edges.
        let bound = Int((4 * geometry.sigmaPixels * (2 / Double.pi).squareRoot()).rounded(.up)) + 2
        let s = canvas.samples8, width = canvas.width
        for y in [0, 20, 39] {
            let edge = Int(s[(y * width + 40) * 3]), outside = Int(s[(y * width + 39) * 3])
            let expected = Int(reference.samples8[(y * width + 39) * 3])
            #expect(abs(outside - expected) <= 1)
            #expect(abs(outside - edge) <= bound, "row \(y): edge \(edge), first extension column \(outside)")
            let trailingEdge = Int(s[(y * width + 99) * 3]), trailingOutside = Int(s[(y * width + 100) * 3])
            #expect(abs(trailingOutside - trailingEdge) <= bound, "row \(y): edge \(trailingEdge), first extension column \(trailingOutside)")
        }
    }

    @Test func cornersMirrorInBothAxes() throws {
        let image = SyntheticImages.photoLike(width: 24, height: 18)
        let parameters = Self.parameters(edges: ExtensionEdge.allCases, length: 6, sigma: 1.5)
        let geometry = try BackgroundExtension.geometry(of: image, parameters: parameters)
        let canvas = try BackgroundExtension.canvas(of: image, parameters: parameters)
        let reference = ExtensionReference.canvas(of: image, geometry: geometry)
        #expect(ExtensionReference.stripDifferences(canvas, reference, geometry: geometry).max <= 1)
        // Unblurred, the top-left corner shows the image rotated 180 degrees.
        let sharp = try BackgroundExtension.canvas(of: image, parameters: Self.parameters(edges: ExtensionEdge.allCases, length: 6, sigma: 0))
        let corner = sharp.cropped(to: PixelRect(x: 0, y: 0, width: 12, height: 12))
        let expected = image.cropped(to: PixelRect(x: 0, y: 0, width: 12, height: 12)).applyingOrientation(.down)
        #expect(corner == expected)
    }

    @Test func extensionsWiderThanTheImageRepeatTheMirror() throws {
        let image = SyntheticImages.photoLike(width: 10, height: 6)
        let parameters = Self.parameters(edges: ExtensionEdge.allCases, length: 20, sigma: 1)
        let geometry = try BackgroundExtension.geometry(of: image, parameters: parameters)
        let canvas = try BackgroundExtension.canvas(of: image, parameters: parameters)
        #expect(canvas.size == PixelSize(width: 90, height: 86))
        #expect(canvas.cropped(to: geometry.originalRect) == image)
        #expect(ExtensionReference.stripDifferences(canvas, ExtensionReference.canvas(of: image, geometry: geometry), geometry: geometry).max <= 1)
    }

    @Test func onePixelWideImagesExtendToConstantRows() throws {
        let column = SyntheticImages.rgb8(width: 1, height: 12) { _, y, c in UInt8(y * 20 + c * 5) }
        let canvas = try BackgroundExtension.canvas(of: column, parameters: Self.parameters(length: 5, sigma: 1))
        #expect(canvas.size == PixelSize(width: 21, height: 12))
        let blurredColumn = column.blurred(sigma: 2)
        for y in 0..<12 {
            let row = canvas.cropped(to: PixelRect(x: 0, y: y, width: 21, height: 1)).samples8
            #expect(Array(row[30..<33]) == Array(column.samples8[(y * 3)..<(y * 3 + 3)]))
            for x in 0..<21 where x != 10 {
                for c in 0..<3 { #expect(abs(Int(row[x * 3 + c]) - Int(blurredColumn.samples8[y * 3 + c])) <= 1) }
            }
        }
    }

    @Test func reducedResolutionBlurMatchesTheFullResolutionOne() throws {
        // sigma 20 pt x 2 = 40 px: blurred at half resolution, compared with a full-resolution reference.
        let image = SyntheticImages.photoLike(width: 90, height: 60)
        let parameters = Self.parameters(edges: [.leading, .top], length: 40, sigma: 20)
        let geometry = try BackgroundExtension.geometry(of: image, parameters: parameters)
        #expect(geometry.blur.reductionFactor == 2)
        let canvas = try BackgroundExtension.canvas(of: image, parameters: parameters)
        let reference = ExtensionReference.canvas(of: image, geometry: geometry, allowsReduction: false)
        let difference = ExtensionReference.stripDifferences(canvas, reference, geometry: geometry)
        #expect(difference.max <= 2, "max difference \(difference.max)")
        #expect(difference.mean < 0.5, "mean difference \(difference.mean)")
    }

    @Test func stripsAreTheExtensionRegionsOfTheCanvas() throws {
        let image = SyntheticImages.photoLike(width: 30, height: 20)
        let parameters = Self.parameters(edges: ExtensionEdge.allCases, length: 4, sigma: 2, fade: ExtensionFade(amount: 0.3))
        let geometry = try BackgroundExtension.geometry(of: image, parameters: parameters)
        let canvas = try BackgroundExtension.canvas(of: image, parameters: parameters)
        let strips = try BackgroundExtension.strips(of: image, parameters: parameters)
        #expect(Set(strips.keys) == Set(ExtensionEdge.allCases))
        for (edge, strip) in strips {
            let rect = try #require(geometry.stripRect(edge))
            #expect(strip == canvas.cropped(to: rect), "\(edge)")
        }
        #expect(strips[.leading]?.size == PixelSize(width: 8, height: 36))
        #expect(strips[.top]?.size == PixelSize(width: 30, height: 8))
    }

    @Test func featherBlendsOnlyTheBandInsideTheSeam() throws {
        let image = Self.gradient
        let hard = try BackgroundExtension.canvas(of: image, parameters: Self.parameters(length: 10, sigma: 4))
        let parameters = Self.parameters(length: 10, sigma: 4, feather: 3)   // 6 px
        let geometry = try BackgroundExtension.geometry(of: image, parameters: parameters)
        let soft = try BackgroundExtension.canvas(of: image, parameters: parameters)
        let leadingBand = try #require(geometry.featherRect(.leading))
        #expect(leadingBand == PixelRect(x: 20, y: 0, width: 6, height: 40))
        // Beyond the band the original is untouched; the extensions are the same as without feather.
        let untouched = PixelRect(x: 26, y: 0, width: 48, height: 40)
        #expect(soft.cropped(to: untouched) == image.cropped(to: PixelRect(x: 6, y: 0, width: 48, height: 40)))
        #expect(soft.cropped(to: PixelRect(x: 0, y: 0, width: 20, height: 40)) == hard.cropped(to: PixelRect(x: 0, y: 0, width: 20, height: 40)))
        // In the band, the first column moves toward the blurred copy, the last one barely.
        let s = soft.samples8, h = hard.samples8, w = soft.width
        let firstHard = Int(h[(10 * w + 20) * 3]), firstSoft = Int(s[(10 * w + 20) * 3]), blurredSeam = Int(h[(10 * w + 19) * 3])
        #expect(firstSoft != firstHard)
        #expect((min(firstHard, blurredSeam)...max(firstHard, blurredSeam)).contains(firstSoft))
        #expect(abs(Int(s[(10 * w + 25) * 3]) - Int(h[(10 * w + 25) * 3])) <= 1)
    }

    @Test func fadeReachesTheTintAtTheOuterEdge() throws {
        let image = SyntheticImages.rgb8(width: 20, height: 10) { _, _, c in [200, 180, 160][c] }
        let parameters = Self.parameters(edges: [.leading], length: 10, sigma: 1, fade: ExtensionFade(amount: 1, tint: .black))
        let canvas = try BackgroundExtension.canvas(of: image, parameters: parameters).samples8
        let width = 40
        // Outermost column almost black, the column at the seam unchanged.
        #expect(canvas[(5 * width + 0) * 3] < 20)
        #expect(abs(Int(canvas[(5 * width + 19) * 3]) - 200) <= 1)
        let tinted = Self.parameters(edges: [.leading], length: 10, sigma: 1,
                                     fade: ExtensionFade(amount: 1, tint: .color(red: 0, green: 1, blue: 0)))
        let green = try BackgroundExtension.canvas(of: image, parameters: tinted).samples8
        #expect(Array(green[(5 * width) * 3..<(5 * width) * 3 + 3]).elementsEqual([0, 255, 0], by: { abs(Int($0) - Int($1)) <= 12 }))
        // Edge mean of a flat image is its colour: fading changes nothing.
        let mean = Self.parameters(edges: [.leading], length: 10, sigma: 1, fade: ExtensionFade(amount: 1, tint: .edgeMean))
        let unfaded = try BackgroundExtension.canvas(of: image, parameters: Self.parameters(edges: [.leading], length: 10, sigma: 1))
        #expect(ImageComparison.maxAbsoluteDifference(try BackgroundExtension.canvas(of: image, parameters: mean), unfaded) <= 1)
    }

    @Test func transparentEdgesGiveNoDarkOrGreenHalo() throws {
        // Synthetic stand-in for corpus/edge/rgba_transparent_edges.png: opaque centre, soft edge, fully
        // transparent border whose colour samples are pure green.
        let image = SyntheticImages.rgba8(width: 60, height: 40) { x, y, c in
            let border = min(x, y, 59 - x, 39 - y)
            let alpha = border < 6 ? 0 : min(255, (border - 5) * 50)
            if alpha == 0 { return [0, 255, 0, 0][c] }
            return c == 3 ? UInt8(alpha) : [210, 140, 90][c]
        }
        try Self.expectNoHalo(image, colour: [210, 140, 90])
    }

    /// Every extension pixel with any coverage has the centre colour (straight alpha), so no green from the
    /// transparent samples and no darkening from premultiplication errors.
    static func expectNoHalo(_ image: Image, colour: [Int], tolerance: Int = 1) throws {
        let parameters = parameters(edges: ExtensionEdge.allCases, length: 12, sigma: 4)
        let strips = try BackgroundExtension.strips(of: image, parameters: parameters)
        var covered = 0
        for (edge, strip) in strips {
            let s = strip.samples8
            for p in stride(from: 0, to: s.count, by: 4) where s[p + 3] > 0 {
                covered += 1
                let ok = (0..<3).allSatisfy { abs(Int(s[p + $0]) - colour[$0]) <= tolerance }
                #expect(ok, "\(edge) pixel \(p / 4): \(s[p..<p + 4])")
                if !ok { return }
            }
        }
        #expect(covered > 0)
    }

    @Test func noEdgesGivesTheImageBack() throws {
        let image = Self.gradient
        #expect(try BackgroundExtension.canvas(of: image, parameters: Self.parameters(edges: [])) == image)
        #expect(try BackgroundExtension.strips(of: image, parameters: Self.parameters(edges: [])).isEmpty)
    }
}

@Suite struct BackgroundExtensionParameterTests {
    @Test func defaultsAreTheIPadSidebar() throws {
        let parameters = ExtensionParameters()
        #expect(parameters.edges == [.leading, .trailing])
        #expect(parameters.lengthPoints == ExtensionLengths(all: 320))
        #expect(parameters.sigmaPoints == 24 && parameters.featherPoints == 0 && parameters.fade == .none && parameters.scale == 2)
        let geometry = try ExtensionGeometry(sourceSize: PixelSize(width: 1472, height: 2064), parameters: parameters)
        #expect(geometry.leadingPixels == 640 && geometry.trailingPixels == 640 && geometry.topPixels == 0)
        #expect(geometry.sigmaPixels == 48)
        #expect(geometry.canvasSize == PixelSize(width: 2752, height: 2064))
        #expect(geometry.originalRect == PixelRect(x: 640, y: 0, width: 1472, height: 2064))
        #expect(geometry.blur.reductionFactor == 2 && abs(geometry.blur.effectiveSigma - 48) < 1e-9)
    }

    @Test func pointsTimesScaleArePixels() throws {
        let parameters = ExtensionParameters(edges: [.top], lengthPoints: ExtensionLengths(all: 62.5), sigmaPoints: 10, featherPoints: 2, scale: 3)
        let geometry = try ExtensionGeometry(sourceSize: PixelSize(width: 10, height: 10), parameters: parameters)
        #expect(geometry.topPixels == 188 && geometry.leadingPixels == 0)
        #expect(geometry.sigmaPixels == 30 && geometry.featherPixels == 6)
    }

    @Test func parametersAndGeometryRoundTripThroughJSON() throws {
        let parameters = ExtensionParameters(edges: [.leading, .bottom], lengthPoints: ExtensionLengths(leading: 320, trailing: 0, top: 0, bottom: 34),
                                             sigmaPoints: 20, featherPoints: 4,
                                             fade: ExtensionFade(amount: 0.15, tint: .color(red: 0.1, green: 0.2, blue: 0.3)), scale: 3)
        let geometry = try ExtensionGeometry(sourceSize: PixelSize(width: 100, height: 80), parameters: parameters)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(geometry)
        #expect(try JSONDecoder().decode(ExtensionGeometry.self, from: data) == geometry)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"sigmaPoints\":20") && text.contains("\"edges\":[\"leading\",\"bottom\"]"))
        #expect(try encoder.encode(geometry) == data)
    }

    @Test(arguments: [
        ("scale", ExtensionParameters(scale: 0)),
        ("sigmaPoints", ExtensionParameters(sigmaPoints: -1)),
        ("featherPoints", ExtensionParameters(featherPoints: .nan)),
        ("lengthPoints.trailing", ExtensionParameters(lengthPoints: ExtensionLengths(leading: 1, trailing: -2, top: 0, bottom: 0))),
        ("fade.amount", ExtensionParameters(fade: ExtensionFade(amount: 1.5))),
        ("fade.tint.green", ExtensionParameters(fade: ExtensionFade(amount: 0.5, tint: .color(red: 0, green: 2, blue: 0)))),
    ])
    func invalidParametersNameTheField(field: String, parameters: ExtensionParameters) {
        let image = Image(width: 2, height: 2, layout: .gray, samples: [0, 0, 0, 0])
        #expect(throws: ExtensionParameters.InvalidParameter.self) { try BackgroundExtension.canvas(of: image, parameters: parameters) }
        do {
            try parameters.validate()
            Issue.record("\(field) accepted")
        } catch let error as ExtensionParameters.InvalidParameter {
            #expect(error.field == field)
            #expect(error.description.contains(field))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func hugeCanvasesAreRejectedBeforeAllocating() {
        let parameters = ExtensionParameters(lengthPoints: ExtensionLengths(all: 1e8), scale: 3)
        #expect(throws: ExtensionParameters.InvalidParameter.self) {
            try ExtensionGeometry(sourceSize: PixelSize(width: 100, height: 100), parameters: parameters)
        }
    }
}

@Suite(.enabled(if: TestPaths.hasCorpus, Comment(rawValue: TestPaths.corpusMissingMessage)))
struct BackgroundExtensionCorpusTests {
    /// `image` with the colour samples of fully transparent pixels replaced by `colour`.
    static func replacingHiddenColour(of image: Image, with colour: [UInt8]) -> Image {
        var samples = image.samples8
        for p in stride(from: 0, to: samples.count, by: 4) where samples[p + 3] == 0 {
            samples[p] = colour[0]; samples[p + 1] = colour[1]; samples[p + 2] = colour[2]
        }
        return Image(width: image.width, height: image.height, layout: .rgba, samples: samples, colorSpace: image.colorSpace)
    }

    @Test func transparentEdgePNGGivesNoHalo() throws {
        let decoded = try Codecs.decode(TestPaths.bytes(TestPaths.corpusFile("edge/rgba_transparent_edges.png"))).image
        try #require(decoded.layout == .rgba && decoded.format.sampleType == .uint8)
        // The file hides pure green under alpha = 0 (CATALOG.tsv): the corner pixel proves it.
        #expect(Array(decoded.samples8.prefix(4)) == [0, 255, 0, 0])
        let parameters = ExtensionParameters(edges: ExtensionEdge.allCases, lengthPoints: ExtensionLengths(all: 40), sigmaPoints: 8, scale: 2)
        let canvas = try BackgroundExtension.canvas(of: decoded, parameters: parameters)
        // Whatever colour sits under alpha = 0 (green, black, white), the canvas is the same: the copies are
        // blurred premultiplied, so hidden colour can neither tint (green fringe) nor darken (dark halo) them.
        for hidden in [[0, 0, 0], [255, 255, 255]] as [[UInt8]] {
            let other = try BackgroundExtension.canvas(of: Self.replacingHiddenColour(of: decoded, with: hidden), parameters: parameters)
            let geometry = try BackgroundExtension.geometry(of: decoded, parameters: parameters)
            for edge in geometry.extendedEdges {
                let rect = try #require(geometry.stripRect(edge))
                #expect(canvas.cropped(to: rect) == other.cropped(to: rect), "\(edge) strip changes with the hidden colour \(hidden)")
            }
        }
        // And the visible extension pixels carry no green cast beyond the photo's own colours.
        let s = canvas.samples8
        var greenest = 0
        for p in stride(from: 0, to: s.count, by: 4) where s[p + 3] >= 16 {
            greenest = max(greenest, Int(s[p + 1]) - max(Int(s[p]), Int(s[p + 2])))
        }
        var photoGreenest = 0
        let original = decoded.samples8
        for p in stride(from: 0, to: original.count, by: 4) where original[p + 3] >= 16 {
            photoGreenest = max(photoGreenest, Int(original[p + 1]) - max(Int(original[p]), Int(original[p + 2])))
        }
        #expect(greenest <= photoGreenest + 2, "extension green excess \(greenest), photo \(photoGreenest)")
    }
}
