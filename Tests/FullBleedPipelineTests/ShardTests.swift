import Testing
import FullBleedPipeline

@Suite struct ShardTests {
    @Test func shardsPartitionTheLibrary() throws {
        let paths = (0..<500).map { "folder\($0 % 7)/photo-\($0).jpg" }
        let shards = try (1...4).map { try Shard(index: $0, count: 4) }
        for path in paths {
            #expect(shards.filter { $0.contains(relativePath: path) }.count == 1)
        }
        // Reasonably balanced.
        for shard in shards {
            let n = paths.filter { shard.contains(relativePath: $0) }.count
            #expect(n > 80 && n < 170, "shard \(shard) has \(n) of 500")
        }
    }

    @Test func parsingAndKubernetesIndex() throws {
        #expect(try Shard(parsing: "2/8") == Shard(index: 2, count: 8))
        #expect(try Shard(completionIndex: "0", count: 3) == Shard(index: 1, count: 3))
        for bad in ["0/4", "5/4", "1/0", "x/2", "1", "1/2/3", ""] {
            #expect(throws: ConfigError.self) { try Shard(parsing: bad) }
        }
        #expect(throws: ConfigError.self) { try Shard(completionIndex: "3", count: 3) }
    }
}
