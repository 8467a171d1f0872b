import Foundation
import FullBleedImage

/// A gain map as a field of normalised log gains, to be cropped, resampled, attenuated and extended like a
/// picture, then quantised back to 8-bit codes (`quantized()`).
///
/// Any input map is re-expressed under one canonical metadata: `gamma` 1, so a stored value is linear in
/// log2 gain and averaging values averages log gains (the domain in which Ultra HDR v1.0 and ISO 21496-1
/// interpolate a map); per channel `gainMapMin` lowered to at most 0 and `gainMapMax` raised to at least 0,
/// so a gain of exactly 1 ("no boost") is representable; offsets and HDR capacities kept. `recovery` holds,
/// per pixel and colour channel, `(log2Gain - gainMapMin) / (gainMapMax - gainMapMin)` in 0...1 (0 where the
/// range is empty), as `.float32` samples tagged `.linear` (so the resampler and the blur average them as
/// they are), gray (one value for all channels) or RGB, no alpha. Pure values; deterministic.
public struct GainMapField: Sendable, Equatable {
    public var recovery: Image
    /// The canonical metadata `recovery` is expressed in.
    public var metadata: GainMapMetadata

    /// Size in pixels.
    public var size: PixelSize { recovery.size }

    /// The field of `map`: every code turned into its log2 gain (the map's own metadata), then into the
    /// canonical metadata's recovery.
    public init(_ map: GainMap) {
        let source = map.metadata
        let channelCount = map.image.channelCount
        let canonical = source.channels.map { channel in
            GainMapMetadata.Channel(gainMapMin: min(channel.gainMapMin, 0), gainMapMax: max(channel.gainMapMax, 0), gamma: 1,
                                    offsetSDR: channel.offsetSDR, offsetHDR: channel.offsetHDR)
        }
        metadata = GainMapMetadata(channels: canonical, hdrCapacityMin: source.hdrCapacityMin, hdrCapacityMax: source.hdrCapacityMax,
                                   baseRenditionIsHDR: source.baseRenditionIsHDR, useBaseColorSpace: source.useBaseColorSpace)
        // A gray map whose metadata differs per channel becomes an RGB field (each channel its own table).
        let outputChannels = channelCount == 1 && source.isMultichannel ? 3 : channelCount
        let tables: [[Float]] = (0..<outputChannels).map { c in
            let from = source.channel(c), to = canonical.count == 3 ? canonical[c] : canonical[0]
            let range = to.gainMapMax - to.gainMapMin
            return (0...255).map { code in
                range > 0 ? Float((from.log2Gain(code: UInt8(code)) - to.gainMapMin) / range) : 0
            }
        }
        let format = PixelFormat(layout: outputChannels == 3 ? .rgb : .gray, sampleType: .float32, transfer: .linear)
        var field = Image(width: map.size.width, height: map.size.height, format: format, colorSpace: .sRGB)
        let codes = map.image.samples8
        let pixelCount = map.size.width * map.size.height
        field.withUnsafeMutableSamples(as: Float.self) { out in
            for p in 0..<pixelCount {
                for c in 0..<outputChannels {
                    out[p * outputChannels + c] = tables[c][Int(codes[p * channelCount + (channelCount == 3 ? c : 0)])]
                }
            }
        }
        recovery = field
    }

    init(recovery: Image, metadata: GainMapMetadata) {
        self.recovery = recovery
        self.metadata = metadata
    }

    /// The map's codes: `floor(recovery * 255 + 0.5)` (Ultra HDR "encoded_recovery"), clamped to 0...255,
    /// with the canonical metadata (validated by the reader's rules).
    public func quantized() -> GainMap {
        let channels = recovery.channelCount
        var codes = Image(width: size.width, height: size.height,
                          format: PixelFormat(layout: channels == 3 ? .rgb : .gray, sampleType: .uint8), colorSpace: .sRGB)
        recovery.withUnsafeSamples(as: Float.self) { values in
            codes.withUnsafeMutableSamples(as: UInt8.self) { out in
                for i in 0..<values.count { out[i] = UInt8(min(max(floor(values[i] * 255 + 0.5), 0), 255)) }
            }
        }
        // Canonical metadata follows the map's rules: gamma 1 > 0, min <= 0 <= max, offsets and capacities kept.
        return try! GainMap(image: codes, metadata: metadata)
    }

