import Foundation
import FullBleedImage

/// Apple's HDR gain map (auxiliary image `urn:com:apple:photo:2020:aux:hdrgainmap` in HEIC; an MPF image
/// with `HDRGainMap:HDRGainMapVersion` XMP in iPhone JPEGs) expressed as ISO 21496-1 / Ultra HDR metadata.
///
/// Apple, "Applying Apple HDR effect to your photos" (developer documentation, AppKit): the map is an
/// 8-bit single-channel image "encoded using the Rec.709 transfer function"; linearise it (g), compute the
/// headroom H from the maker note (`AppleHDRMakerNote.headroom`), then
/// `hdr_rgb = sdr_rgb * (1.0 + (headroom - 1.0) * gainmap)` on linear SDR pixels.
///
/// That gain is linear in g, while the ISO/Ultra HDR gain is exponential in the stored value, so no choice
/// of gamma reproduces it (libultrahdr's Apple reader keeps the codes and sets gamma 1, which is exact
/// only at codes 0 and 255 and about 12 % off in the mid-tones for H = 4). FullBleed instead re-encodes the
/// codes: each Apple code c becomes the ISO code `round(255 * log2(1 + (H - 1) * rec709Linear(c / 255)) /
/// log2(H))` under metadata gainMapMin 0, gainMapMax log2(H), gamma 1, offsets 0, HDRCapacityMin 0,
/// HDRCapacityMax log2(H). At full headroom this is Apple's formula up to half an 8-bit step of the log
/// gain (at most 0.5/255 * log2(H) stops: 0.4 % for H = 8); on displays with less headroom the ISO weight
/// scales the log gain, the adaptive behaviour ISO 21496-1 defines (Apple's document does not define one).
/// One metadata model then serves every later step (crop, resample, re-encode as Ultra HDR).
enum AppleGainMap {
    static let auxiliaryType = "urn:com:apple:photo:2020:aux:hdrgainmap"

    /// The Rec. 709 inverse OETF (ITU-R BT.709): V < 0.081 ? V / 4.5 : ((V + 0.099) / 1.099)^(1 / 0.45).
    static func rec709Linear(_ v: Double) -> Double { v < 0.081 ? v / 4.5 : pow((v + 0.099) / 1.099, 1 / 0.45) }

    /// The metadata of a map of headroom `headroom` (linear, > 1).
    static func metadata(headroom: Double) -> GainMapMetadata {
        let stops = log2(headroom)
        return GainMapMetadata(GainMapMetadata.Channel(gainMapMin: 0, gainMapMax: stops, gamma: 1, offsetSDR: 0, offsetHDR: 0),
                               hdrCapacityMin: 0, hdrCapacityMax: stops)
    }

    /// Apple code -> ISO code under `metadata(headroom:)`.
    static func isoCodes(headroom: Double) -> [UInt8] {
        let stops = log2(headroom)
        return (0..<256).map { code in
            let gain = 1 + (headroom - 1) * rec709Linear(Double(code) / 255)
            return UInt8(min(max((255 * log2(gain) / stops).rounded(), 0), 255))
        }
    }

    /// The gain map of an Apple map image (8-bit gray; an RGB decode of it is reduced to its first channel)
    /// and headroom. Throws `.invalidMetadata` for a headroom that is not above 1 (no HDR effect: the map
    /// changes nothing) or not finite.
    static func gainMap(appleCodes image: Image, headroom: Double) throws(GainMapError) -> GainMap {
        guard headroom.isFinite, headroom > 1.000_001 else {
            throw .invalidMetadata("Apple HDR headroom \(headroom) is not above 1 (the map has no effect)")
        }
        guard image.format.sampleType == .uint8, image.layout == .gray || image.layout == .rgb else {
            throw .invalidImage("Apple gain map is \(image.format) (8-bit expected)")
        }
        let table = isoCodes(headroom: headroom)
        let source = image.samples8, step = image.channelCount
        let codes = (0..<(image.width * image.height)).map { table[Int(source[$0 * step])] }
        return try GainMap(image: Image(width: image.width, height: image.height, layout: .gray, samples: codes),
                           metadata: metadata(headroom: headroom))
    }
}
