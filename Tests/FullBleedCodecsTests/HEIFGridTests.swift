import Foundation
import Testing
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// HEIC grids (what iPhones write): 64x64 HEVC tiles made by libheif's encoder, assembled by
/// `HEIFGridBuilder` into a 2x2 grid whose 120x100 canvas crops the right and bottom tiles.
@Suite struct HEIFGridTests {
    static let tileSide = 64
    static let source = SyntheticImages.photoLike(width: 120, height: 100)

    /// `image` cut into `tileSide` tiles in raster order, the overhanging ones padded by repeating the
    /// last column and row, each encoded as a single-image HEIC (4:4:4, quality 90).
    static func tiles(of image: Image, quality: Int = 90) throws -> [HEIFTile] {
        let rows = (image.height + tileSide - 1) / tileSide, columns = (image.width + tileSide - 1) / tileSide
        var tiles: [HEIFTile] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let tile = SyntheticImages.rgb8(width: tileSide, height: tileSide) { x, y, c in
                    let sx = min(column * tileSide + x, image.width - 1), sy = min(row * tileSide + y, image.height - 1)
                    return image.samples8[(sy * image.width + sx) * 3 + c]
                }
                tiles.append(try HEIFTile(singleImageHEIF: try HEIFTestFiles.encode(tile, .hevc, quality: quality)))
            }
        }
        return tiles
    }

    static let sourceTiles: [HEIFTile] = (try? tiles(of: source)) ?? []

    static func grid(_ configure: (inout HEIFGridBuilder) -> Void = { _ in }) throws -> [UInt8] {
        try #require(sourceTiles.count == 4)
        var builder = HEIFGridBuilder(rows: 2, columns: 2, outputWidth: 120, outputHeight: 100)
        configure(&builder)
        return builder.build(tiles: sourceTiles)
    }

    @Test func tileIsTakenApartIntoConfigurationAndData() throws {
        let tile = try #require(Self.sourceTiles.first)
        #expect(tile.itemType == "hvc1")
        let types = tile.properties.map { String(decoding: $0[4..<8], as: UTF8.self) }
        #expect(types.contains("hvcC") && types.contains("ispe"))
        #expect(tile.data.count > 20)
    }

    @Test func gridProbesAsOneImageOfTheCanvasSize() throws {
        let info = try Codecs.probe(try Self.grid())
        #expect(info.format == .heic)
        #expect(info.size == PixelSize(width: 120, height: 100))
        #expect(info.storedSize == PixelSize(width: 120, height: 100))
        #expect(info.bitDepth == 8 && !info.hasAlpha && info.frameCount == 1)
    }

    @Test func gridDecodesToTheAssembledTiles() throws {
        let decoded = try Codecs.decode(try Self.grid())
        #expect(decoded.image.size == PixelSize(width: 120, height: 100))
        #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        let psnr = ImageComparison.psnr(decoded.image, Self.source)
        #expect(psnr > 40, "PSNR \(psnr) dB")  // 50.9 dB measured
        // Each tile lands in its place: the bottom-right corner region (tile 4, cropped) matches too.
        let corner = PixelRect(x: 64, y: 64, width: 56, height: 36)
        #expect(ImageComparison.psnr(decoded.image.cropped(to: corner), Self.source.cropped(to: corner)) > 30)
    }

    /// `irot` 3 (270 degrees counter-clockwise = EXIF orientation 6) on the grid turns the assembled canvas.
    @Test func rotationOfTheGridIsApplied() throws {
        let bytes = try Self.grid { $0.quarterTurnsCounterClockwise = 3 }
        let info = try Codecs.probe(bytes)
        #expect(info.size == PixelSize(width: 100, height: 120) && info.orientation == .up)
        let decoded = try Codecs.decode(bytes).image
        #expect(decoded.size == PixelSize(width: 100, height: 120))
        #expect(ImageComparison.psnr(decoded, Self.source.applyingOrientation(.right)) > 30)
    }

    /// The same turn on a grid whose `ispe` is the canvas before the turn, as the format defines it (a
    /// camera's portrait photo): libheif 1.15 reports the canvas's width and height but decodes it turned;
    /// the probe says the decoded, displayed size, and the decode agrees with it.
    @Test func rotationOfAGridWhoseIspeIsTheCanvasBeforeTheTurn() throws {
        let bytes = try Self.grid { $0.quarterTurnsCounterClockwise = 3; $0.ispe = (120, 100) }
        #expect(try HEIFDerivedCanvas.canvas(in: bytes) == .init(size: PixelSize(width: 120, height: 100), quarterTurned: true))
        let info = try Codecs.probe(bytes)
        #expect(info.size == PixelSize(width: 100, height: 120) && info.storedSize == PixelSize(width: 120, height: 100))
        let decoded = try Codecs.decode(bytes).image
        #expect(decoded.size == PixelSize(width: 100, height: 120))
        #expect(ImageComparison.psnr(decoded, Self.source.applyingOrientation(.right)) > 30)
        // A half turn keeps the canvas's width and height.
        let half = try Self.grid { $0.quarterTurnsCounterClockwise = 2; $0.ispe = (120, 100) }
        #expect(try Codecs.probe(half).size == PixelSize(width: 120, height: 100) && Codecs.decode(half).image.size == PixelSize(width: 120, height: 100))
    }

    @Test func gridColourIsReported() throws {
        let bytes = try Self.grid { $0.colour = HEIFGridBuilder.nclxColour(primaries: 12, transfer: 13, matrix: 6) }
        let info = try Codecs.probe(bytes)
        #expect(info.colorSpace == ColorSpace(family: .displayP3))
        #expect(info.details.contains("nclx 12/13/6"))
        #expect(try Codecs.decode(bytes).image.colorSpace == ColorSpace(family: .displayP3))
    }

    /// Grids libheif refuses at decode time; the probe still reads the header.
    enum BrokenGrid: String, CaseIterable, Sendable {
        /// 2x2 grid referencing 3 tiles: "Tiled image with 2x2=4 tiles, but only 3 tile images in file".
        case threeTilesForFour
        /// A reference to item 99, which does not exist: "Tile image ID=99 is not a proper image."
        case danglingTileReference
        /// 3x3 declared over 4 tiles.
        case threeByThreeOverFourTiles
        /// 1x4 over a 120x100 canvas: the tiles do not fit, "Invalid grid data".
        case layoutThatDoesNotFitTheCanvas

        func configure(_ builder: inout HEIFGridBuilder) {
            switch self {
            case .threeTilesForFour: builder.tileReferences = [2, 3, 4]
            case .danglingTileReference: builder.tileReferences = [2, 3, 4, 99]
            case .threeByThreeOverFourTiles: (builder.rows, builder.columns) = (3, 3)
            case .layoutThatDoesNotFitTheCanvas: (builder.rows, builder.columns) = (1, 4)
            }
        }
    }

    @Test(arguments: BrokenGrid.allCases)
    func brokenGridIsATypedOneLineError(broken: BrokenGrid) throws {
        let bytes = try Self.grid(broken.configure)
        let error = try #require(throws: CodecError.self) { try Codecs.decode(bytes) }
        #expect(error.format == .heic && error.stage == .decode)
        guard case .corrupt = error.reason else { Issue.record("\(error)"); return }
        #expect(error.description.hasPrefix("decode failed (heic): decoding the primary image: "))
        #expect(!error.description.contains("\n"))
    }

    @Test(arguments: [CodecError.Stage.probe, .decode])
    func gridOverThePixelLimitIsRefusedBeforeDecoding(stage: CodecError.Stage) throws {
        let bytes = try Self.grid()
        let limits = DecodeOptions(maxPixels: 120 * 100 - 1)
        let error = try #require(throws: CodecError.self) {
            if stage == .probe { _ = try Codecs.probe(bytes, options: limits) } else { _ = try Codecs.decode(bytes, options: limits) }
        }
        #expect(error.reason == .pixelLimitExceeded(width: 120, height: 100, limit: 120 * 100 - 1))
    }

    /// libheif 1.15 reports a grid's size from its `ispe` but allocates the ImageGrid canvas when decoding:
    /// both are checked against the limit before decoding, so a small `ispe` cannot hide a huge canvas
    /// (measured before the check: 9 s and 1.2 GB to allocate a 20000x20000 canvas behind a 120x100 `ispe`).
    @Test(arguments: [true, false])
    func canvasAndISPEAreBothCheckedAgainstTheLimit(hugeCanvas: Bool) throws {
        let bytes = try Self.grid {
            if hugeCanvas {
                ($0.outputWidth, $0.outputHeight) = (20_000, 20_000)
                $0.ispe = (120, 100)
            } else {
                $0.ispe = (20_000, 20_000)
            }
        }
        for stage in [CodecError.Stage.probe, .decode] {
            let error = try #require(throws: CodecError.self) {
                if stage == .probe { _ = try Codecs.probe(bytes) } else { _ = try Codecs.decode(bytes) }
            }
            #expect(error.reason == .pixelLimitExceeded(width: 20_000, height: 20_000, limit: DecodeOptions.defaultMaxPixels))
        }
    }

    @Test(arguments: [CodecError.Stage.probe, .decode])
    func canvasThatDisagreesWithISPEIsCorrupt(stage: CodecError.Stage) throws {
        let bytes = try Self.grid {
            ($0.outputWidth, $0.outputHeight) = (200, 200)
            $0.ispe = (120, 100)
        }
        let error = try #require(throws: CodecError.self) {
            if stage == .probe { _ = try Codecs.probe(bytes) } else { _ = try Codecs.decode(bytes) }
        }
        #expect(error.reason == .corrupt("the derived image canvas is 200x200, its ispe says 120x100"))
    }

    @Test func canvasIsReadFromTheGridItemData() throws {
        #expect(try HEIFDerivedCanvas.canvas(in: try Self.grid()) == .init(size: PixelSize(width: 120, height: 100), quarterTurned: false))
        #expect(try HEIFDerivedCanvas.canvas(in: try HEIFTestFiles.fixture("alpha.avif")) == nil)
        // libheif 1.15 writes an oriented HEVC image as a 1x1 grid cropping a padded 64x64 tile; its
        // grid `ispe` is the turned size (48x64), which the check accepts.
        #expect(try HEIFDerivedCanvas.canvas(in: try HEIFTestFiles.fixture("p3_orient6.heic")) == .init(size: PixelSize(width: 64, height: 48), quarterTurned: true))
        var wide = HEIFGridBuilder(rows: 1, columns: 1, outputWidth: 70_000, outputHeight: 3)
        wide.ispe = (1, 1)
        #expect(try HEIFDerivedCanvas.canvas(in: wide.build(tiles: Array(Self.sourceTiles.prefix(1))))?.size == PixelSize(width: 70_000, height: 3))
        // Cut inside the grid's item data: a typed error, never a read past the end.
        let grid = try Self.grid()
        for length in stride(from: 0, to: grid.count, by: 7) {
            _ = try? HEIFDerivedCanvas.canvas(in: Array(grid.prefix(length)))
        }
    }
}

