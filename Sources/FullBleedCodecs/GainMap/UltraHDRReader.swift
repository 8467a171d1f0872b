import FullBleedImage

/// Finds and reads the gain map of a JPEG: Ultra HDR v1.0 and ISO 21496-1 files (Android, Chrome,
/// libultrahdr, Adobe) and iPhone JPEGs (Apple's gain map, see `AppleGainMap`).
///
/// Locating (Ultra HDR v1.0 "Locate the gain map image": "the MPF Index IFD and scanning images' XMP"):
/// the primary's APP2 MPF index lists the images; each image after the first (offsets relative to the MPF
/// segment's TIFF header, `MPFIndex`) is checked to start with SOI and its header is read with libjpeg; the
/// first whose header carries gain map metadata is the gain map: an ISO 21496-1 segment with the full
/// structure, an `hdrgm:` XMP packet, or Apple's `HDRGainMapVersion` XMP. Other MPF images (camera
/// previews, stereo pairs) are skipped.
///
/// Metadata: ISO 21496-1 is preferred when a gain map carries both it and `hdrgm:` XMP: it is the
/// standard, the XMP is the Ultra HDR v1.0 compatibility copy, and libultrahdr 1.4 (`JpegR::parseGainMapMetadata`)
/// reads ISO first too. Apple maps take their headroom from `HDRGainMap:HDRGainMapHeadroom` in the map's
/// XMP, else from the primary's EXIF maker note (`AppleHDRMakerNote.headroom`).
///
/// Limits: the map's header size is checked against `DecodeOptions.maxPixels` and against the primary's
/// size before any pixel is decoded; a larger map, a map of another shape (`GainMap.checkFits`), CMYK,
/// corrupt data or invalid metadata is refused with one warning ("gain map ignored: ..."), and the SDR
/// image is used. Problems are only reported when the file declares a gain map (an `hdrgm` or ISO 21496-1
/// segment in the primary, or a candidate image with gain map metadata): a camera's MPF previews are
/// nobody's business. Nothing is thrown; `Codecs.decode` checks the decode deadline once this returns
/// (the map is at most the primary's size, decoded after it).
///
/// Orientation: the map is stored in the primary's stored orientation (Ultra HDR v1.0 "Gain map
/// generation": "The orientation of the gain map must match that of the primary image"); the primary's
/// EXIF orientation is applied to it when `options.applyOrientation`, and the map's own EXIF is ignored.
enum UltraHDRReader {
    struct Result {
        var gainMap: GainMap?
        var info: GainMapInfo?
        var warnings: [String] = []
    }

    /// The gain map of the JPEG `bytes` whose primary header is `primary`. With `decodePixels` false (a
    /// probe) only the map's header and metadata are read and `gainMap` stays nil.
    static func read(_ bytes: [UInt8], primary: JPEGHeader, orientation: Orientation, options: DecodeOptions,
                     decodePixels: Bool) -> Result {
        let declared = primary.segments.contains { $0.kind == .iso21496 }
            || primary.segments.contains { $0.kind == .xmp && XMPGainMap.declaresGainMap($0.payload) }
        func ignored(_ reason: String, _ report: Bool = true) -> Result {
            Result(warnings: report ? ["gain map ignored: \(reason)"] : [])
        }
        guard let mpf = primary.segments.first(where: { $0.kind == .mpf }) else {
            return ignored("the file declares a gain map but has no MPF index", declared)
        }
        let index: MPFIndex
        do throws(GainMapError) { index = try MPFIndex.parse(mpf.payload) } catch {
            return ignored("\(error)", declared)
        }
        // Where the MPF segment's TIFF header is in the file: the first APP2 whose payload is "MPF\0" + the saved bytes.
        let mpfPrefix: [UInt8] = Array("MPF".utf8) + [0]
        guard let segment = JPEGSegmentWalker.segments(in: bytes).first(where: { s in
            s.marker == 0xE2 && s.payloadLength == mpfPrefix.count + mpf.payload.count
                && bytes[s.payloadOffset..<(s.payloadOffset + s.payloadLength)].elementsEqual(mpfPrefix + mpf.payload)
        }) else {
            return ignored("the MPF segment is not in the file's header", declared)
        }
        let tiffHeader = segment.payloadOffset + mpfPrefix.count

        var problems: [String] = []
        for (number, entry) in index.entries.enumerated().dropFirst() {
            let (start, overflow) = tiffHeader.addingReportingOverflow(entry.offset)
            guard entry.offset > 0, !overflow, start < bytes.count, entry.size >= 4, entry.size <= bytes.count - start else {
                problems.append("MPF image \(number + 1) (\(entry.size) bytes at offset \(entry.offset) from byte \(tiffHeader)) is not inside the \(bytes.count)-byte file")
                continue
            }
            guard bytes[start] == 0xFF, bytes[start + 1] == 0xD8 else {
                problems.append("MPF image \(number + 1) at byte \(start) is not a JPEG")
                continue
            }
            let image = Array(bytes[start..<(start + entry.size)])
            let header: JPEGHeader
            do { header = try JPEGDecompressor.run(image, stage: .decode) { try $0.readHeader() } } catch {
                problems.append("MPF image \(number + 1): \(reason(error))")
                continue
            }
            guard let kind = Candidate(header) else { continue }
            do throws(GainMapError) {
                return try read(kind, image: image, header: header, primary: primary, orientation: orientation,
                                options: options, decodePixels: decodePixels)
            } catch {
                return ignored("\(error)")
            }
        }
        if !problems.isEmpty { return ignored(problems[0], declared) }
        return ignored("none of the \(index.entries.count) MPF images carries gain map metadata", declared)
    }

