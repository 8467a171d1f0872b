import Foundation
import Testing
@testable import FullBleedPipeline
import FullBleedTestSupport

/// The manifest written one asset at a time (`ManifestStreamWriter`) is byte for byte the manifest encoded
/// whole, and `ManifestFile` reads it back one record at a time.
@Suite struct ManifestStreamTests {
    static func streamed(_ manifest: Manifest) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var writer = ManifestStreamWriter { bytes += $0 }
        for asset in manifest.assets { try writer.append(asset) }
        var skeleton = manifest
        skeleton.assets = []
        try writer.finish(skeleton)
        return bytes
    }

    @Test func streamedManifestIsTheWholeEncodingAndReadsBackRecordByRecord() throws {
        let (bridge, spec) = try ManifestLeanFormTests.record("lomiri_Bridge_by_Sander_Klootwijk.jpg", report: true)
        let (chelsea, _) = try ManifestLeanFormTests.record("sk_chelsea.png")
        let failure = FailureRecord(source: "z/broken.jpg", stage: .decode, error: "not a JPEG")
        let cases = [
            Manifest(pipeline: spec, assets: [bridge, chelsea], failures: [failure], shard: nil),
            Manifest(pipeline: spec, assets: [chelsea], failures: [], shard: try Shard(index: 2, count: 3)),
            Manifest(pipeline: spec, assets: [], failures: [failure], shard: nil),
        ]
        let tmp = try TemporaryDirectory("manifest-stream")
        let out = try OutputDirectory(path: tmp.path)
        defer { out.endRun() }
        for manifest in cases {
            let whole = try manifest.encoded()
            #expect(try Self.streamed(manifest) == whole)
            try out.write(whole, to: "m.json")
            let file = try #require(try ManifestFile.open("m.json", in: out))
            #expect(file.assetRanges.count == manifest.assets.count)
            #expect(try file.allRecords() == manifest.assets)
            var header = manifest
            header.assets = []
            #expect(file.header == header)
        }
    }

    @Test func streamedMergeIsTheWholeManifestAndRefusesAnAssetInTwoPartials() throws {
        let (bridge, spec) = try ManifestLeanFormTests.record("lomiri_Bridge_by_Sander_Klootwijk.jpg")
        let (chelsea, _) = try ManifestLeanFormTests.record("sk_chelsea.png")
        let tmp = try TemporaryDirectory("merge-stream")
        func write(_ assets: [AssetRecord], _ name: String) throws -> String {
            let path = tmp.path + "/" + name
            try Data(try Manifest(pipeline: spec, assets: assets, failures: [], shard: nil).encoded()).write(to: URL(fileURLWithPath: path))
            return path
        }
        let a = try write([bridge], "a.json"), b = try write([chelsea], "b.json"), both = try write([bridge, chelsea], "both.json")
        let result = try ManifestMerge.merge(partialsAt: [b, a], writingTo: tmp.path + "/merged.json")
        #expect(result == ManifestMerge.Result(assets: 2, failures: 0))
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.path + "/merged.json")) == Data(contentsOf: URL(fileURLWithPath: both)))
        #expect(throws: ConfigError.self) { try ManifestMerge.merge(partialsAt: [both, b], writingTo: tmp.path + "/twice.json") }
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/twice.json"))
    }

    @Test func assetsOutOfOrderAreRefused() throws {
        let (chelsea, _) = try ManifestLeanFormTests.record("sk_chelsea.png")
        var writer = ManifestStreamWriter { _ in }
        try writer.append(chelsea)
        #expect(throws: EncodingError.self) { try writer.append(chelsea) }
    }

    @Test func scannerIgnoresBracketsInsideStringsAndNestedAssetsKeys() throws {
        let json = Array(#"{"a":"x[{\"]","assets":[{"assets":[1,{"b":"}"}]},[2]],"z":{"assets":[3]}}"#.utf8)
        var scanner = AssetArrayScanner()
        // Fed in small chunks, so strings and escapes straddle them.
        for start in stride(from: 0, to: json.count, by: 5) {
            scanner.scan(Array(json[start..<min(start + 5, json.count)]), at: start)
        }
        #expect(scanner.isComplete)
        let ranges = scanner.elements.map { String(decoding: json[$0], as: UTF8.self) }
        #expect(ranges == [#"{"assets":[1,{"b":"}"}]}"#, "[2]"])
    }

    /// The journal reader's lines: across chunk boundaries, without a torn last line, stopped on request,
    /// and refused when one is longer than the limit.
    @Test func rangeReaderLinesCrossChunksAndDropATornLastLine() throws {
        let tmp = try TemporaryDirectory("range-lines")
        let out = try OutputDirectory(path: tmp.path)
        defer { out.endRun() }
        let lines = ["a", "", "a longer line of text", String(repeating: "x", count: 40), "last whole"]
        let text = lines.joined(separator: "\n") + "\ntorn"
        try out.write(Array(text.utf8), to: "lines.txt")
        let reader = try #require(try out.openForReading("lines.txt"))
        for chunkSize in [1, 3, 7, 64, 1 << 20] {
            var seen: [String] = [], ranges: [Range<Int>] = []
            try reader.forEachLine(maximumLineBytes: 100, chunkSize: chunkSize) { range, line in
                seen.append(String(decoding: line, as: UTF8.self))
                ranges.append(range)
                return true
            }
            #expect(seen == lines, "chunk \(chunkSize)")
            // Each range is the line with its newline, as `read` gives it back.
            for (range, line) in zip(ranges, lines) { #expect(try reader.read(range) == Array((line + "\n").utf8)) }
            var first: [String] = []
            try reader.forEachLine(maximumLineBytes: 100, chunkSize: chunkSize) { _, line in
                first.append(String(decoding: line, as: UTF8.self))
                return first.count < 2
            }
            #expect(first == ["a", ""], "chunk \(chunkSize)")
            #expect(throws: SystemError.self) {
                try reader.forEachLine(maximumLineBytes: 30, chunkSize: chunkSize) { _, _ in true }
            }
        }
    }
}
