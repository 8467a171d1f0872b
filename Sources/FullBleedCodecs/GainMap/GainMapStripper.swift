import FullBleedImage

/// The SDR rendition of a gain-map JPEG as a plain JPEG: the primary image alone (the MPF index's first
/// entry, SOI to EOI), without the segments that declare a gain map: the APP2 `MPF` index, the APP2
/// ISO 21496-1 version box and an APP1 XMP packet that names the `hdrgm` namespace. Every other segment
/// (JFIF, EXIF, ICC profile, tables) and the entropy-coded data are kept byte for byte, so no pixel is
/// re-encoded: for a file written by `Codecs.encodeUltraHDR(_:gainMap:options:)` the result is exactly the
/// bytes `Codecs.encode(_:as: .jpeg(options))` gives for the same base image.
///
/// What an asset catalog gets (docs/hdr.md): a file that no reader can take for HDR.
enum GainMapStripper {
    static func strip(_ bytes: [UInt8]) throws(GainMapError) -> [UInt8] {
        let ranges = try UltraHDRLayout.imageRanges(bytes)
        guard let primary = ranges.first, primary.lowerBound == 0 else { throw .invalidMetadata("no primary image") }
        let segments = JPEGSegmentWalker.segments(in: bytes)
        guard let last = segments.last else { throw .invalidMetadata("no JPEG segments") }
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(primary.count)
        for segment in segments where !declaresGainMap(segment, in: bytes) {
            out += bytes[segment.offset..<(segment.payloadOffset + segment.payloadLength)]
        }
        let scan = last.payloadOffset + last.payloadLength
        guard scan < primary.upperBound else { throw .invalidMetadata("the primary image has no scan") }
        out += bytes[scan..<primary.upperBound]
        return out
    }

    static func declaresGainMap(_ segment: JPEGSegmentWalker.Segment, in bytes: [UInt8]) -> Bool {
        let payload = bytes[segment.payloadOffset..<(segment.payloadOffset + segment.payloadLength)]
        func starts(with prefix: [UInt8]) -> Bool { payload.count >= prefix.count && payload.prefix(prefix.count).elementsEqual(prefix) }
        switch segment.marker {
        case 0xE2:
            return starts(with: Array("MPF".utf8) + [0]) || starts(with: UltraHDRWriter.isoIdentifier)
        case 0xE1:
            guard starts(with: UltraHDRWriter.xmpIdentifier) else { return false }
            let hdrgm = Array("hdrgm".utf8)
            let text = Array(payload)
            return text.indices.contains { i in i + hdrgm.count <= text.count && text[i..<(i + hdrgm.count)].elementsEqual(hdrgm) }
        default:
            return false
        }
    }
}

extension Codecs {
    /// The SDR base of an Ultra HDR / ISO 21496-1 JPEG as a plain JPEG, its pixels untouched
    /// (`GainMapStripper`): what a consumer that must not see the gain map gets. Throws a `CodecError`
    /// (`.corrupt`) when `bytes` has no MPF index naming a primary image with a scan.
    public static func standardDynamicRangeJPEG(strippingGainMapFrom bytes: [UInt8]) throws -> [UInt8] {
        do throws(GainMapError) { return try GainMapStripper.strip(bytes) } catch {
            throw CodecError(stage: .decode, format: .jpeg, reason: .corrupt("cannot strip the gain map: \(error)"))
        }
    }
}
