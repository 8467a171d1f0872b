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

    public var toolVersion: String
    public var pipelineHash: String
    /// Keyed by relative source path.
    public var sources: [String: Entry]

    public static func fileName(shard: Shard?) -> String {
        if let shard, shard.count > 1 { return ".fullbleed-state-\(shard.index)-of-\(shard.count).json" }
        return ".fullbleed-state.json"
    }

    public static func load(from out: OutputDirectory, shard: Shard?) -> BuildState? {
        guard let bytes = out.read(fileName(shard: shard)) else { return nil }
        return try? JSONDecoder().decode(BuildState.self, from: Data(bytes))
    }

    public func save(to out: OutputDirectory, shard: Shard?) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try out.write(try encoder.encode(self), to: Self.fileName(shard: shard))
    }
}
