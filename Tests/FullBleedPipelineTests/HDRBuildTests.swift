import Foundation
import Testing
@testable import FullBleedPipeline
import FullBleedCodecs
import FullBleedColor
import FullBleedCore
import FullBleedImage
import FullBleedTestSupport

/// `"hdr": "keep"` end to end on the libultrahdr fixtures of `Tests/Fixtures/hdr` (and the Apple-style HEIC
/// made by the HEIF test builder): the gain map reaches every JPEG output, the HDR rendition of a hero is
/// the source's HDR rendition cropped and resized, and the glyph regions render no brighter than SDR white.
@Suite struct HDRBuildTests {
    /// Small targets (the fixtures are 384x256) with upscaling allowed, legibility baked, an extended iPad;
    /// centre crops, so that what is measured does not move with the crop search (a crop 14 px lower puts
    /// the gray fixture's sharpest gain-map edge in the web hero: 36.5 -> 30.9 dB against the source).
    /// - Parameter lowTitle: a text box over the hero's bottom (served from the bottom edge).
    static func pipeline(hdr: String = "keep", lowTitle: Bool = false) -> String {
        let textBoxes = lowTitle ? ", \"textBoxes\": [{ \"name\": \"title\", \"x\": 0.05, \"y\": 0.7, \"width\": 0.6, \"height\": 0.22 }]" : ""
        return """
        {
          "name": "hdr-test",
          "targets": [
            { "device": "iphone-17-pro", "scales": [1] },
            { "device": "ipad-pro-13-landscape", "scales": [1], "extension": true },
            { "web": "hero", "widths": [320], "aspect": "16:9" }
          ],
          "tiers": { "stretchHeadroom": 1, "upscale": "upscale" },
          "crop": { "mode": "center" },
          "extension": { "edges": ["leading"], "lengthPoints": 320, "sigmaPoints": 24, "strips": true },
          "legibility": { "wcag": 4.5, "bakeGradient": true\(textBoxes) },
          "outputs": [ { "format": "jpeg", "quality": 90 }, { "format": "webp", "quality": 80 } ],
          "hdr": "\(hdr)"
        }
        """
    }

    struct Built {
        var output: AssetBuilder.Output
        var files: [String: [UInt8]]
        var source: DecodedImage

        func file(_ record: FileRecord) throws -> [UInt8] { try #require(files[record.path]) }
    }

    static func build(_ bytes: [UInt8], name: String, hdr: String = "keep", lowTitle: Bool = false) throws -> Built {
        let spec = try PipelineLoader.parse(Data(pipeline(hdr: hdr, lowTitle: lowTitle).utf8))
        let source = SourceFile(absolutePath: HDRFixtures.folder.appendingPathComponent(name).path, relativePath: name)
        let plan = try AssetPlan(source: source, bytes: bytes, sidecar: nil, spec: spec)
        let output = try AssetBuilder.build(plan, bytes: bytes)
        return Built(output: output, files: Dictionary(output.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a }),
                     source: try Codecs.decode(bytes))
    }

    static func build(_ name: String, hdr: String = "keep", lowTitle: Bool = false) throws -> Built {
        try build(try HDRFixtures.bytes(name), name: name, hdr: hdr, lowTitle: lowTitle)
    }

    /// A title over the hero's bottom gets the gain map removed under it too, and the record says how far
    /// from the bottom: the box's far side (70 % down, so 30 % of the hero's height); none without it.
    @Test func theRemovalUnderALowTitleIsReported() throws {
        let plain = try Self.build("uhdr_gray_p3.jpg")
        #expect(plain.output.record.targets.allSatisfy { $0.hdr != nil && $0.hdr?.attenuatedBottomPoints == nil })
        let titled = try Self.build("uhdr_gray_p3.jpg", lowTitle: true)
        let web = try #require(titled.output.record.targets.first { $0.kind == .web })
        let bottom = try #require(web.hdr?.attenuatedBottomPoints)
        let heroHeightPoints = try #require(titled.output.report.target(named: web.name)?.legibility?.heroHeightPoints)
        #expect(bottom > 0.25 * heroHeightPoints && bottom <= 0.31 * heroHeightPoints, "\(bottom) of \(heroHeightPoints)")
    }

    static let good = ["uhdr_gray_p3.jpg", "uhdr_rgb_srgb.jpg", "uhdr_orient6.jpg", "uhdr_iso_perchannel.jpg", "xmp_gray.jpg",
                       "apple_gainmap.heic"]