/// The `dimg` graph check that keeps libheif 1.15 from recursing without end (it decodes every input on a
/// new thread and aborts the process when it cannot start another).
@Suite struct HEIFDerivationGraphTests {
    @Test(arguments: [CodecError.Stage.probe, .decode])
    func gridThatListsItselfAsItsTileIsCorrupt(stage: CodecError.Stage) throws {
        var builder = HEIFGridBuilder(rows: 1, columns: 1, outputWidth: 64, outputHeight: 64)
        builder.tileReferences = [1]
        let bytes = builder.build(tiles: Array(HEIFGridTests.sourceTiles.prefix(1)))
        let error = try #require(throws: CodecError.self) {
            if stage == .probe { _ = try Codecs.probe(bytes) } else { _ = try Codecs.decode(bytes) }
        }
        #expect(error.reason == .corrupt("reading the derived image canvas: the derived image 1 is among its own inputs (a reference cycle)"))
    }

    @Test func fuzzerFindIsRefusedInsteadOfAbortingTheProcess() throws {
        // Found by FuzzHEIF as an out-of-memory: 32,452 threads before libheif's std::system_error.
        let bytes = try TestPaths.bytes(FuzzRegressions.folder.appendingPathComponent("FuzzHEIF/grid_lists_itself_as_its_tile.heic"))
        let error = try #require(throws: CodecError.self) { _ = try Codecs.decode(bytes) }
        #expect(error.reason == .corrupt("reading the derived image canvas: the derived image 2 is among its own inputs (a reference cycle)"))
    }

    @Test func cyclesAnywhereBelowThePrimaryAreFound() {
        let deep: [Int: [Int]] = [1: [2, 3], 2: [4], 3: [5], 5: [6, 3]]
        #expect(throws: HEIFDerivedCanvas.Malformed.self) { try HEIFDerivedCanvas.checkDerivation(from: 1, inputs: deep) }
        // A cycle the primary does not reach is not libheif's concern.
        #expect(throws: Never.self) { try HEIFDerivedCanvas.checkDerivation(from: 1, inputs: [1: [2, 3], 7: [8], 8: [7]]) }
    }

    @Test func sharedInputsAreAllowedAndCountedOncePerUse() throws {
        // An overlay of two grids that share their tiles (a diamond, not a cycle): 2 x 4 coded decodes.
        try HEIFDerivedCanvas.checkDerivation(from: 1, inputs: [1: [2, 3], 2: [10, 11, 12, 13], 3: [10, 11, 12, 13]])
        // Every level doubling the work: 2^17 decodes of one tile from 17 small items is refused.
        var doubling: [Int: [Int]] = [:]
        for level in 1...17 { doubling[level] = [level + 1, level + 1] }
        let error = try #require(throws: HEIFDerivedCanvas.Malformed.self) {
            try HEIFDerivedCanvas.checkDerivation(from: 1, inputs: doubling)
        }
        #expect(error.reason == "the derived image 1 is assembled from more than 65536 coded images")
        doubling[17] = nil
        doubling[16] = [17]
        try HEIFDerivedCanvas.checkDerivation(from: 1, inputs: doubling)
    }

    @Test func gridWithoutInputsIsCorrupt() {
        #expect(throws: HEIFDerivedCanvas.Malformed.self) { try HEIFDerivedCanvas.checkDerivation(from: 1, inputs: [1: []]) }
    }
}
