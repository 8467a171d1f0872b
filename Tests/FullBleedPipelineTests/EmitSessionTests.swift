import Foundation
import Testing
@testable import FullBleedPipeline
import FullBleedTestSupport

/// The pieces that let the emit step stream: a large emitted file compared with the one on disk as its
/// text arrives (staged only from the first difference, so a current file is never rewritten), and the list
/// of staged files kept in a temporary file (committed or discarded whole, even after a failed write).
@Suite struct EmitSessionTests {
    /// 700,000 bytes of text: three chunks and a bit.
    static let text: [UInt8] = (0..<700_000).map { UInt8(truncatingIfNeeded: 0x20 + ($0 * 7919) % 90) }

    /// Streams `content` into `path` in pieces of 1,000 bytes; returns whether it was current.
    static func stream(_ content: [UInt8], to path: String, in out: OutputDirectory, writes: Bool = true) throws -> (current: Bool, output: StreamedOutput) {
        let output = StreamedOutput(path: path, out: out, writes: writes)
        var offset = 0
        while offset < content.count {
            let end = min(content.count, offset + 1_000)
            try output.append(String(decoding: content[offset..<end], as: UTF8.self))
            offset = end
        }
        return (try output.finish(), output)
    }

    @Test func aCurrentStreamedFileIsComparedAndNothingIsStaged() throws {
        let tmp = try TemporaryDirectory("streamed-current")
        defer { tmp.remove() }
        let out = try OutputDirectory(path: tmp.path)
        try out.write(Self.text, to: "Xcode/Heroes.swift")
        let before = try #require(out.status("Xcode/Heroes.swift"))
        let result = try Self.stream(Self.text, to: "Xcode/Heroes.swift", in: out)
        #expect(result.current)
        #expect(result.output.staged == nil)
        #expect(tmp.allFiles() == ["Xcode/Heroes.swift"], "a temporary file was left or made")
        let after = try #require(out.status("Xcode/Heroes.swift"))
        #expect(after.st_ino == before.st_ino, "the file was replaced")
    }

    @Test(arguments: ["middle", "longer", "shorter", "empty", "missing"])
    func aStreamedFileThatDiffersIsStagedWhole(change: String) throws {
        let tmp = try TemporaryDirectory("streamed-differs")
        defer { tmp.remove() }
        let out = try OutputDirectory(path: tmp.path)
        if change != "missing" { try out.write(Self.text, to: "HTML/index.html") }
        var new = Self.text
        switch change {
        case "middle": new[400_123] = 0x21   // a byte in the second chunk: the first is copied from the old file
        case "longer": new += Array("<p>one more</p>\n".utf8)
        case "shorter": new.removeLast(12_345)
        case "empty": new = []
        default: break
        }
        let result = try Self.stream(new, to: "HTML/index.html", in: out)
        #expect(!result.current)
        #expect(out.read("HTML/index.html") == (change == "missing" ? nil : Self.text), "the final name changed before the commit")
        let staged = try #require(result.output.staged)
        try staged.commit()
        #expect(out.read("HTML/index.html") == new)
        #expect(tmp.allFiles() == ["HTML/index.html"])
    }

    @Test func checkingAStreamedFileWritesNothing() throws {
        let tmp = try TemporaryDirectory("streamed-check")
        defer { tmp.remove() }
        let out = try OutputDirectory(path: tmp.path)
        try out.write(Self.text, to: "a.swift")
        var new = Self.text
        new[5] = 0x21
        let result = try Self.stream(new, to: "a.swift", in: out, writes: false)
        #expect(!result.current && result.output.staged == nil)
        #expect(try Self.stream(Self.text, to: "a.swift", in: out, writes: false).current)
        #expect(tmp.allFiles() == ["a.swift"])
    }

    /// Long names, so that 1,200 entries fill more than one chunk of the list and it spills to its file.
    static func longName(_ index: Int) -> String {
        "sets/" + String(repeating: "n", count: 200) + String(format: "-%05d.json", index)
    }

    @Test func theStagedListCommitsEveryFileInOrderAfterSpilling() throws {
        let tmp = try TemporaryDirectory("staged-list")
        defer { tmp.remove() }
        let out = try OutputDirectory(path: tmp.path)
        let list = try StagedFileList(out: out)
        for index in 0..<1_200 { try list.add(try out.stage([UInt8(index & 0xFF)], to: Self.longName(index))) }
        #expect(tmp.allFiles().contains { $0.hasPrefix(OutputDirectory.temporaryPrefix) }, "the list never spilled to its file")
        var order: [String] = []
        try list.forEach { file in
            order.append(file.relativePath)
            try file.commit()
        }
        list.close()
        #expect(order == (0..<1_200).map(Self.longName))
        #expect(tmp.allFiles() == (0..<1_200).map(Self.longName).sorted())
        #expect(out.read(Self.longName(1_000)) == [UInt8(1_000 & 0xFF)])
    }

    @Test func aFullDiskWhileTheListSpillsLosesNoStagedFile() throws {
        let tmp = try TemporaryDirectory("staged-list-full")
        defer { tmp.remove() }
        var out = try OutputDirectory(path: tmp.path)
        // Room for the 1,200 one-byte files and half a chunk of the list: its first spill fails part way.
        out.faults = WriteFaults(bytesUntilFull: 1_200 + OutputDirectory.StagingWriter.bufferSize / 2)
        let list = try StagedFileList(out: out)
        #expect(throws: SystemError.self) {
            for index in 0..<2_400 { try list.add(try out.stage([1], to: Self.longName(index))) }
        }
        var discarded = 0
        list.forEachListed { file in
            file.discard()
            discarded += 1
        }
        list.close()
        #expect(discarded >= 1_000)
        #expect(tmp.allFiles().isEmpty, "left: \(tmp.allFiles().prefix(3))")
    }
}
