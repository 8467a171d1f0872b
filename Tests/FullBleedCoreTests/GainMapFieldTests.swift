import Foundation
import Testing
import FullBleedCore
import FullBleedImage
import FullBleedTestSupport

@Suite struct GainMapFieldTests {
    static func map(width: Int = 40, height: Int = 30, metadata: GainMapMetadata, code: (Int, Int) -> UInt8) throws -> GainMap {
        let image = Image(width: width, height: height, layout: .gray,
                          samples: (0..<(width * height)).map { code($0 % width, $0 / width) })
        return try GainMap(image: image, metadata: metadata)
    }

    static let ultraHDR = GainMapMetadata(GainMapMetadata.Channel(gainMapMin: 0, gainMapMax: 2), hdrCapacityMax: 2)

    /// A map already in canonical form (gamma 1, min 0) comes back code for code.
    @Test func canonicalMapsRoundTripExactly() throws {
        let map = try Self.map(metadata: Self.ultraHDR) { x, y in UInt8((x * 7 + y * 3) % 256) }
        #expect(GainMapField(map).quantized() == map)
    }

    /// Gamma and a positive minimum are re-expressed: the same log2 gain per pixel within half a code step.
    @Test func otherMetadataKeepsEveryGain() throws {
        let metadata = GainMapMetadata(GainMapMetadata.Channel(gainMapMin: 0.5, gainMapMax: 3, gamma: 2.2), hdrCapacityMax: 3)
        let map = try Self.map(metadata: metadata) { x, y in UInt8((x * 11 + y * 5) % 256) }
        let quantized = GainMapField(map).quantized()
        let canonical = quantized.metadata.channel(0)
        #expect(canonical.gamma == 1 && canonical.gainMapMin == 0 && canonical.gainMapMax == 3)
        let before = map.image.samples8, after = quantized.image.samples8
        for i in before.indices {
            let error = abs(metadata.channel(0).log2Gain(code: before[i]) - canonical.log2Gain(code: after[i]))
            #expect(error <= 0.5 / 255 * 3 + 1e-9)
        }
    }

    /// Completely attenuated rows store gain <= 1 exactly (floor), partly attenuated ones scale the log gain,
    /// untouched ones keep it.
    @Test func attenuationScalesTheLogGainPerRow() throws {
        let metadata = GainMapMetadata(GainMapMetadata.Channel(gainMapMin: -1, gainMapMax: 2), hdrCapacityMax: 2)
        let map = try Self.map(width: 4, height: 3, metadata: metadata) { _, _ in 255 }
        let attenuated = GainMapField(map).attenuated(rows: [1, 0.5, 0]).quantized()
        let codes = attenuated.image.samples8
        let channel = attenuated.metadata.channel(0)
        #expect(channel.log2Gain(code: codes[0]) <= 0 && channel.log2Gain(code: codes[0]) > -3.0 / 255)
        #expect(abs(channel.log2Gain(code: codes[4]) - 1) <= 1.5 / 255 * 3)
        #expect(codes[8] == 255)
    }

    /// Cropping maps the base rectangle onto the map's pixels; resizing keeps a constant field constant.
    @Test func cropAndResizeFollowTheBase() throws {
        let map = try Self.map(metadata: Self.ultraHDR) { x, _ in x < 20 ? 50 : 200 }
        let field = GainMapField(map)
        let right = field.cropped(toBaseRect: PixelRect(x: 80, y: 0, width: 80, height: 120), baseSize: PixelSize(width: 160, height: 120))
        #expect(right.size == PixelSize(width: 20, height: 30))
        let resized = right.resized(to: PixelSize(width: 7, height: 5)).quantized()
        #expect(resized.image.samples8.allSatisfy { $0 == 200 })
        #expect(GainMapField.size(for: PixelSize(width: 1000, height: 500), mapSize: PixelSize(width: 40, height: 30),
                                  baseSize: PixelSize(width: 160, height: 120)) == PixelSize(width: 250, height: 125))
    }

    /// The map is removed completely from the top edge to the farthest top region (and the map rows a
    /// decoder reads for those picture rows), then returns to 0 attenuation.
    @Test func bandAttenuationCoversTheRegionsAndFadesOut() {
        let hero = Image(width: 402, height: 400, layout: .rgb, samples: [UInt8](repeating: 250, count: 402 * 400 * 3))
        let device = DeviceClass.named("iphone-17-pro")!
        let analysis = ToolbarAnalyzer.analyze(hero: hero, device: device, deliveredPixelSize: hero.size, parameters: ToolbarAnalysisParameters())
        let attenuation = GainMapBandAttenuation(analysis: analysis)
        let extent = attenuation.topExtentPoints
        #expect(extent > 50 && extent < analysis.heroHeightPoints)
        #expect(attenuation.attenuation(atPoints: extent) == 1)
        #expect(attenuation.attenuation(atPoints: analysis.heroHeightPoints) == 0)
        let rows = attenuation.rowAttenuation(mapHeight: 100)
        let pointsPerRow = analysis.heroHeightPoints / 100
        for (r, a) in rows.enumerated() where (Double(r) - 0.5) * pointsPerRow < extent { #expect(a == 1, "row \(r)") }
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0 >= $1 }, "not monotone from the top")
    }
}
