import Foundation
import Testing
import FullBleedPipeline
import FullBleedTestSupport

@Suite struct OutputDirectoryTests {
    @Test func writesAtomicallyAndLeavesNoTemporaries() throws {
        let tmp = try TemporaryDirectory("out")
        defer { tmp.remove() }
        let out = try OutputDirectory(path: tmp.path + "/heroes")
        try out.write([1, 2, 3], to: "a/b/c.jpg")
        try out.write([4, 5], to: "a/b/c.jpg")   // overwrite by rename
        #expect(out.read("a/b/c.jpg") == [4, 5])
        #expect(tmp.allFiles() == ["heroes/a/b/c.jpg"])
    }

    @Test(arguments: ["../escape.jpg", "/etc/passwd", "a/../../x", "a//b", "./a", "", "a/\u{0A}b", ".fullbleed-tmp-x"])
    func refusesPathsOutsideOrOdd(path: String) throws {
        let tmp = try TemporaryDirectory("out")
        defer { tmp.remove() }
        let out = try OutputDirectory(path: tmp.path)
        #expect(throws: SystemError.self) { try out.write([1], to: path) }
        #expect(tmp.allFiles().isEmpty)
    }

    @Test func refusesToWriteThroughAPlantedSymlink() throws {
        let tmp = try TemporaryDirectory("out")
        let outside = try TemporaryDirectory("outside")
        defer { tmp.remove(); outside.remove() }
        let out = try OutputDirectory(path: tmp.path)
        try FileManager.default.createSymbolicLink(atPath: tmp.path + "/link", withDestinationPath: outside.path)
        #expect(throws: SystemError.self) { try out.write([1], to: "link/x.jpg") }
        #expect(outside.allFiles().isEmpty)
    }

    @Test func nothingOutsideIsRemovedReadOrSeenThroughAPlantedSymlink() throws {
        let tmp = try TemporaryDirectory("out")
        let outside = try TemporaryDirectory("outside")
        defer { tmp.remove(); outside.remove() }
        let out = try OutputDirectory(path: tmp.path)
        let victim = try outside.write("victim.txt", [7])
        try outside.write("deep/.fullbleed-tmp-debris", [1])
        try FileManager.default.createSymbolicLink(atPath: tmp.path + "/evil", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: tmp.path + "/file-link.txt", withDestinationPath: victim)
        #expect(throws: SystemError.self) { try out.remove("evil/victim.txt") }
        #expect(!out.exists("evil/victim.txt"))
        #expect(out.read("evil/victim.txt") == nil)
        #expect(out.read("file-link.txt") == nil)
        #expect(out.removeTemporaryDebris() == 0)
        // A link at the final name is an entry of the folder: removing it removes the link, not its target.
        #expect(try out.remove("file-link.txt"))
        #expect(FileManager.default.fileExists(atPath: victim))
        #expect(outside.allFiles().sorted() == ["deep/.fullbleed-tmp-debris", "victim.txt"])
        #expect(try out.remove("missing/x.jpg") == false)
    }

    @Test func removeCleansEmptyFoldersAndDebris() throws {
        let tmp = try TemporaryDirectory("out")
        defer { tmp.remove() }
        let out = try OutputDirectory(path: tmp.path)
        try out.write([1], to: "x/y/z.png")
        try out.remove("x/y/z.png")
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/x"))
        let debris = try tmp.write("a/.fullbleed-tmp-123", [0])
        // Debris of a run that started after this one is left: that run may still be alive.
        #expect(out.removeTemporaryDebris() == 0)
        try Self.backdate(debris)
        #expect(out.removeTemporaryDebris() == 1)
        #expect(tmp.allFiles().isEmpty)
    }

