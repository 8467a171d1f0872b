import Foundation

/// What the previous build saw of each source, kept beside the manifest in the output folder so an
/// unchanged photo is recognised without reading it: size and modification time first (the cheap fast
/// path), the content hash in the manifest to confirm when the time changed but the bytes did not.
/// Not part of the manifest (it holds times, which would break byte-identical manifests).
public struct BuildState: Sendable, Codable, Equatable {
    public struct Entry: Sendable, Codable, Equatable {
        public var bytes: Int
        /// Modification time, nanoseconds since 1970.
        public var modifiedNanoseconds: Int64
        public var sha256: String
    }

    /// What a source looked like when it failed (a failure recorded in the manifest): while its size,
    /// modification time and sidecar stay the same it is still failing (`--check` says `failed`, not stale).
    public struct FailedEntry: Sendable, Codable, Equatable {
        public var bytes: Int
        /// Modification time, nanoseconds since 1970.
        public var modifiedNanoseconds: Int64
        /// SHA-256 of the sidecar that applied, if any.
        public var sidecarSHA256: String?
    }

    public var toolVersion: String
    public var pipelineHash: String
    /// Keyed by relative source path.
    public var sources: [String: Entry]
    /// The sources whose failure the manifest records, keyed by relative source path (nil: none).
    public var failed: [String: FailedEntry]? = nil
    /// What the last build emitted into the folder (`--emit`, the pipeline's `emit`): a later build without
    /// `--emit` keeps these files current, `--emit none` removes them; nil when nothing is emitted.
    public var emit: EmitSpec? = nil

    public init(toolVersion: String, pipelineHash: String, sources: [String: Entry], failed: [String: FailedEntry]? = nil, emit: EmitSpec? = nil) {
        self.toolVersion = toolVersion
        self.pipelineHash = pipelineHash
        self.sources = sources
        self.failed = failed
        self.emit = emit
    }

    public static func fileName(shard: Shard?) -> String {
        if let shard, shard.count > 1 { return ".fullbleed-state-\(shard.index)-of-\(shard.count).json" }
        return ".fullbleed-state.json"
    }

    public static func load(from out: OutputDirectory, shard: Shard?) -> BuildState? {
        guard let bytes = out.read(fileName(shard: shard)) else { return nil }
        return try? JSONDecoder().decode(BuildState.self, from: Data(bytes))
    }

    /// Writes the file atomically, one entry at a time (the JSON `JSONEncoder` would give for the whole
    /// value, without building it whole in memory: 20,000 sources are one entry each).
    public func save(to out: OutputDirectory, shard: Shard?) throws {
        let writer = try StreamWriter(out: out, shard: shard, header: self)
        do {
            for path in sources.keys.sorted() { try writer.append(path, sources[path]!) }
            try writer.finish().commit()
        } catch {
            writer.discard()
            throw error
        }
    }

    /// The state file written one entry at a time, in path order, to a staged name: `finish` returns the
    /// staged file to commit; `discard` removes it. The bytes are those of `JSONEncoder` with sorted keys
    /// for the whole value.
    final class StreamWriter {
        private let writer: OutputDirectory.StagingWriter
        private let encoder = JSONEncoder()
        private let toolVersion: String
        private var count = 0
        private var lastPath: String?

        /// Starts the file with everything of `header` but its sources (the keys before `sources`, sorted).
        init(out: OutputDirectory, shard: Shard?, header: BuildState) throws {
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            self.toolVersion = header.toolVersion
            writer = try out.startStaging(BuildState.fileName(shard: shard))
            do {
                var start = Array("{".utf8)
                if let emit = header.emit { start += Array(#""emit":"#.utf8) + (try encoder.encode(emit)) + [0x2C] }
                if let failed = header.failed { start += Array(#""failed":"#.utf8) + (try encoder.encode(failed)) + [0x2C] }
                try writer.append(start + Array(#""pipelineHash":"#.utf8) + encoder.encode(header.pipelineHash) + Array(#","sources":{"#.utf8))
            } catch {
                writer.discard()
                throw error
            }
        }

        /// Appends the entry of `path`, which must sort after the previous one.
        func append(_ path: String, _ entry: Entry) throws {
            precondition(lastPath.map { $0 < path } ?? true, "build-state entries out of order")
            lastPath = path
            try writer.append((count > 0 ? [0x2C] : []) + encoder.encode(path) + [0x3A] + encoder.encode(entry))
            count += 1
        }

        func finish() throws -> OutputDirectory.StagedFile {
            try writer.append(Array(#"},"toolVersion":"#.utf8) + encoder.encode(toolVersion) + [0x7D])
            return try writer.finish()
        }

        func discard() { writer.discard() }
    }
}
