import Foundation

/// The gain map formulas of Ultra HDR v1.0 (sections "Gain map generation" for encoding and "Use the gain
/// map to create the adapted HDR rendition" for applying), which ISO 21496-1 shares. Every pixel value
/// here is linear light relative to SDR white (1.0), in the base image's colour space.
extension GainMapMetadata.Channel {
    /// The log2 gain a stored recovery value means: `recovery^(1/gamma)` interpolated between
    /// `gainMapMin` and `gainMapMax` ("log_recovery" and "log_boost"). `recovery` is the code / 255, 0...1.
    @inlinable
    public func log2Gain(recovery: Double) -> Double {
        let r = min(max(recovery, 0), 1)
        let logRecovery = gamma == 1 ? r : pow(r, 1 / gamma)
        return gainMapMin * (1 - logRecovery) + gainMapMax * logRecovery
    }

    /// The log2 gain of an 8-bit gain map code (`log2Gain(recovery: code / 255)`).
    @inlinable
    public func log2Gain(code: UInt8) -> Double { log2Gain(recovery: Double(code) / 255) }

    /// The recovery value (0...1, before 8-bit rounding) that stores `log2Gain`: the normalised log gain,
    /// clamped to 0...1, raised to `gamma` ("recovery(x, y)"). A map with `gainMapMax == gainMapMin` stores 0.
    @inlinable
    public func recovery(log2Gain: Double) -> Double {
        let range = gainMapMax - gainMapMin
        guard range > 0, !log2Gain.isNaN else { return 0 }
        let normalised = min(max((log2Gain - gainMapMin) / range, 0), 1)
        return gamma == 1 ? normalised : pow(normalised, gamma)
    }

    /// The 8-bit code that stores `log2Gain`: `floor(recovery * 255 + 0.5)` ("encoded_recovery").
    @inlinable
    public func code(log2Gain: Double) -> UInt8 { UInt8(floor(recovery(log2Gain: log2Gain) * 255 + 0.5)) }

    /// The log2 of the gain between two linear renditions of one pixel, with this channel's offsets:
    /// `log2((hdr + offsetHDR) / (sdr + offsetSDR))` ("pixel_gain"; negative sums count as 0). 0 (no gain)
    /// where both sums are 0, otherwise +/-infinity where one is, which `recovery(log2Gain:)` clamps.
    @inlinable
    public func log2PixelGain(sdr: Double, hdr: Double) -> Double {
        let numerator = max(hdr + offsetHDR, 0), denominator = max(sdr + offsetSDR, 0)
        if numerator == 0 && denominator == 0 { return 0 }
        return log2(numerator / denominator)
    }
}

extension GainMapMetadata {
    /// How much of the map to apply on a display with `displayHeadroomLog2` stops of headroom (log2 of HDR
    /// white / SDR white): `clamp((h - hdrCapacityMin) / (hdrCapacityMax - hdrCapacityMin), 0, 1)`, and one
    /// minus that when `baseRenditionIsHDR` ("weight_factor"). 0 gives the base rendition, 1 the alternate.
    @inlinable
    public func weight(displayHeadroomLog2: Double) -> Double {
        let span = hdrCapacityMax - hdrCapacityMin
        let unclamped = span > 0 ? (displayHeadroomLog2 - hdrCapacityMin) / span : (displayHeadroomLog2 >= hdrCapacityMax ? 1 : 0)
        let w = min(max(unclamped.isNaN ? 0 : unclamped, 0), 1)
        return baseRenditionIsHDR ? 1 - w : w
    }

    /// The linear offset added to the base rendition: `offsetSDR`, or `offsetHDR` when the base is HDR.
    @inlinable
    public func baseOffset(_ channel: Int) -> Double {
        let c = self.channel(channel)
        return baseRenditionIsHDR ? c.offsetHDR : c.offsetSDR
    }

    /// The linear offset taken off the result: `offsetHDR`, or `offsetSDR` when the base is HDR.
    @inlinable
    public func alternateOffset(_ channel: Int) -> Double {
        let c = self.channel(channel)
        return baseRenditionIsHDR ? c.offsetSDR : c.offsetHDR
    }

    /// One colour channel of one pixel with the map applied: `(base + baseOffset) * exp2(log2Gain * weight)
    /// - alternateOffset`, where `log2Gain` comes from `recovery` (the gain map sample / 255, filtered
    /// sampling allowed) and `weight` from `weight(displayHeadroomLog2:)`. `base` is linear light
    /// (SDR white 1.0); so is the result, which can exceed 1 (up to the headroom).
    @inlinable
    public func applied(toLinear base: Double, recovery: Double, channel: Int, weight: Double) -> Double {
        let gain = exp2(self.channel(channel).log2Gain(recovery: recovery) * weight)
        return (base + baseOffset(channel)) * gain - alternateOffset(channel)
    }

    /// The same for a display with `displayHeadroomLog2` stops of headroom (the weight from
    /// `weight(displayHeadroomLog2:)`): the whole Ultra HDR v1.0 decode formula for one channel of one pixel.
    @inlinable
    public func applied(toLinear base: Double, recovery: Double, channel: Int, displayHeadroomLog2: Double) -> Double {
        applied(toLinear: base, recovery: recovery, channel: channel, weight: weight(displayHeadroomLog2: displayHeadroomLog2))
    }
}
