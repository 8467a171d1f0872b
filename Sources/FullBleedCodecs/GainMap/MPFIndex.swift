import FullBleedImage

/// The Multi-Picture Format index of a JPEG (CIPA DC-007-2009, "MP Index IFD"), as the APP2 `MPF\0`
/// segment of the first image stores it: a TIFF header (`II*\0` or `MM\0*`, then the offset of the IFD),
/// the Index IFD (tags 0xB000 MPFVersion, 0xB001 NumberOfImages, 0xB002 MPEntry), and the MP Entry
/// table it points to: 16 bytes per image (u32 attributes, u32 size, u32 data offset, u16 + u16 dependent
/// entries). Every offset, the entries' data offsets included, is relative to the TIFF header (the byte
/// after `MPF\0`); the first image's data offset is 0 (it starts the file).
struct MPFIndex: Equatable {
    struct Entry: Equatable {
        /// MP image attributes (bits 0-23 type: 0x030000 baseline primary, 0x010001/2 thumbnails ...).
        var attributes: UInt32
        /// Bytes of the image, SOI to EOI.
        var size: Int
        /// Data offset from the TIFF header of the MPF segment; 0 for the first image.
        var offset: Int
    }

    var entries: [Entry]

    /// Most entries read (a gain map file has 2).
    static let maxEntries = 32

    /// Parses the payload after `MPF\0`; `.invalidMetadata` for a truncated or inconsistent index.
    static func parse(_ payload: [UInt8]) throws(GainMapError) -> MPFIndex {
        guard payload.count >= 8 else { throw .invalidMetadata("MPF index of \(payload.count) bytes has no TIFF header") }
        let little: Bool
        switch (payload[0], payload[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: throw .invalidMetadata("MPF index has no TIFF byte order mark")
        }
        let reader = TIFFReader(bytes: payload, littleEndian: little)
        guard reader.u16(2) == 42, let ifd = reader.u32(4) else { throw .invalidMetadata("MPF index has a bad TIFF header") }
        guard let count = reader.u16(Int(ifd)), Int(ifd) + 2 + count * 12 <= payload.count else {
            throw .invalidMetadata("MPF index IFD at \(ifd) does not fit in the \(payload.count)-byte segment")
        }
        var imageCount: Int?
        var table: (count: Int, offset: Int)?
        reader.forEachEntry(ifd: Int(ifd)) { tag, type, count, valueOffset in
            switch tag {
            case 0xB001: imageCount = reader.shortValue(type: type, at: valueOffset)
            case 0xB002: if let offset = reader.u32(valueOffset) { table = (count, Int(offset)) }
            default: break
            }
        }
        guard let table else { throw .invalidMetadata("MPF index has no MP Entry tag") }
        guard table.count % 16 == 0, table.count / 16 >= 1 else {
            throw .invalidMetadata("MPF MP Entry of \(table.count) bytes (16 per image expected)")
        }
        let images = table.count / 16
        if let imageCount, imageCount != images {
            throw .invalidMetadata("MPF index says \(imageCount) images, its MP Entry holds \(images)")
        }
        guard images <= maxEntries else { throw .invalidMetadata("MPF index lists \(images) images (at most \(maxEntries) read)") }
        guard table.offset >= 0, table.offset <= payload.count, table.count <= payload.count - table.offset else {
            throw .invalidMetadata("MPF MP Entry at \(table.offset) (+\(table.count) bytes) is outside the \(payload.count)-byte segment")
        }
        var entries: [Entry] = []
        for i in 0..<images {
            let at = table.offset + 16 * i
            guard let attributes = reader.u32(at), let size = reader.u32(at + 4), let offset = reader.u32(at + 8) else {
                throw .invalidMetadata("MPF MP Entry \(i + 1) is truncated")
            }
            entries.append(Entry(attributes: attributes, size: Int(size), offset: Int(offset)))
        }
        return MPFIndex(entries: entries)
    }
}

/// The marker segments of one JPEG's header, located by walking their lengths from SOI up to the first
/// SOS (which libjpeg has already validated when this runs): what lets a reader turn MPF offsets, which are
/// relative to a position in the file, into file positions (libjpeg saves a segment's bytes, not its place).
enum JPEGSegmentWalker {
    struct Segment: Equatable {
        /// The marker code (0xE1 for APP1 ...).
        var marker: UInt8
        /// File offset of the segment's 0xFF.
        var offset: Int
        /// File offset of the payload (after the 2-byte length).
        var payloadOffset: Int { offset + 4 }
        /// Payload bytes (length field minus 2).
        var payloadLength: Int
    }

    /// The segments of the JPEG that starts at `start` (its SOI), in file order, up to SOS or EOI; stops at
    /// the first inconsistency (a length running past the end, a missing marker prefix).
    static func segments(in bytes: [UInt8], from start: Int = 0) -> [Segment] {
        guard start >= 0, bytes.count - start >= 4, bytes[start] == 0xFF, bytes[start + 1] == 0xD8 else { return [] }
        var result: [Segment] = []
        var i = start + 2
        while i + 4 <= bytes.count, result.count < 1000 {
            guard bytes[i] == 0xFF else { break }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { break }
            result.append(Segment(marker: marker, offset: i, payloadLength: length - 2))
            i += 2 + length
        }
        return result
    }
}

/// File positions of the images an MPF file lists (for tests and tools): the primary's MPF segment
/// located by `JPEGSegmentWalker`, its index parsed, each entry turned into a byte range of the file.
enum UltraHDRLayout {
    static func imageRanges(_ bytes: [UInt8]) throws(GainMapError) -> [Range<Int>] {
        let prefix: [UInt8] = Array("MPF".utf8) + [0]
        guard let segment = JPEGSegmentWalker.segments(in: bytes).first(where: { s in
            s.marker == 0xE2 && s.payloadLength >= 4 && bytes[s.payloadOffset..<(s.payloadOffset + 4)].elementsEqual(prefix)
        }) else { throw .invalidMetadata("no MPF segment") }
        let tiff = segment.payloadOffset + 4
        let index = try MPFIndex.parse(Array(bytes[tiff..<(segment.payloadOffset + segment.payloadLength)]))
        return try index.entries.enumerated().map { (number, entry) throws(GainMapError) in
            let start = number == 0 ? 0 : tiff + entry.offset
            guard start >= 0, start <= bytes.count, entry.size <= bytes.count - start else {
                throw .invalidMetadata("MPF image \(number + 1) is outside the file")
            }
            return start..<(start + entry.size)
        }
    }
}
