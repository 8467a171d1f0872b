import FullBleedImage

/// The largest frame an AV1 sequence header allows (`max_frame_width_minus_1 + 1` by
/// `max_frame_height_minus_1 + 1`, AV1 bitstream specification 5.5), read in pure Swift from the start
/// of an OBU stream: what dav1d allocates for before it decodes a pixel.
///
/// libheif 1.15 checks an AVIF item's `ispe` against its size limit but hands the AV1 data to dav1d
/// without a frame size limit, so a 1 KB file whose `ispe` says 64x48 and whose sequence header says
/// 62497x10758 made dav1d allocate 2 GB (a fuzzer find). `AV1FrameCheck` applies the decode's pixel limit
/// to every sequence header of the file first.
enum AV1SequenceHeader {
    struct Malformed: Error {
        var reason: String
    }

    /// The maximum frame size of the first sequence header among the OBUs at the start of `obus`
    /// (temporal delimiters, metadata and padding before it are skipped); nil when the bytes end first or
    /// a frame comes before any sequence header (then there is nothing to check here: libheif or dav1d
    /// refuses the stream).
    static func maximumFrameSize(inOBUs obus: [UInt8]) throws(Malformed) -> PixelSize? {
        var offset = 0
        while offset < obus.count {
            let header = obus[offset]
            guard header & 0x80 == 0 else { throw Malformed(reason: "AV1 OBU at \(offset) has its forbidden bit set") }
            let type = Int(header >> 3 & 0x0F)
            let hasExtension = header & 0x04 != 0, hasSize = header & 0x02 != 0
            offset += hasExtension ? 2 : 1
            let size: Int
            if hasSize {
                guard let (value, length) = leb128(obus, at: offset) else { return nil }
                size = value
                offset += length
            } else {
                size = obus.count - offset   // the OBU runs to the end of the data
            }
            switch type {
            case 1:   // OBU_SEQUENCE_HEADER
                var reader = BitReader(bytes: obus, start: offset, end: min(obus.count, offset &+ size))
                return try maximumFrameSize(&reader)
            case 3, 4, 6:   // a frame header, tile group or frame before any sequence header
                return nil
            default:
                guard size <= obus.count - offset else { return nil }
                offset += size
            }
        }
        return nil
    }

    /// Reads `sequence_header_obu()` up to `max_frame_height_minus_1`.
    private static func maximumFrameSize(_ bits: inout BitReader) throws(Malformed) -> PixelSize? {
        _ = try bits.read(3)   // seq_profile
        _ = try bits.read(1)   // still_picture
        let reducedStillPictureHeader = try bits.read(1) == 1
        if reducedStillPictureHeader {
            _ = try bits.read(5)   // seq_level_idx[0]
        } else {
            var decoderModelInfoPresent = false
            var bufferDelayLength = 0
            if try bits.read(1) == 1 {   // timing_info_present_flag
                _ = try bits.read(32)   // num_units_in_display_tick
                _ = try bits.read(32)   // time_scale
                if try bits.read(1) == 1 { try bits.skipUVLC() }   // equal_picture_interval, num_ticks_per_picture_minus_1
                decoderModelInfoPresent = try bits.read(1) == 1
                if decoderModelInfoPresent {
                    bufferDelayLength = try bits.read(5) + 1
                    _ = try bits.read(32)   // num_units_in_decoding_tick
                    _ = try bits.read(10)   // buffer_removal_time_length_minus_1, frame_presentation_time_length_minus_1
                }
            }
            let initialDisplayDelayPresent = try bits.read(1) == 1
            let operatingPoints = try bits.read(5) + 1
            for _ in 0..<operatingPoints {
                _ = try bits.read(12)   // operating_point_idc
                if try bits.read(5) > 7 { _ = try bits.read(1) }   // seq_level_idx, seq_tier
                let decoderModelForThisPoint = decoderModelInfoPresent ? try bits.read(1) == 1 : false
                if decoderModelForThisPoint {
                    _ = try bits.read(bufferDelayLength)   // decoder_buffer_delay
                    _ = try bits.read(bufferDelayLength)   // encoder_buffer_delay
                    _ = try bits.read(1)                   // low_delay_mode_flag
                }
                let initialDisplayDelayForThisPoint = initialDisplayDelayPresent ? try bits.read(1) == 1 : false
                if initialDisplayDelayForThisPoint { _ = try bits.read(4) }   // initial_display_delay_minus_1
            }
        }
        let widthBits = try bits.read(4) + 1, heightBits = try bits.read(4) + 1
        return PixelSize(width: try bits.read(widthBits) + 1, height: try bits.read(heightBits) + 1)
    }

