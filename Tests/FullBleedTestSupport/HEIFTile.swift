/// The coded primary image of a single-image HEIF file (as libheif writes one), taken apart so that
/// `HEIFGridBuilder` can place it as a tile of a grid: its item type (`hvc1`), its property boxes byte
/// for byte (`hvcC` decoder configuration, `ispe` size, `colr`, `pixi`...) and its coded data (the
/// `iloc` extents concatenated: length-prefixed NAL units for HEVC).
public struct HEIFTile: Sendable {
    public var itemType: String
    /// Whole property boxes (header included), in the order the item's `ipma` entry lists them.
    public var properties: [[UInt8]]
    public var data: [UInt8]

    public init(itemType: String, properties: [[UInt8]], data: [UInt8]) {
        self.itemType = itemType
        self.properties = properties
        self.data = data
    }

    /// Reads the primary item (`pitm`) of `file`: its `infe` type, its `ipma`-associated `ipco` boxes,
    /// and its `iloc` extents (in the file, construction method 0, or in `idat`, method 1).
    public init(singleImageHEIF file: [UInt8]) throws {
        let reader = ISOBMFFReader(file)
        let meta = try reader.box("meta", in: 0..<file.count)
        let metaChildren = try reader.fullBoxHeader(meta.payload).rest
        let pitm = try reader.fullBoxHeader(try reader.box("pitm", in: metaChildren).payload)
        let primary = try reader.uint(at: pitm.rest.lowerBound, byteCount: pitm.version == 0 ? 2 : 4)

        itemType = try Self.itemType(of: primary, reader: reader, metaChildren: metaChildren)
        properties = try Self.properties(of: primary, reader: reader, metaChildren: metaChildren)
        data = try Self.data(of: primary, reader: reader, metaChildren: metaChildren)
    }

    private static func itemType(of item: Int, reader: ISOBMFFReader, metaChildren: Range<Int>) throws -> String {
        let iinf = try reader.fullBoxHeader(try reader.box("iinf", in: metaChildren).payload)
        let entries = (iinf.rest.lowerBound + (iinf.version == 0 ? 2 : 4))..<iinf.rest.upperBound
        for infe in try reader.boxes(in: entries) where infe.type == "infe" {
            let header = try reader.fullBoxHeader(infe.payload)
            guard header.version >= 2 else { continue }
            let idSize = header.version == 2 ? 2 : 4
            if try reader.uint(at: header.rest.lowerBound, byteCount: idSize) == item {
                return try reader.fourCC(at: header.rest.lowerBound + idSize + 2)
            }
        }
        throw ISOBMFFReader.Failure("no infe for item \(item)")
    }

    private static func properties(of item: Int, reader: ISOBMFFReader, metaChildren: Range<Int>) throws -> [[UInt8]] {
        let iprp = try reader.box("iprp", in: metaChildren)
        let ipco = try reader.boxes(in: try reader.box("ipco", in: iprp.payload).payload)
        let ipma = try reader.fullBoxHeader(try reader.box("ipma", in: iprp.payload).payload)
        var offset = ipma.rest.lowerBound
        let entryCount = try reader.uint(at: offset, byteCount: 4)
        offset += 4
        for _ in 0..<entryCount {
            let idSize = ipma.version < 1 ? 2 : 4
            let itemID = try reader.uint(at: offset, byteCount: idSize)
            let associationCount = try reader.uint(at: offset + idSize, byteCount: 1)
            offset += idSize + 1
            var indices: [Int] = []
            for _ in 0..<associationCount {
                let wide = ipma.flags & 1 != 0
                let value = try reader.uint(at: offset, byteCount: wide ? 2 : 1)
                indices.append(value & (wide ? 0x7FFF : 0x7F))
                offset += wide ? 2 : 1
            }
            guard itemID == item else { continue }
            return try indices.filter { $0 > 0 }.map { index in
                guard index <= ipco.count else { throw ISOBMFFReader.Failure("property index \(index) of \(ipco.count)") }
                return Array(reader.bytes[ipco[index - 1].range])
            }
        }
        throw ISOBMFFReader.Failure("no ipma entry for item \(item)")
    }

    private static func data(of item: Int, reader: ISOBMFFReader, metaChildren: Range<Int>) throws -> [UInt8] {
        let iloc = try reader.fullBoxHeader(try reader.box("iloc", in: metaChildren).payload)
        var offset = iloc.rest.lowerBound
        let sizes = try reader.uint(at: offset, byteCount: 2)
        let offsetSize = sizes >> 12, lengthSize = sizes >> 8 & 15, baseOffsetSize = sizes >> 4 & 15
        let indexSize = iloc.version >= 1 ? sizes & 15 : 0
        offset += 2
        let itemCount = try reader.uint(at: offset, byteCount: iloc.version < 2 ? 2 : 4)
        offset += iloc.version < 2 ? 2 : 4
        for _ in 0..<itemCount {
            let itemID = try reader.uint(at: offset, byteCount: iloc.version < 2 ? 2 : 4)
            offset += iloc.version < 2 ? 2 : 4
            var constructionMethod = 0
            if iloc.version >= 1 {
                constructionMethod = try reader.uint(at: offset, byteCount: 2) & 15
                offset += 2
            }
            offset += 2  // data_reference_index
            let baseOffset = try reader.uint(at: offset, byteCount: baseOffsetSize)
            offset += baseOffsetSize
            let extentCount = try reader.uint(at: offset, byteCount: 2)
            offset += 2
            var data: [UInt8] = []
            for _ in 0..<extentCount {
                offset += indexSize
                let extentOffset = try reader.uint(at: offset, byteCount: offsetSize)
                let extentLength = try reader.uint(at: offset + offsetSize, byteCount: lengthSize)
                offset += offsetSize + lengthSize
                guard itemID == item else { continue }
                var start = baseOffset + extentOffset
                if constructionMethod == 1 { start += try reader.box("idat", in: metaChildren).payload.lowerBound }
                guard constructionMethod <= 1, start + extentLength <= reader.bytes.count else {
                    throw ISOBMFFReader.Failure("extent of item \(item) at \(start)+\(extentLength) is not in the file")
                }
                data += reader.bytes[start..<(start + extentLength)]
            }
            if itemID == item { return data }
        }
        throw ISOBMFFReader.Failure("no iloc entry for item \(item)")
    }
}