    /// A gain map image's metadata, by preference.
    private enum Candidate {
        case iso([UInt8])
        case xmp([UInt8])
        case apple(headroom: Double?)

        init?(_ header: JPEGHeader) {
            if let iso = header.segments.first(where: { $0.kind == .iso21496 && $0.payload.count > 4 }) {
                self = .iso(iso.payload)
            } else if let xmp = header.segments.first(where: { $0.kind == .xmp && XMPGainMap.hasGainMapMetadata($0.payload) }) {
                self = .xmp(xmp.payload)
            } else if let apple = header.segments.lazy.filter({ $0.kind == .xmp }).compactMap({ XMPGainMap.apple($0.payload) }).first {
                self = .apple(headroom: apple.headroom)
            } else {
                return nil
            }
        }
    }

    private static func read(_ candidate: Candidate, image: [UInt8], header: JPEGHeader, primary: JPEGHeader,
                             orientation: Orientation, options: DecodeOptions, decodePixels: Bool) throws(GainMapError) -> Result {
        let source: GainMapInfo.Source
        var metadata: GainMapMetadata
        var warnings: [String] = []
        var appleHeadroom: Double?
        switch candidate {
        case .iso(let payload):
            source = .iso21496
            guard case .metadata(let parsed) = try ISO21496Metadata.parse(payload) else {
                throw .invalidMetadata("the ISO 21496-1 box of the gain map has no metadata")
            }
            metadata = parsed
            if !metadata.useBaseColorSpace {
                warnings.append("gain map: ISO 21496-1 asks for the alternate image's colour space, which is not read; the base image's is used")
            }
        case .xmp(let payload):
            source = .ultraHDRXMP
            metadata = try XMPGainMap.metadata(payload)
        case .apple(let headroom):
            source = .apple
            guard let value = headroom ?? primary.exifMetadata?.appleHDR?.headroom else {
                throw .invalidMetadata("Apple gain map without a headroom (no HDRGainMapHeadroom XMP, no maker note tags 33 and 48)")
            }
            appleHeadroom = value
            metadata = AppleGainMap.metadata(headroom: value)
        }
        try metadata.validate()

        let stored = header.storedSize
        guard header.colorModel == .gray || header.colorModel == .ycbcr || header.colorModel == .rgb else {
            throw .invalidImage("gain map JPEG is \(header.colorModel.rawValue)")
        }
        do { try options.checkLimits(width: stored.width, height: stored.height, format: .jpeg) } catch {
            throw .invalidImage("\(stored.width)x\(stored.height): \(reason(error))")
        }
        guard stored.width <= primary.storedSize.width, stored.height <= primary.storedSize.height else {
            throw .invalidImage("\(stored.width)x\(stored.height) is larger than the \(primary.storedSize.width)x\(primary.storedSize.height) image")
        }
        let displayed = orientation.displaySize(ofStored: stored)
        guard decodePixels else {
            return Result(info: GainMapInfo(source: source, size: options.applyOrientation ? displayed : stored, metadata: metadata),
                          warnings: warnings)
        }

        let codes: Image
        do {
            codes = try JPEGDecompressor.run(image, stage: .decode) { decompressor in
                _ = try decompressor.readHeader()
                let output = try decompressor.start(scaleDenominator: 1)
                guard output.channels == 1 || output.channels == 3 else {
                    throw CodecError(stage: .decode, format: .jpeg, reason: .unsupported("\(output.channels)-channel gain map"))
                }
                var pixels = Image(width: output.size.width, height: output.size.height, format: output.channels == 1 ? .gray8 : .rgb8)
                let rowBytes = pixels.bytesPerRow
                try pixels.withUnsafeMutableBytes { try decompressor.readPixels(into: $0, rowBytes: rowBytes) }
                return pixels
            }
        } catch {
            throw .invalidImage(reason(error))
        }
        var map: GainMap
        if let appleHeadroom {
            map = try AppleGainMap.gainMap(appleCodes: codes, headroom: appleHeadroom)
        } else {
            map = try GainMap(image: codes, metadata: metadata)
        }
        try map.checkFits(baseSize: primary.storedSize)
        if options.applyOrientation { map = map.applyingOrientation(orientation) }
        return Result(gainMap: map, info: GainMapInfo(source: source, size: map.size, metadata: map.metadata), warnings: warnings)
    }

    private static func reason(_ error: any Error) -> String {
        (error as? CodecError)?.reasonText ?? "\(error)"
    }
}