    /// An unsigned LEB128 value (at most 8 bytes, AV1 4.10.5) and its length; nil past the end.
    private static func leb128(_ bytes: [UInt8], at start: Int) -> (Int, Int)? {
        var value = 0
        for index in 0..<8 {
            guard start + index < bytes.count else { return nil }
            let byte = bytes[start + index]
            value |= Int(byte & 0x7F) << (7 * index)
            if byte & 0x80 == 0 { return (value, index + 1) }
        }
        return (value, 8)
    }

    /// Most significant bit first, every read checked against the end.
    private struct BitReader {
        let bytes: [UInt8]
        var position: Int
        let end: Int

        init(bytes: [UInt8], start: Int, end: Int) {
            self.bytes = bytes
            position = start * 8
            self.end = end * 8
        }

        mutating func read(_ count: Int) throws(Malformed) -> Int {
            guard count <= 32, position + count <= end else {
                throw Malformed(reason: "AV1 sequence header ends inside a \(count)-bit field")
            }
            var value = 0
            for _ in 0..<count {
                value = value << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
                position += 1
            }
            return value
        }

        /// `uvlc()`: leading zeros, a one, then as many bits.
        mutating func skipUVLC() throws(Malformed) {
            var zeros = 0
            while try read(1) == 0 {
                zeros += 1
                guard zeros < 32 else { return }
            }
            _ = try read(zeros)
        }
    }
}

/// The AV1 check of a HEIF file before libheif decodes it: every `av01` item's data and every `av1C`
/// configuration's OBUs whose sequence header allows a frame over the decode's pixel limit is refused
/// (`AV1SequenceHeader`).
enum AV1FrameCheck {
    /// Throws a `CodecError` when a sequence header of the AVIF `bytes` allows a frame over `limits`.
    static func check(_ bytes: [UInt8], format: ImageFormat, stage: CodecError.Stage, limits: DecodeOptions) throws {
        let sizes: [PixelSize]
        do { sizes = try maximumFrameSizes(in: bytes) } catch let error as HEIFDerivedCanvas.Malformed {
            throw CodecError(stage: stage, format: format, reason: .corrupt("reading the AV1 items: \(error.reason)"))
        } catch let error as AV1SequenceHeader.Malformed {
            throw CodecError(stage: stage, format: format, reason: .corrupt(error.reason))
        }
        for size in sizes {
            let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
            guard overflow || pixels > limits.maxPixels else { continue }
            throw CodecError(stage: stage, format: format,
                             reason: .corrupt("the AV1 sequence header allows \(size) frames, over the limit of \(limits.maxPixels) pixels"))
        }
    }

    /// The maximum frame sizes the file's AV1 sequence headers declare, from the items' data (first 512
    /// bytes each) and the `av1C` boxes. Throws `HEIFDerivedCanvas.Malformed` for broken boxes and
    /// `AV1SequenceHeader.Malformed` for a broken header.
    static func maximumFrameSizes(in bytes: [UInt8]) throws -> [PixelSize] {
        typealias Walker = HEIFDerivedCanvas.BoxWalker
        let file = Walker(bytes: bytes)
        guard let meta = try file.children(of: 0..<bytes.count).first(where: { $0.type == "meta" }) else { return [] }
        let metaChildren = try file.children(of: (meta.payload.lowerBound + 4)..<meta.payload.upperBound)
        var sizes: [PixelSize] = []
        if let iprp = metaChildren.first(where: { $0.type == "iprp" }),
           let ipco = try file.children(of: iprp.payload).first(where: { $0.type == "ipco" }) {
            for property in try file.children(of: ipco.payload) where property.type == "av1C" && property.payload.count > 4 {
                let obus = Array(bytes[(property.payload.lowerBound + 4)..<property.payload.upperBound])
                if let size = try AV1SequenceHeader.maximumFrameSize(inOBUs: obus) { sizes.append(size) }
            }
        }
        guard let iinf = metaChildren.first(where: { $0.type == "iinf" })?.payload,
              let iloc = metaChildren.first(where: { $0.type == "iloc" })?.payload else { return sizes }
        let idat = metaChildren.first { $0.type == "idat" }?.payload
        for (item, type) in try HEIFDerivedCanvas.items(iinf: iinf, file: file) where type == "av01" {
            // An item libheif could not read either (no location, another construction method) is its concern.
            guard let data = try? HEIFDerivedCanvas.itemData(of: item, iloc: iloc, idat: idat, file: file, maximumBytes: 512) else { continue }
            if let size = try AV1SequenceHeader.maximumFrameSize(inOBUs: data) { sizes.append(size) }
        }
        return sizes
    }
}