    /// Sets the modification time of `path` one hour back.
    static func backdate(_ path: String) throws {
        var times = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func runsSharingAFolderLeaveEachOthersTemporaryFilesAlone() throws {
        let tmp = try TemporaryDirectory("out-shared")
        defer { tmp.remove() }
        let first = try OutputDirectory(path: tmp.path)
        let staged = try first.stage([1, 2, 3], to: "a/x.jpg")
        let names = tmp.allFiles()
        let temporary = try #require(names.first { $0.hasPrefix("a/.fullbleed-tmp-") })
        let lock = try #require(names.first { $0.hasPrefix(".fullbleed-run-") && $0.hasSuffix(".lock") })
        try Self.backdate(tmp.path + "/" + temporary)
        try Self.backdate(tmp.path + "/" + lock)
        // A later run sees an old temporary file, but its run holds its lock: alive, left alone.
        let second = try OutputDirectory(path: tmp.path)
        #expect(second.removeTemporaryDebris() == 0)
        #expect(tmp.allFiles().sorted() == names.sorted())
        // The first run dies without cleaning up (its lock dropped, its files left): now it is debris.
        staged.discard()
        try tmp.write(temporary, [9])
        try Self.backdate(tmp.path + "/" + temporary)
        first.endRun()
        try tmp.write(lock, [])
        try Self.backdate(tmp.path + "/" + lock)
        #expect(second.removeTemporaryDebris() == 1)
        #expect(tmp.allFiles().isEmpty, "\(tmp.allFiles())")
    }
}

@Suite struct InputDiscoveryTests {
    @Test func walksFoldersSortedSkippingHiddenAndNonImages() throws {
        let tmp = try TemporaryDirectory("in")
        defer { tmp.remove() }
        for name in ["b.jpg", "a.PNG", "sub/c.webp", "sub/d.jpeg", ".hidden.jpg", ".git/e.jpg", "notes.txt", "x.gif"] {
            try tmp.write(name, [0])
        }
        let result = InputDiscovery().discover([tmp.path])
        #expect(result.files.map(\.relativePath) == ["a.PNG", "b.jpg", "sub/c.webp", "sub/d.jpeg"])
        #expect(result.missing.isEmpty)
    }

    @Test func filesNamedDirectlyAreTakenWhateverTheExtension() throws {
        let tmp = try TemporaryDirectory("in")
        defer { tmp.remove() }
        let path = try tmp.write("photo.dat", [0])
        let result = InputDiscovery().discover([path, tmp.path + "/missing.jpg"])
        #expect(result.files.map(\.relativePath) == ["photo.dat"])
        #expect(result.missing == [tmp.path + "/missing.jpg"])
    }

    @Test func symlinksOutOfTheFolderAreNotFollowed() throws {
        let tmp = try TemporaryDirectory("in")
        let outside = try TemporaryDirectory("outside")
        defer { tmp.remove(); outside.remove() }
        try tmp.write("inside.jpg", [0])
        let secret = try outside.write("secret.jpg", [0])
        try FileManager.default.createSymbolicLink(atPath: tmp.path + "/leak.jpg", withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(atPath: tmp.path + "/leakdir", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: tmp.path + "/alias.jpg", withDestinationPath: tmp.path + "/inside.jpg")
        try FileManager.default.createSymbolicLink(atPath: tmp.path + "/loop", withDestinationPath: tmp.path)
        let result = InputDiscovery().discover([tmp.path])
        #expect(result.files.map(\.relativePath) == ["alias.jpg", "inside.jpg"])
        #expect(result.notes.map(\.path).sorted() == ["leak.jpg", "leakdir"])
    }
}

@Suite struct JSONReaderTests {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    @Test func typedFieldsAndPathsInErrors() throws {
        var reader = try JSONObjectReader(try parse(#"{"name": "x", "q": 101, "list": [1], "flag": "yes"}"#), at: "$")
        #expect(try reader.requiredString("name") == "x")
        #expect(throws: ConfigError(location: "$.q", message: "expected a whole number from 1 to 100, found 101")) {
            try reader.integer("q", in: 1...100)
        }
        #expect(throws: ConfigError(location: "$.flag", message: "expected true or false, found a string")) { try reader.bool("flag") }
        #expect(try reader.array("list")?.count == 1)
        #expect(throws: Never.self) { try reader.rejectUnknownKeys() }
    }

    @Test func unknownKeysAreRejected() throws {
        var reader = try JSONObjectReader(try parse(#"{"qualty": 80, "format": "jpeg"}"#), at: "$.outputs[0]")
        _ = try reader.choice("format", of: ["jpeg", "png", "webp"])
        #expect(throws: ConfigError.self) { try reader.rejectUnknownKeys() }
        do { try reader.rejectUnknownKeys() } catch let error as ConfigError { #expect(error.location == "$.outputs[0].qualty") }
    }

    @Test func hostileDocumentsAreRefusedWithAMessage() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: ConfigError.self) { try parse(deep) }
        #expect(throws: ConfigError.self) { try JSONValue.parse(Data(count: JSONValue.maxDocumentBytes + 1)) }
        #expect(throws: ConfigError.self) { try parse("{not json") }
        #expect(throws: Never.self) { try parse(#"{"s": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}"#) }
    }
}