    /// The part of the field that covers `rect` of a base image of `baseSize` pixels (which the whole field
    /// covers): the map pixels nearest the rectangle's edges (`round(edge * mapSide / baseSide)`), at least
    /// one. The result covers `rect` to within half a map pixel on each side.
    public func cropped(toBaseRect rect: PixelRect, baseSize: PixelSize) -> GainMapField {
        func span(_ start: Int, _ length: Int, base: Int, map: Int) -> (Int, Int) {
            let scale = Double(map) / Double(base)
            let low = min(max(0, Int((Double(start) * scale).rounded())), map - 1)
            let high = min(map, max(low + 1, Int((Double(start + length) * scale).rounded())))
            return (low, high - low)
        }
        let (x, width) = span(rect.x, rect.width, base: baseSize.width, map: size.width)
        let (y, height) = span(rect.y, rect.height, base: baseSize.height, map: size.height)
        return GainMapField(recovery: recovery.cropped(to: PixelRect(x: x, y: y, width: width, height: height)), metadata: metadata)
    }

    /// The field resampled to `size` with `filter` (Lanczos3 by default), values averaged as stored (the log
    /// domain) and clamped to 0...1 (Lanczos lobes can overshoot). Deterministic.
    public func resized(to size: PixelSize, filter: ResampleFilter = .lanczos3) -> GainMapField {
        guard size != self.size else { return self }
        var resized = recovery.resized(to: size, options: ResampleOptions(filter: filter, space: .linear, parallel: false))
        resized.withUnsafeMutableSamples(as: Float.self) { values in
            for i in 0..<values.count { values[i] = min(values[i], 1) }
        }
        return GainMapField(recovery: resized, metadata: metadata)
    }

    /// The size of the field for a picture of `pictureSize` when the field is `mapSize` for a base of
    /// `baseSize`: the same ratio (`round(pictureSide * mapSide / baseSide)`), at least 1, at most the
    /// picture's side.
    public static func size(for pictureSize: PixelSize, mapSize: PixelSize, baseSize: PixelSize) -> PixelSize {
        func side(_ picture: Int, _ map: Int, _ base: Int) -> Int {
            min(picture, max(1, Int((Double(picture) * Double(map) / Double(base)).rounded())))
        }
        return PixelSize(width: side(pictureSize.width, mapSize.width, baseSize.width),
                         height: side(pictureSize.height, mapSize.height, baseSize.height))
    }

    /// The field with each row's log2 gains scaled by `1 - attenuation[row]` (0 keeps the row, 1 removes
    /// its boost: gain 1, the HDR rendition equals the SDR one there). A row attenuated completely stores
    /// the largest code not above gain 1 (`floor`, so quantisation never brightens it).
    public func attenuated(rows attenuation: [Double]) -> GainMapField {
        precondition(attenuation.count == size.height, "\(attenuation.count) attenuation rows for a field \(size.height) high")
        let channels = recovery.channelCount, width = size.width
        let spans = (0..<channels).map { c -> (min: Double, range: Double) in
            let channel = metadata.channel(c)
            return (channel.gainMapMin, channel.gainMapMax - channel.gainMapMin)
        }
        var out = recovery
        out.withUnsafeMutableSamples(as: Float.self) { values in
            for y in 0..<size.height {
                let a = min(max(attenuation[y], 0), 1)
                guard a > 0 else { continue }
                for c in 0..<channels {
                    let (low, range) = spans[c]
                    guard range > 0 else { continue }
                    let unity = -low / range
                    let full = Float(floor(unity * 255) / 255)
                    for x in 0..<width {
                        let i = (y * width + x) * channels + c
                        if a >= 1 { values[i] = full; continue }
                        let log2Gain = (low + Double(values[i]) * range) * (1 - a)
                        values[i] = Float((log2Gain - low) / range)
                    }
                }
            }
        }
        return GainMapField(recovery: out, metadata: metadata)
    }
}

extension GainMapField {
    /// The field's background extension, rendered the way its picture's is (`BackgroundExtension`: mirrored
    /// copies blurred in the stored, log-gain domain), so the canvas's HDR rendition extends like its SDR
    /// one. `pictureParameters` are the picture's (points, its display scale) and `pictureWidth` its width
    /// in pixels: the field is rendered at `scale * fieldWidth / pictureWidth`, so every length and the
    /// blur cover the same share of the canvas. The picture's optional fade is not applied (it tints
    /// colours; gains stay as mirrored). The strips are cut from the canvas like the picture's.
    public func backgroundExtension(pictureParameters: ExtensionParameters, pictureWidth: Int) throws
        -> (canvas: GainMapField, strips: [ExtensionEdge: GainMapField]) {
        var parameters = pictureParameters
        parameters.scale = pictureParameters.scale * Double(size.width) / Double(pictureWidth)
        parameters.fade = .none
        let rendering = try BackgroundExtension.render(of: recovery, parameters: parameters)
        let strips = rendering.strips.mapValues { GainMapField(recovery: $0, metadata: metadata) }
        return (GainMapField(recovery: rendering.canvas, metadata: metadata), strips)
    }
}
