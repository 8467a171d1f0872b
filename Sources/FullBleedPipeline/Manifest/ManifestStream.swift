import Foundation

/// Writes a manifest one asset at a time, byte for byte what `Manifest.encoded()` gives for the same
/// records, so a build never holds every record to write it: assets are appended in ascending
/// `source.path` order, each encoded on its own and indented into the `assets` array, the `targets` table
/// gathered on the way, and the rest of the manifest (failures, pipeline, targets, tool: the keys after
/// `assets`) written by `finish`.
struct ManifestStreamWriter {
    private let sink: ([UInt8]) throws -> Void
    private var table: [String: TargetDefinition] = [:]
    private var count = 0
    private var lastPath: String?

    /// - Parameter sink: receives the manifest's bytes in order.
    init(sink: @escaping ([UInt8]) throws -> Void) {
        self.sink = sink
    }

    /// How the skeleton (a manifest without assets) begins: `{`, then the empty `assets` array.
    private static let emptyAssets = Array("{\n  \"assets\" : [\n\n  ]".utf8)
    private static let assetIndent = Array("    ".utf8)

    /// Appends `record`, which must sort after the previous one by `source.path`.
    /// - Throws: `EncodingError` when its targets disagree with an earlier asset's definitions.
    mutating func append(_ record: AssetRecord) throws {
        if let lastPath, !(lastPath < record.source.path) {
            throw EncodingError.invalidValue(record.source.path, .init(codingPath: [], debugDescription:
                "manifest assets out of order: \(record.source.path) after \(lastPath)"))
        }
        lastPath = record.source.path
        try Manifest.addDefinitions(of: record, to: &table)
        var bytes: [UInt8] = count == 0 ? Array(Self.emptyAssets.prefix(Self.emptyAssets.count - 5)) + [0x0A] : [0x2C, 0x0A]
        let element = try DeterministicJSON.encode(record)
        bytes.reserveCapacity(bytes.count + element.count * 5 / 4)
        // Every line of the element one level deeper, except the empty line of an empty array (JSON strings
        // never hold a raw newline); its trailing newline dropped.
        var lineStart = true
        for byte in element.dropLast() {
            if lineStart && byte != 0x0A { bytes += Self.assetIndent }
            bytes.append(byte)
            lineStart = byte == 0x0A
        }
        try sink(bytes)
        count += 1
    }

    /// Writes the rest: `skeleton` (a manifest whose `assets` are empty: schema version, tool, pipeline,
    /// failures, shard, public path) with the targets table of the appended assets.
    mutating func finish(_ skeleton: Manifest) throws {
        precondition(skeleton.assets.isEmpty, "the skeleton's assets are streamed")
        let encoded = try DeterministicJSON.encode(skeleton, targetsTable: table)
        guard encoded.starts(with: Self.emptyAssets) else {
            throw EncodingError.invalidValue(skeleton.pipeline.name, .init(codingPath: [], debugDescription: "manifest skeleton does not start with its assets"))
        }
        try sink(count == 0 ? encoded : Array("\n  ]".utf8) + encoded.dropFirst(Self.emptyAssets.count))
    }
}

/// A manifest on disk read one asset at a time: one pass over the file (a chunk in memory at a time)
/// finds the byte range of every element of `assets`; the rest (schema version, tool, pipeline, targets
/// table, failures, shard, public path) is decoded at once as `header`, and each record only when asked for.
final class ManifestFile: @unchecked Sendable {
    private let reader: OutputDirectory.RangeReader
    /// The manifest without its assets.
    let header: Manifest
    /// The `targets` table the records' lean target entries are completed from.
    private let context: ManifestDecodingContext
    /// The byte range of each element of `assets`, in file order.
    let assetRanges: [Range<Int>]

    /// Opens and indexes the manifest `relativePath` in `out`: nil when there is none.
    /// - Throws: `SystemError` when it cannot be read; `DecodingError` when it is not a manifest.
    static func open(_ relativePath: String, in out: OutputDirectory) throws -> ManifestFile? {
        guard let reader = try out.openForReading(relativePath, limit: Manifest.maximumBytes) else { return nil }
        return try ManifestFile(reader: reader)
    }

