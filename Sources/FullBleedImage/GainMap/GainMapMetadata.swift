import Foundation

/// How a gain map turns the base rendition of a photo into its alternate rendition (SDR <-> HDR):
/// the metadata of Google's Ultra HDR image format v1.0 (XMP namespace `hdrgm`,
/// `http://ns.adobe.com/hdr-gain-map/1.0/`, the Adobe gain map 1.0 fields) and of ISO/IEC 21496-1
/// (the binary "gain map metadata for image conversion"), which carry the same quantities.
///
/// Field meanings follow the Ultra HDR v1.0 specification, section "HDR Gain map metadata"
/// (the table of `hdrgm:` properties), and its "Use the gain map to create the adapted HDR rendition"
/// section for how they are applied. The ISO 21496-1 fields map one to one (the ISO text itself was not
/// available here; the mapping is the one libultrahdr 1.4 `gainmapmetadata.cpp`, libavif `read.c`
/// `avifParseGainMapMetadata` and Skia `SkGainmapInfo.cpp` implement):
///
/// | here | Ultra HDR XMP | ISO 21496-1 (SDR base) |
/// |---|---|---|
/// | `gainMapMin` | `hdrgm:GainMapMin` | `gain_map_min` |
/// | `gainMapMax` | `hdrgm:GainMapMax` | `gain_map_max` |
/// | `gamma` | `hdrgm:Gamma` | `gamma` |
/// | `offsetSDR` | `hdrgm:OffsetSDR` | `base_offset` |
/// | `offsetHDR` | `hdrgm:OffsetHDR` | `alternate_offset` |
/// | `hdrCapacityMin` | `hdrgm:HDRCapacityMin` | `base_hdr_headroom` |
/// | `hdrCapacityMax` | `hdrgm:HDRCapacityMax` | `alternate_hdr_headroom` |
/// | `baseRenditionIsHDR` | `hdrgm:BaseRenditionIsHDR` | base headroom > alternate headroom (then base/alternate swap roles) |
/// | `useBaseColorSpace` | (always true) | `use_base_colour_space` flag |
/// | `isMultichannel` | an `rdf:Seq` of three values | `is_multichannel` flag |
///
/// Every log quantity is a base-2 logarithm of a linear-light ratio ("stops"): a `hdrCapacityMax` of 2
/// means the alternate rendition is meant for displays whose HDR white is 4x their SDR white.
/// Offsets are in linear light relative to SDR white (1.0). A pure value: no I/O, no C.
public struct GainMapMetadata: Sendable, Hashable, Codable {
    /// The per-colour-channel fields (one set for all channels, or one each for red, green, blue).
    public struct Channel: Sendable, Hashable, Codable {
        /// log2 of the smallest HDR/SDR linear ratio the map encodes (min content boost); code 0 means this.
        public var gainMapMin: Double
        /// log2 of the largest HDR/SDR linear ratio the map encodes (max content boost); code 255 means this.
        public var gainMapMax: Double
        /// The encoding gamma of the map values: stored recovery = normalised log gain ^ gamma. > 0.
        public var gamma: Double
        /// Linear offset added to the SDR rendition before the ratio is taken (Ultra HDR default 1/64).
        public var offsetSDR: Double
        /// Linear offset added to the HDR rendition before the ratio is taken (Ultra HDR default 1/64).
        public var offsetHDR: Double

        public init(gainMapMin: Double = 0, gainMapMax: Double, gamma: Double = 1,
                    offsetSDR: Double = 1.0 / 64, offsetHDR: Double = 1.0 / 64) {
            self.gainMapMin = gainMapMin
            self.gainMapMax = gainMapMax
            self.gamma = gamma
            self.offsetSDR = offsetSDR
            self.offsetHDR = offsetHDR
        }
    }

    /// One channel (applies to red, green and blue) or three (red, green, blue).
    public var channels: [Channel]
    /// log2 of the display headroom (HDR white / SDR white) at and below which the map is not applied. >= 0.
    public var hdrCapacityMin: Double
    /// log2 of the display headroom at and above which the map is applied completely. > `hdrCapacityMin`.
    /// Its linear value `exp2(hdrCapacityMax)` is "the headroom" of the photo.
    public var hdrCapacityMax: Double
    /// The base (primary) image is the HDR rendition and the map produces the SDR one.
    public var baseRenditionIsHDR: Bool
    /// The gain map math happens in the base image's colour space (ISO 21496-1 `use_base_colour_space`;
    /// Ultra HDR v1.0 always does). When false the ISO metadata names another space, which FullBleed does
    /// not read: the reader then warns and keeps the base space.
    public var useBaseColorSpace: Bool

