/// Writes a HEIF file whose primary image is a `grid` derived image (ISO/IEC 23008-12 6.6.2.3) over
/// coded tiles taken from single-image files (`HEIFTile`): what iPhones write (512x512 HEVC tiles),
/// which libheif 1.15's encoder cannot produce.
///
/// Layout: `ftyp` (major `heic`, compatible `mif1`, `heic`); `meta` with `hdlr pict`, `pitm` -> the
/// grid (item 1), `iinf` (the grid, then the tiles as hidden items 2..., in raster order), `iref`
/// `dimg` from the grid to the tiles, `iprp` (`ipco`: each tile's own property boxes, then the grid's
/// `ispe`, optional `colr`, optional `irot`; `ipma`), `iloc` version 1 (the grid's ImageGrid
/// structure in `idat`, construction method 1; the tiles' coded data in `mdat`, method 0), `idat`;
/// then `mdat`. Sizes are pixels; the output size is the grid's canvas, tiles overhanging the
/// right and bottom edges are cropped by the reader.
public struct HEIFGridBuilder {
    public var rows: Int
    public var columns: Int
    /// The grid's output (canvas) size in the ImageGrid structure, pixels before `irot`.
    public var outputWidth: Int
    public var outputHeight: Int
    /// The grid item's `ispe`; defaults to the output size (a conforming file). Set differently to
    /// write a file whose `ispe` and ImageGrid disagree.
    public var ispe: (width: Int, height: Int)?
    /// `irot` on the grid: counter-clockwise quarter turns 0...3 (0 writes no box).
    public var quarterTurnsCounterClockwise = 0
    /// A whole `colr` box for the grid (see `nclxColour`, `iccColour`), or nil.
    public var colour: [UInt8]?
    /// The tile item IDs the `dimg` reference lists, in raster order; nil lists every tile once
    /// (2...tiles+1). Set to write broken files: a missing tile, a dangling reference.
    public var tileReferences: [Int]?

    /// An auxiliary image of the grid (ISO/IEC 23008-12 6.5.8: an `auxl` reference to its master image and
    /// an `auxC` property naming its type, e.g. Apple's `urn:com:apple:photo:2020:aux:hdrgainmap`), with an
    /// optional XMP packet attached to it (a `mime` item, `application/rdf+xml`, `cdsc` reference).
    public struct Auxiliary: Sendable {
        public var image: HEIFTile
        public var type: String
        public var xmp: [UInt8]?
        /// `irot` on the auxiliary image (counter-clockwise quarter turns; 0 writes none).
        public var quarterTurnsCounterClockwise = 0

        public init(image: HEIFTile, type: String, xmp: [UInt8]? = nil) {
            self.image = image
            self.type = type
            self.xmp = xmp
        }
    }

    /// Auxiliary images of the grid, written as hidden items after the tiles.
    public var auxiliaries: [Auxiliary] = []
    /// An EXIF block for the grid (an `Exif` item whose data is a 4-byte offset 0 then `tiff`, the TIFF
    /// structure without the `Exif\0\0` prefix; `cdsc` reference to the grid), or nil.
    public var exif: [UInt8]?

    public init(rows: Int, columns: Int, outputWidth: Int, outputHeight: Int) {
        self.rows = rows
        self.columns = columns
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
    }

    /// The file, tiles in raster order (row by row). The tiles must share one coding configuration
    /// (size, chroma, bit depth), as the HEIF grid requires.
    public func build(tiles: [HEIFTile]) -> [UInt8] {
        let ftyp = Self.box("ftyp", Array("heic".utf8) + Self.be(0, 4) + Array("mif1heic".utf8))
        // The tiles' offsets depend on the size of `meta`, which does not depend on their values.
        let placeholder = meta(tiles: tiles, mdatDataStart: 0)
        let mdatDataStart = ftyp.count + placeholder.count + 8
        let mdat = Self.box("mdat", tiles.flatMap(\.data) + extraItems(firstID: tiles.count + 2).flatMap(\.data))
        return ftyp + meta(tiles: tiles, mdatDataStart: mdatDataStart) + mdat
    }