    /// The HDR rendition (full headroom, linear RGB float) of a decoded file with a gain map.
    static func hdr(_ decoded: DecodedImage) throws -> Image {
        let map = try #require(decoded.gainMap)
        return map.rendition(ofLinear: decoded.image.converted(to: HDRFixtures.linearRGB), displayHeadroomLog2: map.metadata.hdrCapacityMax)
    }

    @Test(arguments: good)
    func everyJPEGCarriesTheGainMapAndOtherFormatsAreSDR(name: String) throws {
        let built = try Self.build(name)
        let record = built.output.record
        #expect(built.output.steps.contains(.gainMap))
        #expect(!record.warnings.contains { $0.contains("gain map") }, "\(record.warnings)")
        let source = try #require(record.source.gainMap)
        #expect(source.width == built.source.gainMap?.size.width && source.headroom > 1)
        var jpegs = 0
        for target in record.targets {
            #expect(target.hdr?.headroom == HDRRecord.rounded(built.source.gainMap!.metadata.headroom))
            let files = target.derivatives.flatMap(\.files) + (target.extensions ?? []).flatMap(\.files)
            for file in files {
                let decoded = try Codecs.decode(try built.file(file))
                if file.imageFormat?.rawValue == "jpeg" {
                    let map = try #require(decoded.gainMap, "\(file.path) has no gain map")
                    #expect(file.gainMap == FileGainMapRecord(width: map.size.width, height: map.size.height))
                    #expect(abs(map.metadata.headroom - built.source.gainMap!.metadata.headroom) < 1e-6)
                    jpegs += 1
                } else {
                    #expect(file.gainMap == nil && decoded.gainMap == nil, "\(file.path)")
                }
            }
        }
        #expect(jpegs >= 5)
    }

    /// The web hero's HDR rendition against the source's, cropped and resized the same way (linear light,
    /// peak = the headroom): against FullBleed's own full-resolution reconstruction of the source (how
    /// faithfully the map is carried), and against libultrahdr's reference rendition of the source
    /// (4x4-averaged, so compared at a quarter of the crop's size).
    @Test(arguments: ["uhdr_gray_p3.jpg", "uhdr_rgb_srgb.jpg", "uhdr_orient6.jpg"])
    func heroHDRRenditionIsTheSourcesCroppedAndResized(name: String) throws {
        let built = try Self.build(name)
        let target = try #require(built.output.record.targets.first { $0.name == "hero" })
        let derivative = try #require(target.derivatives.first)
        let jpeg = try #require(derivative.files.first { $0.imageFormat?.rawValue == "jpeg" })
        let ours = try Self.hdr(try Codecs.decode(try built.file(jpeg)))
        let crop = PixelRect(x: target.crop.x, y: target.crop.y, width: target.crop.width, height: target.crop.height)
        let peak = try #require(built.source.gainMap).metadata.headroom
        let options = ResampleOptions(filter: .lanczos3, space: .linear, parallel: false)

        let sourceHDR = try Self.hdr(built.source)
        let expected = sourceHDR.resized(to: ours.size, from: crop, options: options)
        let carried = HDRFixtures.linearPSNR(ours, expected, peak: peak)

        // libultrahdr renders in the stored orientation: turn its reference upright like the photo.
        let reference = try HDRFixtures.referenceRendition(name).applyingOrientation(built.source.info.orientation)
        let qx = min(Int((Double(crop.x) / 4).rounded()), reference.width - crop.width / 4)
        let qy = min(Int((Double(crop.y) / 4).rounded()), reference.height - crop.height / 4)
        let quarter = PixelRect(x: qx, y: qy, width: crop.width / 4, height: crop.height / 4)
        let small = PixelSize(width: ours.width / 4, height: ours.height / 4)
        let againstLibultrahdr = HDRFixtures.linearPSNR(ours.resized(to: small, options: options),
                                                        reference.resized(to: small, from: quarter, options: options), peak: peak)
        let sdr = built.source.image.converted(to: HDRFixtures.linearRGB).resized(to: ours.size, from: crop, options: options)
        let sdrOnly = HDRFixtures.linearPSNR(sdr, expected, peak: peak)
        // The SDR base's own fidelity (the JPEG of the delivered picture against the source cropped and resized).
        let delivered = try Codecs.decode(try built.file(jpeg)).image.converted(to: HDRFixtures.linearRGB)
        let baseFidelity = HDRFixtures.linearPSNR(delivered, sdr, peak: 1)
        print("\(name) hero-320w: HDR rendition vs the source's \(String(format: "%.1f", carried)) dB, vs libultrahdr's "
              + "\(String(format: "%.1f", againstLibultrahdr)) dB; SDR base vs the source's SDR \(String(format: "%.1f", baseFidelity)) dB "
              + "(the SDR picture as an HDR one: \(String(format: "%.1f", sdrOnly)) dB)")
        #expect(carried > 33 && carried > baseFidelity - 6, "\(name): \(carried) dB, base \(baseFidelity) dB")
        #expect(againstLibultrahdr > 30, "\(name): \(againstLibultrahdr) dB")
        #expect(sdrOnly < carried - 6, "the gain map lifts nothing measurable")
    }

