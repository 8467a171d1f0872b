import FullBleedImage

/// The canvas size a derived primary image (`grid` tiles, `iovl` overlay; ISO/IEC 23008-12 6.6.2)
/// declares in its item data, read in pure Swift from the `meta` box.
///
/// libheif 1.15 reports such an image's size from its `ispe` property but allocates the canvas its
/// item data declares when decoding, so a file with a 1x1 `ispe` could make it allocate 32767x32767
/// pixels past the pixel limit. `HEIFFile` checks this canvas before any pixel is decoded.
/// The `dimg` references below it are checked too (`checkDerivation`: no cycle, a bounded number of
/// coded inputs). Only what the checks need is parsed: `pitm`, the primary `infe` type, its `iloc` entry
/// (one or more extents in the file or in `idat`), the first bytes of its data, the `iref` `dimg` lists.
enum HEIFDerivedCanvas {
    struct Malformed: Error {
        var reason: String
    }

    /// A derived primary image's declared canvas (pixels, before `irot`/`imir`) and whether its `irot`
    /// turns it by a quarter (90 or 270 degrees), so that libheif decodes it with width and height swapped.
    struct Canvas: Equatable {
        var size: PixelSize
        var quarterTurned: Bool

        /// The size libheif decodes the primary image to: the canvas, turned by its `irot`.
        var decodedSize: PixelSize { quarterTurned ? PixelSize(width: size.height, height: size.width) : size }
    }

    /// The declared canvas of the primary item when it is a `grid` or an `iovl`; nil for a coded image.
    /// Throws `Malformed` when the boxes it needs are broken or its `dimg` references fail `checkDerivation`.
    static func canvas(in bytes: [UInt8]) throws(Malformed) -> Canvas? {
        let file = BoxWalker(bytes: bytes)
        guard let meta = try file.children(of: 0..<bytes.count).first(where: { $0.type == "meta" }) else { return nil }
        let metaChildren = try file.children(of: (meta.payload.lowerBound + 4)..<meta.payload.upperBound)
        func child(_ type: String) throws(Malformed) -> Range<Int> {
            guard let box = metaChildren.first(where: { $0.type == type }) else { throw Malformed(reason: "no '\(type)' box") }
            return box.payload
        }
        let pitm = try child("pitm")
        let primary = try file.uint(pitm.lowerBound + 4, file.uint(pitm.lowerBound, 1) == 0 ? 2 : 4)
        let type = try itemType(of: primary, iinf: try child("iinf"), file: file)
        guard type == "grid" || type == "iovl" else { return nil }
        try checkDerivation(from: primary, inputs: derivationInputs(iref: metaChildren.first { $0.type == "iref" }?.payload, file: file))

        let data = try itemData(of: primary, iloc: try child("iloc"), idat: metaChildren.first { $0.type == "idat" }?.payload, file: file)
        let reader = BoxWalker(bytes: data)
        let wide = try reader.uint(1, 1) & 1 != 0
        // grid: version, flags, rows - 1, columns - 1, width, height.
        // iovl: version, flags, four 16-bit fill values, width, height.
        let sizeOffset = type == "grid" ? 4 : 10
        let field = wide ? 4 : 2
        let size = PixelSize(width: try reader.uint(sizeOffset, field), height: try reader.uint(sizeOffset + field, field))
        let turn = try rotation(of: primary, iprp: metaChildren.first { $0.type == "iprp" }?.payload, file: file)
        return Canvas(size: size, quarterTurned: turn % 2 == 1)
    }

    /// The `irot` angle of `item` in quarter turns anticlockwise (0...3; 0 without an `irot`), from the
    /// item's property associations (`ipma`) into the property container (`ipco`, 1-based indices).
    static func rotation(of item: Int, iprp: Range<Int>?, file: BoxWalker) throws(Malformed) -> Int {
        guard let iprp else { return 0 }
        let boxes = try file.children(of: iprp)
        guard let ipco = boxes.first(where: { $0.type == "ipco" }) else { return 0 }
        let properties = try file.children(of: ipco.payload)
        for ipma in boxes where ipma.type == "ipma" {
            var offset = ipma.payload.lowerBound
            let version = try file.uint(offset, 1), wideIndex = try file.uint(offset + 1, 3) & 1 != 0
            offset += 4
            let entries = try file.uint(offset, 4)
            offset += 4
            for _ in 0..<min(entries, ipma.payload.count) {
                let id = try file.uint(offset, version < 1 ? 2 : 4)
                offset += version < 1 ? 2 : 4
                let count = try file.uint(offset, 1)
                offset += 1
                for _ in 0..<count {
                    let index = wideIndex ? try file.uint(offset, 2) & 0x7FFF : try file.uint(offset, 1) & 0x7F
                    offset += wideIndex ? 2 : 1
                    guard id == item, index >= 1, index <= properties.count, properties[index - 1].type == "irot" else { continue }
                    return try file.uint(properties[index - 1].payload.lowerBound, 1) & 3
                }
            }
        }
        return 0
    }

