/// One part of a sharded build: shard `index` (1-based) of `count`. Assets are assigned by a hash of their
/// relative source path, so the assignment depends only on the path (not on which other files exist)
/// and the shards of a library never overlap and together cover it.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws {
        guard count >= 1, count <= 10_000, index >= 1, index <= count else {
            var message = "expected I/N with 1 <= I <= N <= 10000, got \(index)/\(count)"
            if index == 0 && count >= 1 {
                message += ": shards are numbered from 1 (1/\(count) to \(count)/\(count)); a 0-based index such as JOB_COMPLETION_INDEX is read by --shards \(count)"
            }
            throw ConfigError(location: "--shard", message: message)
        }
        self.index = index
        self.count = count
    }

    /// Parses `I/N` (1-based), as given to `--shard`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw ConfigError(location: "--shard", message: "expected I/N such as 2/8, got '\(text)'")
        }
        try self.init(index: i, count: n)
    }

    /// Kubernetes Indexed Jobs export a 0-based `JOB_COMPLETION_INDEX`, AWS Batch array jobs a 0-based
    /// `AWS_BATCH_JOB_ARRAY_INDEX`; with `--shards N` it selects shard index + 1. `variable` names it in errors.
    public init(completionIndex text: String, count: Int, variable: String = "JOB_COMPLETION_INDEX") throws {
        guard let zeroBased = Int(text), zeroBased >= 0, zeroBased < count else {
            throw ConfigError(location: variable, message: "\(variable): expected a whole number from 0 to \(count - 1) for --shards \(count), got '\(text)'")
        }
        try self.init(index: zeroBased + 1, count: count)
    }

    /// Whether the asset with this relative source path belongs to this shard.
    public func contains(relativePath: String) -> Bool {
        count == 1 || Self.bucket(of: relativePath, count: count) == index - 1
    }

    /// 0-based bucket: the first 8 bytes of SHA-256(path) as a big-endian integer, modulo `count`.
    static func bucket(of relativePath: String, count: Int) -> Int {
        let digest = SHA256.digest(Array(relativePath.utf8))
        var value: UInt64 = 0
        for byte in digest.prefix(8) { value = value << 8 | UInt64(byte) }
        return Int(value % UInt64(count))
    }

    public var description: String { "\(index)/\(count)" }
}
