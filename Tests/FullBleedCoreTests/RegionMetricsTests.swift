import Foundation
import Testing
@testable import FullBleedColor
@testable import FullBleedCore
import FullBleedImage

@Suite("Region metrics")
struct RegionMetricsTests {
    static func plane(width: Int, height: Int, _ f: (Int, Int) -> Float) -> LuminancePlane {
        var values = [Float]()
        values.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { values.append(f(x, y)) } }
        return LuminancePlane(width: width, height: height, values: values)
    }

    /// Relative luminance of a CIE L* value.
    static func luminance(lightness: Double) -> Float {
        lightness > 8 ? Float(pow((lightness + 16) / 116, 3)) : Float(lightness * 27 / 24389)
    }

    @Test func whiteBandFavoursDarkGlyphs() {
        let plane = Self.plane(width: 300, height: 60) { _, _ in 1 }
        let m = RegionMetrics(plane: plane, rect: plane.bounds)
        #expect(m.meanLuminance == 1 && m.lowLuminance == 1 && m.highLuminance == 1)
        #expect(abs(m.blackGlyphContrast - 21) < 1e-9)
        #expect(abs(m.whiteGlyphContrast - 1) < 1e-9)
        #expect(m.blackGlyphLc > 100 && m.whiteGlyphLc == 0)
        #expect(!m.polarityConflict && !m.apcaPolarityConflict && !m.isBusy)
        #expect(m.preferredGlyph == .black && !m.needsScrim)
        #expect(m.rmsContrast == 0 && m.edgeDensity == 0)
    }

    /// A black band with sparse single-pixel specks (0.375% of pixels): P99.5 ignores them.
    @Test func sparseSpecksDoNotRaiseTheBrightPercentile() {
        let plane = Self.plane(width: 400, height: 100) { x, y in (x * 7 + y * 13) % 80 == 0 && y % 5 == 0 ? 1 : 0 }
        let specks = plane.values.filter { $0 == 1 }.count
        #expect(specks == 100)
        let m = RegionMetrics(plane: plane, rect: plane.bounds)
        #expect(m.highLuminance == 0)
        #expect(abs(m.whiteGlyphContrast - 21) < 1e-9)
        #expect(m.whiteGlyphLc < -100)
        #expect(m.preferredGlyph == .white && !m.needsScrim && !m.isBusy)
        // The strict maximum would see them.
        let strict = RegionMetrics(plane: plane, rect: plane.bounds, parameters: RegionMetricsParameters(highPercentile: 100))
        #expect(strict.highLuminance == 1 && strict.polarityConflict && strict.needsScrim)
    }

    /// An overcast band of mean Y 0.2 with mild texture (0.16...0.24) fails WCAG 4.5:1 with both tones.
    @Test func midGreyBandHasAPolarityConflict() {
        let plane = Self.plane(width: 402, height: 120) { x, y in Float(0.2 + 0.04 * sin(Double(x) / 30) * cos(Double(y) / 25)) }
        let m = RegionMetrics(plane: plane, rect: plane.bounds)
        #expect(abs(m.meanLuminance - 0.2) < 0.01)
        #expect(m.highLuminance > WCAG.maximumBackgroundLuminance(ratio: 4.5))
        #expect(m.lowLuminance < WCAG.minimumBackgroundLuminance(ratio: 4.5))
        #expect(m.whiteGlyphContrast < 4.5 && m.blackGlyphContrast < 4.5)
        #expect(m.polarityConflict && m.isBusy && m.needsScrim)
        // Smooth: not busy by texture.
        #expect(m.rmsContrast < 12 && m.edgeDensity < 0.10)
        // A perfectly flat Y = 0.2 band is no conflict: black glyphs reach (0.25 / 0.05) = 5:1 > 4.5
        // (every flat background reaches WCAG.crossoverRatio = 4.583 with one tone).
        let flat = RegionMetrics(plane: Self.plane(width: 50, height: 20) { _, _ in 0.2 }, rect: PixelRect(x: 0, y: 0, width: 50, height: 20))
        #expect(!flat.polarityConflict && abs(flat.blackGlyphContrast - 5) < 1e-6 && flat.preferredGlyph == .black && !flat.needsScrim)
        // APCA disagrees on the tone: white glyphs reach |Lc| 74 there, black glyphs only Lc 35.
        #expect(!flat.apcaPolarityConflict && flat.whiteGlyphLc < -60 && flat.blackGlyphLc < 60)
    }

    @Test func highContrastCheckerboardIsBusy() {
        let plane = Self.plane(width: 240, height: 96) { x, y in (x / 8 + y / 8) % 2 == 0 ? 0 : 1 }
        let m = RegionMetrics(plane: plane, rect: plane.bounds)
        #expect(m.isBusy && m.polarityConflict && m.needsScrim)
        #expect(abs(m.rmsContrast - 50) < 0.01)
        // Edge pixels are the columns and rows beside an inner cell border (the plane's own border is
        // replicated): 29 borders x 2 of 240 columns, 11 x 2 of 96 rows.
        #expect(abs(m.edgeDensity - (1 - (182.0 * 74) / (240 * 96))) < 1e-12)
    }

    /// Texture alone makes a region busy: both tones of a dark checkerboard pass WCAG for white glyphs.
    @Test func darkTextureIsBusyWithoutPolarityConflict() {
        let dark = Self.luminance(lightness: 40)
        let plane = Self.plane(width: 240, height: 96) { x, y in (x / 8 + y / 8) % 2 == 0 ? 0 : dark }
        let m = RegionMetrics(plane: plane, rect: plane.bounds)
        #expect(!m.polarityConflict)
        #expect(abs(m.rmsContrast - 20) < 0.01 && m.edgeDensity > 0.4)
        #expect(m.isBusy && m.preferredGlyph == .white && m.needsScrim)
        // With the thresholds raised, the same texture passes.
        let lenient = RegionMetrics(plane: plane, rect: plane.bounds, parameters: RegionMetricsParameters(rmsContrastThreshold: 25))
        #expect(!lenient.isBusy && !lenient.needsScrim)
    }

    /// The edge threshold is per point: a ramp of 3 L* per pixel is an edge at @3x (τ = 8/3 L*/px)
    /// and not at @2x (τ = 4 L*/px).
    @Test func edgeThresholdScalesWithPixelsPerPoint() {
        let plane = Self.plane(width: 30, height: 10) { x, _ in Self.luminance(lightness: 10 + 3 * Double(x)) }
        let inner = PixelRect(x: 1, y: 0, width: 28, height: 10)
        let at3x = RegionMetrics(plane: plane, rect: inner, parameters: RegionMetricsParameters(pixelsPerPoint: 3))
        let at2x = RegionMetrics(plane: plane, rect: inner, parameters: RegionMetricsParameters(pixelsPerPoint: 2))
        #expect(at3x.edgeDensity == 1)
        #expect(at2x.edgeDensity == 0)
    }

    /// A sub-rectangle uses the plane's pixels around it for the Sobel, not its own border.
    @Test func subRectangleSeesItsNeighbours() {
        let plane = Self.plane(width: 40, height: 20) { x, _ in x < 20 ? 0 : 1 }
        let right = RegionMetrics(plane: plane, rect: PixelRect(x: 20, y: 0, width: 20, height: 20))
        #expect(right.lowLuminance == 1 && right.rmsContrast == 0)
        // Column 20 borders the black half: 1 of 20 columns is an edge.
        #expect(abs(right.edgeDensity - 0.05) < 1e-12)
        let image = Image(width: 40, height: 20, layout: .gray, samples: (0..<800).map { $0 % 40 < 20 ? 0 : 255 })
        #expect(RegionMetrics(image: image, rect: PixelRect(x: 20, y: 0, width: 20, height: 20)) == right)
    }

    /// Nearest rank: P_p is the ceil(p/100 · n)-th smallest value, whatever the order or range.
    @Test(arguments: [1, 7, 100, 1000, 4099])
    func nearestRankPercentiles(count: Int) {
        var generator = LegibilityTestData.Generator(seed: UInt64(count))
        let values = (0..<count).map { _ in Float(generator.nextDouble() * 1.4 - 0.2) }
        let sorted = values.sorted()
        for (low, high) in [(0.5, 99.5), (0.0, 100.0), (10.0, 90.0), (50.0, 50.0)] {
            let (l, h) = NearestRankPercentiles.values(values, lowPercentile: low, highPercentile: high)
            let rank = { (p: Double) -> Int in max(1, Int((p / 100 * Double(count)).rounded(.up))) }
            #expect(l == sorted[rank(low) - 1] && h == sorted[rank(high) - 1], "n=\(count) p=\(low),\(high)")
            #expect(NearestRankPercentiles.values(values.reversed(), lowPercentile: low, highPercentile: high) == (l, h))
        }
        #expect(NearestRankPercentiles.index(percentile: 99.5, count: 1000) == 994)
        #expect(NearestRankPercentiles.index(percentile: 0.5, count: 1000) == 4)
    }

    @Test func metricsAreCodable() throws {
        let plane = Self.plane(width: 20, height: 10) { x, _ in Float(x) / 20 }
        let m = RegionMetrics(plane: plane, rect: plane.bounds)
        let decoded = try JSONDecoder().decode(RegionMetrics.self, from: JSONEncoder().encode(m))
        #expect(decoded == m)
    }
}
