/// What an emitter adds at one step of its walk over a build's records: whole files that are small (a
/// `Contents.json`, a link to an output, an HTML snippet), and text appended to the one large file it
/// writes as a stream (the Swift source, the HTML index), if it has one.
struct EmitPart {
    var files: [EmittedFile] = []
    /// Appended to the emitter's `streamedPath`.
    var streamedText = ""
}

/// The build's records as an emitter reads them: one at a time, in manifest order (ascending source
/// path), each decoded when asked for, so emitting the files of 20,000 photos never holds 20,000 records.
struct EmitRecords {
    /// How many records there are; ordinals run over `0..<count`.
    var count: Int
    /// The version of fullbleed that wrote the records (the generated Swift names it).
    var toolVersion: String
    var pipelineName: String
    var publicPath: String?
    /// The record of an ordinal, read again on demand (a clash message names the earlier asset); nil for
    /// one that cannot be read back (left out, as the manifest's reader leaves it out).
    var record: (Int) throws -> AssetRecord?

    /// The records of an in-memory manifest (tests, and callers that hold one anyway).
    init(_ manifest: Manifest) {
        let assets = manifest.assets
        self.init(count: assets.count, toolVersion: manifest.tool.version, pipelineName: manifest.pipeline.name,
                  publicPath: manifest.publicPath) { assets[$0] }
    }

    init(count: Int, toolVersion: String, pipelineName: String, publicPath: String?, record: @escaping (Int) throws -> AssetRecord?) {
        self.count = count
        self.toolVersion = toolVersion
        self.pipelineName = pipelineName
        self.publicPath = publicPath
        self.record = record
    }
}

/// One emitter (catalog, Swift source, HDR resources, HTML) as a walk over the records: `begin`, then `add`
/// for every record in manifest order, then `end`. Everything it keeps between steps is a few bytes per
/// asset (names it must keep unique), never a record or a file's bytes.
protocol Emitter {
    /// The folder relative to the output folder that only this emitter writes to (every other file in it is
    /// stale and removed), or nil.
    var ownedFolder: String? { get }
    /// The file (relative to the output folder) this emitter writes as a stream of `streamedText`, or nil.
    var streamedPath: String? { get }
    mutating func begin() throws -> EmitPart
    /// - Parameters:
    ///   - ordinal: the record's place in `records` (what a clash message reads an earlier asset back by).
    mutating func add(_ asset: AssetRecord, ordinal: Int, records: EmitRecords) throws -> EmitPart
    mutating func end() throws -> EmitPart
}

extension Emitter {
    var streamedPath: String? { nil }
    mutating func begin() throws -> EmitPart { EmitPart() }
    mutating func end() throws -> EmitPart { EmitPart() }
}

/// A 64-bit FNV-1a hash of a string's UTF-8 bytes: how the emit step remembers names and paths in a few
/// bytes each, whatever their length. Deterministic across processes (unlike `Hasher`). Two names with
/// one hash are told apart by the caller where it matters (a clash is confirmed against the earlier
/// asset's own names); for the planned-file sets a collision could only keep one stale file.
enum NameHash {
    static func of(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// Names that must be unique in a build (image sets, bundle resources, snippet files), each remembered as
/// its hash and the ordinal of the asset that took it.
struct ClaimedNames {
    private var owners: [UInt64: Int] = [:]

    /// Takes `name` for the asset `ordinal`. Returns nil when it was free (or already this asset's),
    /// else the ordinal of the asset that holds a name with the same hash: the caller reads that asset
    /// back to confirm the clash and name it.
    mutating func claim(_ name: String, for ordinal: Int) -> Int? {
        let key = NameHash.of(name)
        if let owner = owners[key] { return owner == ordinal ? nil : owner }
        owners[key] = ordinal
        return nil
    }
}