    /// Every JPEG of every device tier (plain and scrim): decoded, its HDR rendition at full headroom has no
    /// pixel brighter than SDR white inside any glyph region on screen at rest, and no brighter than its own SDR picture
    /// there beyond the JPEG noise of the map; the manifest's numbers say the same, and say the source was
    /// brighter than SDR white there (so the check bites).
    @Test(arguments: ["uhdr_gray_p3.jpg", "uhdr_orient6.jpg", "uhdr_rgb_srgb.jpg", "apple_gainmap.heic"])
    func glyphRegionsRenderNoBrighterThanSDRWhite(name: String) throws {
        let built = try Self.build(name)
        var checked = 0, sourceBrighter = false
        for target in built.output.record.targets where target.kind == .device {
            let legibility = try #require(built.output.report.target(named: target.name)?.legibility)
            let peaks = try #require(target.hdr?.glyphPeakLuminance)
            #expect(peaks.deliveredHDR <= 1 && abs(peaks.deliveredHDR - peaks.sdr) < 1e-3, "\(target.name): \(peaks)")
            if peaks.sourceHDR > 1 { sourceBrighter = true }
            let widthPoints = Double(legibility.heroPixelSize.width) / legibility.pixelsPerPoint
            for derivative in target.derivatives {
                for file in derivative.files where file.imageFormat?.rawValue == "jpeg" {
                    let decoded = try Codecs.decode(try built.file(file))
                    let rects = legibility.regions.filter(\.region.isAtRest).map {
                        $0.region.pixelRect(pixelsPerPoint: Double(decoded.image.width) / widthPoints, bounds: decoded.image.size)
                    }
                    let hdr = HDRLuminance.peak(of: decoded.image, gainMap: decoded.gainMap, in: rects)
                    let sdr = HDRLuminance.peak(of: decoded.image, gainMap: nil, in: rects)
                    #expect(hdr <= 1 && hdr <= sdr * 1.02 + 1e-3, "\(file.path): HDR peak \(hdr), SDR \(sdr)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 2)   // every device tier of every photo; the -scrim copies where one is needed
        if name != "uhdr_rgb_srgb.jpg" { #expect(sourceBrighter, "no glyph region was brighter than SDR white in the source") }
    }

    /// The extension canvas's gain map covers the canvas like the picture does, its strip's map is the
    /// canvas map's strip, and next to the seam it mirrors the hero's map (the blurred mirrored copy).
    @Test func extensionCanvasGainMapMirrorsLikeItsPicture() throws {
        let built = try Self.build("uhdr_gray_p3.jpg")
        let target = try #require(built.output.record.targets.first { $0.extensions != nil })
        let canvas = try #require(target.extensionCanvases.first)
        let canvasFile = try #require(canvas.files.first { $0.imageFormat?.rawValue == "jpeg" })
        let decoded = try Codecs.decode(try built.file(canvasFile))
        let map = try #require(decoded.gainMap)
        try map.checkFits(baseSize: decoded.image.size)
        let hero = try #require(target.producedDerivatives.first?.files.first { $0.imageFormat?.rawValue == "jpeg" })
        let heroMap = try #require(try Codecs.decode(try built.file(hero)).gainMap)
        let seam = Int((Double(canvas.insets.leading) * Double(map.size.width) / Double(decoded.image.width)).rounded())
        try #require(seam > 2 && seam + heroMap.size.width <= map.size.width + 1)
        let codes = map.image.samples8, heroCodes = heroMap.image.samples8
        let rows = min(map.size.height, heroMap.size.height)
        var original = 0.0, extensionSum = 0.0, mirroredSum = 0.0
        for y in 0..<rows {
            // The canvas's original part is the hero's map; its extension is the mirror of the hero's first
            // `seam` columns, blurred: the same mean.
            for x in 0..<heroMap.size.width where seam + x < map.size.width {
                original += abs(Double(codes[y * map.size.width + seam + x]) - Double(heroCodes[y * heroMap.size.width + x]))
            }
            for x in 0..<seam {
                extensionSum += Double(codes[y * map.size.width + x])
                mirroredSum += Double(heroCodes[y * heroMap.size.width + min(x, heroMap.size.width - 1)])
            }
        }
        #expect(original / Double(rows * heroMap.size.width) < 3, "the original part of the canvas map differs from the hero's map")
        let meanDifference = abs(extensionSum - mirroredSum) / Double(rows * seam)
        #expect(meanDifference < 6, "the extension's map is not the mirrored hero map: mean differs by \(meanDifference) codes")

        let strip = try #require((target.extensions ?? []).first { $0.tier == canvas.tier && $0.part != .canvas })
        let stripFile = try #require(strip.files.first { $0.imageFormat?.rawValue == "jpeg" })
        let stripMap = try #require(try Codecs.decode(try built.file(stripFile)).gainMap)
        #expect(abs(stripMap.size.width - seam) <= 1 && stripMap.size.height == map.size.height)
    }

    /// A gain map in any of the eight EXIF orientations is turned with its picture through every step.
    @Test(arguments: Orientation.allCases)
    func everyOrientationCarriesTheGainMap(orientation: Orientation) throws {
        let built = try Self.build(try HDRFixtures.orientationVariant(orientation), name: "orient.jpg")
        let target = try #require(built.output.record.targets.first { $0.name == "hero" })
        let jpeg = try #require(target.derivatives.first?.files.first { $0.imageFormat?.rawValue == "jpeg" })
        let ours = try Self.hdr(try Codecs.decode(try built.file(jpeg)))
        let crop = PixelRect(x: target.crop.x, y: target.crop.y, width: target.crop.width, height: target.crop.height)
        let expected = try Self.hdr(built.source).resized(to: ours.size, from: crop, options: ResampleOptions(parallel: false))
        let psnr = HDRFixtures.linearPSNR(ours, expected, peak: built.source.gainMap!.metadata.headroom)
        #expect(psnr > 38, "orientation \(orientation.rawValue): \(psnr) dB")
    }

    /// Hostile gain maps: a warning naming the gain map, SDR outputs, the photo still built.
    @Test(arguments: ["bad_truncated_mpf.jpg", "bad_gainmap_larger.jpg", "bad_xmp_nan.jpg", "bad_xmp_max_below_min.jpg",
                      "bad_missing_secondary.jpg", "bad_secondary_not_jpeg.jpg"])
    func hostileGainMapsWarnAndBuildSDR(name: String) throws {
        let built = try Self.build(name)
        let record = built.output.record
        #expect(record.warnings.contains { $0.contains("gain map") }, "\(record.warnings)")
        #expect(!built.output.steps.contains(.gainMap))
        let files = record.targets.flatMap { $0.derivatives.flatMap(\.files) + ($0.extensions ?? []).flatMap(\.files) }
        #expect(!files.isEmpty && files.allSatisfy { $0.gainMap == nil })
        for file in files where file.imageFormat?.rawValue == "jpeg" { #expect(try Codecs.decode(try built.file(file)).gainMap == nil) }
    }

    /// `"hdr": "sdr"`: no output carries a gain map (none is decoded), the manifest still describes the source's.
    @Test func sdrPipelinesWriteNoGainMapButDescribeTheSources() throws {
        let built = try Self.build("uhdr_gray_p3.jpg", hdr: "sdr")
        let record = built.output.record
        #expect(record.source.gainMap?.width == 96 && record.source.gainMap?.headroom == 4)
        #expect(!built.output.steps.contains(.gainMap) && record.targets.allSatisfy { $0.hdr == nil })
        for file in record.targets.flatMap({ $0.derivatives.flatMap(\.files) }) where file.imageFormat?.rawValue == "jpeg" {
            let decoded = try Codecs.decode(try built.file(file))
            #expect(file.gainMap == nil && decoded.gainMap == nil)
        }
    }
}