    /// The most coded images one primary image may be assembled from, counting every path through nested
    /// derived images: a 256x256 grid, the largest one 8-bit row and column counts describe.
    static let maximumCodedInputs = 65_536

    /// Checks the `dimg` graph below the derived primary item before libheif walks it. libheif 1.15
    /// follows these references recursively, decoding each input on a new thread, with no cycle check: a
    /// grid that lists itself as its tile starts threads until the process cannot make another one and
    /// aborts (a fuzzer find). Nested derived images (an overlay of grids) are allowed; a cycle, or more
    /// than `maximumCodedInputs` coded images counted over every path (inputs shared between derived
    /// images are decoded once per use), throws `Malformed`. `inputs` maps a derived item to the items it
    /// lists, in order; an item without an entry is a coded image.
    static func checkDerivation(from primary: Int, inputs: [Int: [Int]]) throws(Malformed) {
        var codedInputs: [Int: Int] = [:]
        var onPath: Set<Int> = []
        func count(_ item: Int) throws(Malformed) -> Int {
            guard let listed = inputs[item] else { return 1 }
            if let known = codedInputs[item] { return known }
            guard onPath.insert(item).inserted else {
                throw Malformed(reason: "the derived image \(item) is among its own inputs (a reference cycle)")
            }
            var total = 0
            for input in listed {
                total += try count(input)
                guard total <= maximumCodedInputs else {
                    throw Malformed(reason: "the derived image \(primary) is assembled from more than \(maximumCodedInputs) coded images")
                }
            }
            onPath.remove(item)
            codedInputs[item] = total
            return total
        }
        guard try count(primary) > 0 else { throw Malformed(reason: "the derived image \(primary) has no inputs") }
    }

    /// The `dimg` references of the `iref` box: each derived item and the items it lists, in order.
    private static func derivationInputs(iref: Range<Int>?, file: BoxWalker) throws(Malformed) -> [Int: [Int]] {
        guard let iref else { return [:] }
        let idSize = try file.uint(iref.lowerBound, 1) == 0 ? 2 : 4
        var inputs: [Int: [Int]] = [:]
        for reference in try file.children(of: (iref.lowerBound + 4)..<iref.upperBound) where reference.type == "dimg" {
            let from = try file.uint(reference.payload.lowerBound, idSize)
            let count = try file.uint(reference.payload.lowerBound + idSize, 2)
            let first = reference.payload.lowerBound + idSize + 2
            guard count <= (reference.payload.upperBound - first) / idSize else {
                throw Malformed(reason: "the 'dimg' reference of item \(from) lists \(count) items past its box")
            }
            for index in 0..<count { inputs[from, default: []].append(try file.uint(first + index * idSize, idSize)) }
        }
        return inputs
    }

    static func itemType(of item: Int, iinf: Range<Int>, file: BoxWalker) throws(Malformed) -> String {
        guard let entry = try items(iinf: iinf, file: file).first(where: { $0.id == item }) else {
            throw Malformed(reason: "no item information for the primary item \(item)")
        }
        return entry.type
    }

    /// Every item of the `iinf` box with an `infe` of version 2 or 3: its ID and type.
    static func items(iinf: Range<Int>, file: BoxWalker) throws(Malformed) -> [(id: Int, type: String)] {
        let countSize = try file.uint(iinf.lowerBound, 1) == 0 ? 2 : 4
        var items: [(id: Int, type: String)] = []
        for infe in try file.children(of: (iinf.lowerBound + 4 + countSize)..<iinf.upperBound) where infe.type == "infe" {
            let version = try file.uint(infe.payload.lowerBound, 1)
            guard version >= 2 else { continue }
            let idSize = version == 2 ? 2 : 4
            let fields = infe.payload.lowerBound + 4
            items.append((try file.uint(fields, idSize), try file.fourCC(fields + idSize + 2)))
        }
        return items
    }