    /// The ImageGrid structure: version 0, flags (bit 0: 32-bit sizes), rows - 1, columns - 1, output size.
    public var imageGrid: [UInt8] {
        let wide = outputWidth > 0xFFFF || outputHeight > 0xFFFF
        return [0, wide ? 1 : 0, UInt8(rows - 1), UInt8(columns - 1)]
            + Self.be(outputWidth, wide ? 4 : 2) + Self.be(outputHeight, wide ? 4 : 2)
    }

    /// A `colr` box with nclx colour: H.273 primaries, transfer, matrix, full range.
    public static func nclxColour(primaries: Int, transfer: Int, matrix: Int, fullRange: Bool = true) -> [UInt8] {
        box("colr", Array("nclx".utf8) + be(primaries, 2) + be(transfer, 2) + be(matrix, 2) + [fullRange ? 0x80 : 0])
    }

    /// A `colr` box carrying an ICC profile (`prof`).
    public static func iccColour(_ profile: [UInt8]) -> [UInt8] { box("colr", Array("prof".utf8) + profile) }

    /// An item after the tiles: an auxiliary image, its XMP, or the EXIF block.
    private struct ExtraItem {
        var id: Int
        var infe: [UInt8]
        var data: [UInt8]
        var properties: [[UInt8]] = []
        /// (reference type, to item)
        var reference: (type: String, to: Int)?
    }

    private func extraItems(firstID: Int) -> [ExtraItem] {
        var items: [ExtraItem] = []
        var id = firstID
        for auxiliary in auxiliaries {
            let imageID = id
            var properties = auxiliary.image.properties
            properties.append(Self.fullBox("auxC", 0, 0, Array(auxiliary.type.utf8) + [0]))
            if auxiliary.quarterTurnsCounterClockwise % 4 != 0 { properties.append(Self.box("irot", [UInt8(auxiliary.quarterTurnsCounterClockwise % 4)])) }
            items.append(ExtraItem(id: imageID, infe: Self.fullBox("infe", 2, 1, Self.be(imageID, 2) + Self.be(0, 2) + Array(auxiliary.image.itemType.utf8) + [0]),
                                   data: auxiliary.image.data, properties: properties, reference: ("auxl", 1)))
            id += 1
            if let xmp = auxiliary.xmp {
                items.append(ExtraItem(id: id, infe: Self.fullBox("infe", 2, 1, Self.be(id, 2) + Self.be(0, 2) + Array("mime".utf8) + [0]
                                                                    + Array("application/rdf+xml".utf8) + [0]),
                                       data: xmp, reference: ("cdsc", imageID)))
                id += 1
            }
        }
        if let exif {
            items.append(ExtraItem(id: id, infe: Self.fullBox("infe", 2, 1, Self.be(id, 2) + Self.be(0, 2) + Array("Exif".utf8) + [0]),
                                   data: Self.be(0, 4) + exif, reference: ("cdsc", 1)))
        }
        return items
    }

