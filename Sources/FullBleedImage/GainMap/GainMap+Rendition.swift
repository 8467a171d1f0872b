import Foundation

extension GainMap {
    /// The rendition for a display with `displayHeadroomLog2` stops of headroom (Ultra HDR v1.0 "Use the
    /// gain map to create the adapted HDR rendition"): every pixel of `linearBase` with the map applied at
    /// `metadata.weight(displayHeadroomLog2:)`.
    ///
    /// - `linearBase`: RGB or RGBA, `.float32`, `.linear` transfer (e.g. `converted(to: PixelFormat(layout:
    ///   .rgb, sampleType: .float32, transfer: .linear))` of a decoded photo), straight alpha; the base
    ///   rendition at any size (the map is stretched over it).
    /// - Sampling: the map is sampled bilinearly in code space at each base pixel's centre
    ///   (`(x + 0.5) * mapWidth / baseWidth - 0.5`, edges clamped), as the specification allows ("bilinear
    ///   or better"); a gray map gives one code for the three channels.
    /// - Result: the same layout, `.float32` linear, values relative to SDR white (may exceed 1, up to the
    ///   headroom), alpha copied, colour space tag kept. Negative results (near-black pixels when the
    ///   alternate offset exceeds the base offset, or a negative `gainMapMin`) are clamped to 0, as libultrahdr
    ///   1.4 does (`clampPixelFloatLinear`): negative light is not displayable. Deterministic.
    /// - `firstRow`, `baseHeight`: when `linearBase` holds only rows `firstRow ..< firstRow + height` of a
    ///   base `baseHeight` rows tall (a band measured alone), the map is sampled where those rows fall on
    ///   the whole base, so each row equals the same row of the whole rendition.
    public func rendition(ofLinear linearBase: Image, displayHeadroomLog2: Double, firstRow: Int = 0, baseHeight: Int? = nil) -> Image {
        precondition(linearBase.format.sampleType == .float32 && linearBase.format.transfer == .linear
                     && linearBase.layout.isColor, "rendition needs a linear float RGB(A) base, got \(linearBase.format)")
        let weight = metadata.weight(displayHeadroomLog2: displayHeadroomLog2)
        let tables = (0..<3).map { GainFactorTable(channel: metadata.channel($0), weight: weight) }
        let offsetsIn = (0..<3).map { Float(metadata.baseOffset($0)) }
        let offsetsOut = (0..<3).map { Float(metadata.alternateOffset($0)) }
        let width = linearBase.width, height = linearBase.height, channels = linearBase.channelCount
        let mapWidth = image.width, mapHeight = image.height, mapChannels = image.channelCount
        let fullHeight = baseHeight ?? height
        precondition(firstRow >= 0 && firstRow + height <= fullHeight, "rows \(firstRow)..<\(firstRow + height) outside a base of \(fullHeight) rows")
        let columns = (0..<width).map { SamplePosition(centre: $0, of: width, over: mapWidth) }
        var out = Image(width: width, height: height, format: linearBase.format, colorSpace: linearBase.colorSpace)
        let codes = image.samples8
        linearBase.withUnsafeSamples(as: Float.self) { source in
            out.withUnsafeMutableSamples(as: Float.self) { destination in
                for y in 0..<height {
                    let row = SamplePosition(centre: firstRow + y, of: fullHeight, over: mapHeight)
                    for x in 0..<width {
                        let column = columns[x]
                        let pixel = (y * width + x) * channels
                        for c in 0..<3 {
                            let mc = mapChannels == 3 ? c : 0
                            let a = Float(codes[(row.low * mapWidth + column.low) * mapChannels + mc])
                            let b = Float(codes[(row.low * mapWidth + column.high) * mapChannels + mc])
                            let d = Float(codes[(row.high * mapWidth + column.low) * mapChannels + mc])
                            let e = Float(codes[(row.high * mapWidth + column.high) * mapChannels + mc])
                            let top = a + (b - a) * column.fraction, bottom = d + (e - d) * column.fraction
                            let code = top + (bottom - top) * row.fraction
                            let factor = tables[c].factor(code: code)
                            destination[pixel + c] = max((source[pixel + c] + offsetsIn[c]) * factor - offsetsOut[c], 0)
                        }
                        if channels == 4 { destination[pixel + 3] = source[pixel + 3] }
                    }
                }
            }
        }
        return out
    }
}

/// Where one output pixel centre falls on the gain map along one axis: the two map samples around it and
/// the weight of the second.
struct SamplePosition {
    var low: Int
    var high: Int
    var fraction: Float

    init(centre index: Int, of count: Int, over mapCount: Int) {
        let position = (Double(index) + 0.5) * Double(mapCount) / Double(count) - 0.5
        let clamped = min(max(position, 0), Double(mapCount - 1))
        low = Int(clamped.rounded(.down))
        high = min(low + 1, mapCount - 1)
        fraction = Float(clamped - Double(low))
    }
}

/// `exp2(log2Gain(recovery) * weight)` of one channel, tabulated at 4096 steps of the code (0...255) and
/// interpolated linearly in the log domain: within 2e-6 relative of the exact factor for gamma 1 (exact
/// in log) and far below an 8-bit code step for other gammas.
struct GainFactorTable {
    static let steps = 4096
    private let logFactors: [Float]

    init(channel: GainMapMetadata.Channel, weight: Double) {
        logFactors = (0...Self.steps).map { Float(channel.log2Gain(recovery: Double($0) / Double(Self.steps)) * weight) }
    }

    /// The factor for a (fractional) code 0...255.
    @inline(__always)
    func factor(code: Float) -> Float {
        let position = min(max(code, 0), 255) * (Float(Self.steps) / 255)
        let index = min(Int(position), Self.steps - 1)
        let t = position - Float(index)
        let log = logFactors[index] + (logFactors[index + 1] - logFactors[index]) * t
        return exp2f(log)
    }
}