    /// At most the first `maximumBytes` bytes of the item's data (the canvas is in the first 20).
    static func itemData(of item: Int, iloc: Range<Int>, idat: Range<Int>?, file: BoxWalker,
                         maximumBytes: Int = 64) throws(Malformed) -> [UInt8] {
        let version = try file.uint(iloc.lowerBound, 1)
        var offset = iloc.lowerBound + 4
        let sizes = try file.uint(offset, 2)
        let offsetSize = sizes >> 12, lengthSize = sizes >> 8 & 15, baseOffsetSize = sizes >> 4 & 15
        let indexSize = version >= 1 ? sizes & 15 : 0
        let idSize = version < 2 ? 2 : 4
        let itemCount = try file.uint(offset + 2, idSize)
        offset += 2 + idSize
        for _ in 0..<itemCount {
            let itemID = try file.uint(offset, idSize)
            offset += idSize
            let constructionMethod = version >= 1 ? try file.uint(offset, 2) & 15 : 0
            offset += (version >= 1 ? 2 : 0) + 2
            let baseOffset = try file.uint(offset, baseOffsetSize)
            let extentCount = try file.uint(offset + baseOffsetSize, 2)
            offset += baseOffsetSize + 2
            let extentSize = indexSize + offsetSize + lengthSize
            guard itemID == item else {
                offset += extentCount * extentSize
                continue
            }
            var data: [UInt8] = []
            for _ in 0..<extentCount where data.count < maximumBytes {
                let extentOffset = try file.uint(offset + indexSize, offsetSize)
                let length = try file.uint(offset + indexSize + offsetSize, lengthSize)
                offset += extentSize
                let origin: Int
                switch constructionMethod {
                case 0: origin = 0
                case 1:
                    guard let idat else { throw Malformed(reason: "item data in a missing 'idat' box") }
                    origin = idat.lowerBound
                default: throw Malformed(reason: "construction method \(constructionMethod) for a derived image")
                }
                let (start, overflow) = origin.addingReportingOverflow(baseOffset &+ extentOffset)
                guard !overflow, start >= 0, start < file.bytes.count, length >= 0 else {
                    throw Malformed(reason: "derived image data at \(start) is outside the file")
                }
                // A zero length means "to the end of the file".
                let wanted = maximumBytes - data.count
                let end = min(file.bytes.count, start + (length == 0 ? wanted : min(length, wanted)))
                data += file.bytes[start..<end]
            }
            return data
        }
        throw Malformed(reason: "no location for the primary item \(item)")
    }

    /// Big-endian reads and box headers over a byte array, every access checked.
    struct BoxWalker {
        let bytes: [UInt8]

        func uint(_ offset: Int, _ count: Int) throws(Malformed) -> Int {
            guard offset >= 0, count <= 8, offset <= bytes.count - count else {
                throw Malformed(reason: "\(count)-byte field at \(offset) is past the end of \(bytes.count) bytes")
            }
            var value = 0
            for index in offset..<(offset + count) { value = value << 8 | Int(bytes[index]) }
            return value
        }

        func fourCC(_ offset: Int) throws(Malformed) -> String {
            _ = try uint(offset, 4)
            return String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
        }

        /// The boxes laid end to end in `range`: type and payload range.
        func children(of range: Range<Int>) throws(Malformed) -> [(type: String, payload: Range<Int>)] {
            var boxes: [(type: String, payload: Range<Int>)] = []
            var offset = range.lowerBound
            while offset <= range.upperBound - 8 {
                var size = try uint(offset, 4), header = 8
                if size == 1 { (size, header) = (try uint(offset + 8, 8), 16) } else if size == 0 { size = range.upperBound - offset }
                guard size >= header, size <= range.upperBound - offset else {
                    throw Malformed(reason: "box at \(offset) declares \(size) bytes, past its container")
                }
                boxes.append((try fourCC(offset + 4), (offset + header)..<(offset + size)))
                offset += size
            }
            return boxes
        }
    }
}