    /// Opens and indexes the manifest at `path` (anywhere: a partial manifest given to `merge`).
    /// - Throws: a one-line `ConfigError` naming the file; `kind` names it in the message ("partial manifest").
    static func load(path: String, kind: String = "manifest") throws -> ManifestFile {
        let reader: OutputDirectory.RangeReader
        do { reader = try OutputDirectory.RangeReader.open(path: path, limit: Manifest.maximumBytes) } catch {
            throw ConfigError(file: path, location: "$", message: "cannot read \(kind): \(error.reason)")
        }
        do { return try ManifestFile(reader: reader) } catch {
            throw ConfigError(file: path, location: "$", message: "not a FullBleed manifest (\(error))")
        }
    }

    private init(reader: OutputDirectory.RangeReader) throws {
        self.reader = reader
        var scanner = AssetArrayScanner()
        try reader.forEachChunk { offset, chunk in scanner.scan(chunk, at: offset) }
        guard let array = scanner.assetsArray, scanner.isComplete else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no top-level assets array"))
        }
        let skeleton = try reader.read(0..<array.lowerBound) + Array("[]".utf8) + reader.read(array.upperBound..<reader.size)
        let decoder = JSONDecoder()
        context = ManifestDecodingContext()
        decoder.userInfo[.manifestDecodingContext] = context
        header = try decoder.decode(Manifest.self, from: Data(skeleton))
        assetRanges = scanner.elements
    }

    /// The record at `range` (one of `assetRanges`).
    func record(at range: Range<Int>) throws -> AssetRecord {
        try decode(AssetRecord.self, at: range)
    }

    /// Decodes the element at `range` as `type` (a part of a record, to read less).
    func decode<Value: Decodable>(_ type: Value.Type, at range: Range<Int>) throws -> Value {
        let decoder = JSONDecoder()
        decoder.userInfo[.manifestDecodingContext] = context
        return try decoder.decode(type, from: Data(try reader.read(range)))
    }

    /// Every record, in file order (for the steps that need them all: emit, preview).
    func allRecords() throws -> [AssetRecord] { try assetRanges.map(record(at:)) }
}

/// Finds, in a JSON document fed in chunks, the byte range of the top-level `assets` array and of each
/// of its elements, aware of strings and escapes; keeps nothing else.
struct AssetArrayScanner {
    private(set) var elements: [Range<Int>] = []
    /// From the array's `[` to just after its `]`.
    private(set) var assetsArray: Range<Int>?
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var expectingKey = false
    private var key: [UInt8]? = nil
    private var lastKey: [UInt8] = []
    private var inAssets = false
    private var arrayStart = 0
    private var elementStart = 0
    private var closedTopLevel = false

    /// Whether the top-level object closed after an `assets` array was seen.
    var isComplete: Bool { closedTopLevel && assetsArray != nil && depth == 0 }

    mutating func scan(_ chunk: [UInt8], at offset: Int) {
        for (i, byte) in chunk.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                    if let finished = key {
                        lastKey = finished
                        key = nil
                    }
                } else if key != nil {
                    key!.append(byte)
                }
                continue
            }
            let position = offset + i
            switch byte {
            case 0x22:
                inString = true
                if depth == 1 && expectingKey {
                    key = []
                    expectingKey = false
                }
            case 0x7B, 0x5B: // { [
                if depth == 0 && byte == 0x7B { expectingKey = true }
                if depth == 1 && byte == 0x5B && lastKey == Array("assets".utf8) && assetsArray == nil {
                    inAssets = true
                    arrayStart = position
                }
                if depth == 2 && inAssets { elementStart = position }
                depth += 1
            case 0x7D, 0x5D: // } ]
                depth -= 1
                if depth == 2 && inAssets { elements.append(elementStart..<(position + 1)) }
                if depth == 1 && inAssets && byte == 0x5D {
                    inAssets = false
                    assetsArray = arrayStart..<(position + 1)
                }
                if depth == 0 { closedTopLevel = true }
            case 0x2C: // ,
                if depth == 1 { expectingKey = true }
            default:
                break
            }
        }
    }
}