    public init(channels: [Channel], hdrCapacityMin: Double = 0, hdrCapacityMax: Double,
                baseRenditionIsHDR: Bool = false, useBaseColorSpace: Bool = true) {
        self.channels = channels
        self.hdrCapacityMin = hdrCapacityMin
        self.hdrCapacityMax = hdrCapacityMax
        self.baseRenditionIsHDR = baseRenditionIsHDR
        self.useBaseColorSpace = useBaseColorSpace
    }

    /// Single-channel metadata.
    public init(_ channel: Channel, hdrCapacityMin: Double = 0, hdrCapacityMax: Double,
                baseRenditionIsHDR: Bool = false, useBaseColorSpace: Bool = true) {
        self.init(channels: [channel], hdrCapacityMin: hdrCapacityMin, hdrCapacityMax: hdrCapacityMax,
                  baseRenditionIsHDR: baseRenditionIsHDR, useBaseColorSpace: useBaseColorSpace)
    }

    /// Whether the fields differ per colour channel (three `Channel`s).
    public var isMultichannel: Bool { channels.count == 3 }

    /// The fields for colour channel `index` (0 red, 1 green, 2 blue); single-channel metadata serves all three.
    @inlinable
    public func channel(_ index: Int) -> Channel { channels.count == 3 ? channels[index] : channels[0] }

    /// The headroom the photo is made for, as a linear ratio: `exp2(hdrCapacityMax)`.
    public var headroom: Double { exp2(hdrCapacityMax) }

    /// Three channels collapsed into one when they are equal (what the ISO writer stores).
    public var simplified: GainMapMetadata {
        var copy = self
        if channels.count == 3, channels[0] == channels[1], channels[0] == channels[2] { copy.channels = [channels[0]] }
        return copy
    }

    /// Checks the rules of Ultra HDR v1.0 "HDR Gain map metadata" and "Handle invalid metadata" (the same
    /// checks as libultrahdr 1.4 `uhdr_validate_gainmap_metadata_descriptor`): 1 or 3 channels; every value
    /// finite; `gainMapMin <= gainMapMax`; `gamma > 0`; offsets >= 0; `hdrCapacityMin >= 0`;
    /// `hdrCapacityMax > hdrCapacityMin`. Throws the first rule broken, naming the field.
    public func validate() throws(GainMapError) {
        guard channels.count == 1 || channels.count == 3 else {
            throw .invalidMetadata("\(channels.count) channels (1 or 3 expected)")
        }
        for (index, c) in channels.enumerated() {
            let suffix = channels.count == 3 ? "[\(index)]" : ""
            let values = [("GainMapMin", c.gainMapMin), ("GainMapMax", c.gainMapMax), ("Gamma", c.gamma),
                          ("OffsetSDR", c.offsetSDR), ("OffsetHDR", c.offsetHDR)]
            for (name, value) in values where !value.isFinite { throw .invalidMetadata("\(name)\(suffix) is \(value)") }
            guard c.gainMapMin <= c.gainMapMax else {
                throw .invalidMetadata("GainMapMax\(suffix) \(c.gainMapMax) is below GainMapMin \(c.gainMapMin)")
            }
            guard c.gamma > 0 else { throw .invalidMetadata("Gamma\(suffix) \(c.gamma) is not above 0") }
            guard c.offsetSDR >= 0 else { throw .invalidMetadata("OffsetSDR\(suffix) \(c.offsetSDR) is negative") }
            guard c.offsetHDR >= 0 else { throw .invalidMetadata("OffsetHDR\(suffix) \(c.offsetHDR) is negative") }
        }
        guard hdrCapacityMin.isFinite, hdrCapacityMax.isFinite else {
            throw .invalidMetadata("HDRCapacityMin \(hdrCapacityMin) / HDRCapacityMax \(hdrCapacityMax) not finite")
        }
        guard hdrCapacityMin >= 0 else { throw .invalidMetadata("HDRCapacityMin \(hdrCapacityMin) is negative") }
        guard hdrCapacityMax > hdrCapacityMin else {
            throw .invalidMetadata("HDRCapacityMax \(hdrCapacityMax) is not above HDRCapacityMin \(hdrCapacityMin)")
        }
    }
}