    private func meta(tiles: [HEIFTile], mdatDataStart: Int) -> [UInt8] {
        let gridID = 1
        let tileIDs = tiles.indices.map { $0 + 2 }
        let hdlr = Self.fullBox("hdlr", 0, 0, Self.be(0, 4) + Array("pict".utf8) + Self.be(0, 12) + [0])
        let pitm = Self.fullBox("pitm", 0, 0, Self.be(gridID, 2))
        let grid = Self.fullBox("infe", 2, 0, Self.be(gridID, 2) + Self.be(0, 2) + Array("grid".utf8) + [0])
        let tileEntries = zip(tileIDs, tiles).map { id, tile in
            Self.fullBox("infe", 2, 1, Self.be(id, 2) + Self.be(0, 2) + Array(tile.itemType.utf8) + [0])
        }
        let extras = extraItems(firstID: tiles.count + 2)
        let iinf = Self.fullBox("iinf", 0, 0, Self.be(1 + tiles.count + extras.count, 2) + grid + tileEntries.flatMap { $0 } + extras.flatMap(\.infe))
        let references = tileReferences ?? tileIDs
        let dimg = Self.box("dimg", Self.be(gridID, 2) + Self.be(references.count, 2) + references.flatMap { Self.be($0, 2) })
        let extraReferences = extras.compactMap { item in
            item.reference.map { Self.box($0.type, Self.be(item.id, 2) + Self.be(1, 2) + Self.be($0.to, 2)) }
        }
        let iref = Self.fullBox("iref", 0, 0, dimg + extraReferences.flatMap { $0 })

        var properties: [[UInt8]] = []
        var associations: [(item: Int, indices: [Int])] = []
        for (id, tile) in zip(tileIDs, tiles) {
            let first = properties.count + 1
            properties += tile.properties
            associations.append((id, Array(first..<(first + tile.properties.count))))
        }
        let size = ispe ?? (outputWidth, outputHeight)
        var gridProperties = [Self.fullBox("ispe", 0, 0, Self.be(size.width, 4) + Self.be(size.height, 4))]
        if let colour { gridProperties.append(colour) }
        if quarterTurnsCounterClockwise % 4 != 0 { gridProperties.append(Self.box("irot", [UInt8(quarterTurnsCounterClockwise % 4)])) }
        let firstGridProperty = properties.count + 1
        properties += gridProperties
        associations.insert((gridID, Array(firstGridProperty..<(firstGridProperty + gridProperties.count))), at: 0)
        for item in extras where !item.properties.isEmpty {
            let first = properties.count + 1
            properties += item.properties
            associations.append((item.id, Array(first..<(first + item.properties.count))))
        }
        let ipco = Self.box("ipco", properties.flatMap { $0 })
        let wide = properties.count > 127
        let entries = associations.flatMap { item, indices in
            Self.be(item, 2) + [UInt8(indices.count)] + indices.flatMap { Self.be($0, wide ? 2 : 1) }
        }
        let ipma = Self.fullBox("ipma", 0, wide ? 1 : 0, Self.be(associations.count, 4) + entries)
        let iprp = Self.box("iprp", ipco + ipma)

        // iloc version 1: 4-byte offsets and lengths, no base offset, no extent index.
        let gridData = imageGrid
        var locations = Self.be(gridID, 2) + Self.be(1, 2) + Self.be(0, 2) + Self.be(1, 2) + Self.be(0, 4) + Self.be(gridData.count, 4)
        var offset = mdatDataStart
        for (id, tile) in zip(tileIDs, tiles) {
            locations += Self.be(id, 2) + Self.be(0, 2) + Self.be(0, 2) + Self.be(1, 2) + Self.be(offset, 4) + Self.be(tile.data.count, 4)
            offset += tile.data.count
        }
        for item in extras {
            locations += Self.be(item.id, 2) + Self.be(0, 2) + Self.be(0, 2) + Self.be(1, 2) + Self.be(offset, 4) + Self.be(item.data.count, 4)
            offset += item.data.count
        }
        let iloc = Self.fullBox("iloc", 1, 0, [0x44, 0x00] + Self.be(1 + tiles.count + extras.count, 2) + locations)
        let idat = Self.box("idat", gridData)
        return Self.fullBox("meta", 0, 0, hdlr + pitm + iinf + iref + iprp + iloc + idat)
    }

    static func be(_ value: Int, _ byteCount: Int) -> [UInt8] {
        (0..<byteCount).map { UInt8(truncatingIfNeeded: value >> (8 * (byteCount - 1 - $0))) }
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be(8 + payload.count, 4) + Array(type.utf8) + payload
    }

    static func fullBox(_ type: String, _ version: Int, _ flags: Int, _ payload: [UInt8]) -> [UInt8] {
        box(type, [UInt8(version)] + be(flags, 3) + payload)
    }
}
