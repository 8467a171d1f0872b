import Foundation
import Testing
@testable import FullBleedPipeline
import FullBleedTestSupport

/// Disk faults and sources that change under a running build (in process, through `BuildRunner`):
/// one clear line per failed photo, the rest of the batch built, nothing partial or temporary left, and
/// the manifest either the previous complete one or a new complete one.
@Suite struct BuildFaultTests {
    static let names = ["lomiri_friends_by_Aitzol_Berasategi.jpg", "sk_chelsea.png", "sk_retina.jpg"]

    /// Collects events from the runner's callback (called from one thread at a time).
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [BuildEvent] = []
        func append(_ event: BuildEvent) { lock.lock(); stored.append(event); lock.unlock() }
        var failures: [String] {
            lock.lock(); defer { lock.unlock() }
            return stored.compactMap { if case .asset(let a) = $0 { return a.error } else { return nil } }
        }
        var notes: [String] {
            lock.lock(); defer { lock.unlock() }
            return stored.compactMap { if case .note(let n) = $0 { return n } else { return nil } }
        }
    }

    func build(_ input: String, out: String, jobs: Int = 1, force: Bool = false, faults: WriteFaults? = nil,
               onStarted: @escaping @Sendable () -> Void = {}) throws -> (BuildSummary, Events) {
        let spec = try PipelineLoader.load(path: BuildFixtures.smallPipeline)
        var options = BuildOptions(inputs: [input], outputPath: out, jobs: jobs, force: force)
        options.writeFaults = faults
        let events = Events()
        let summary = try BuildRunner.run(spec: spec, options: options) { event in
            if case .started = event { onStarted() }
            events.append(event)
        }
        return (summary, events)
    }

    /// Outputs of a folder without the state cache (it holds times) and the folder lock.
    func outputs(_ folder: String) throws -> [String: Data] {
        var files = try BuildFixtures.snapshot(folder)
        files[".fullbleed-state.json"] = nil
        files[".fullbleed.lock"] = nil
        return files
    }

    /// Every file the manifest lists exists with its recorded size; nothing temporary is left.
    func expectConsistent(_ folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let files = try BuildFixtures.snapshot(folder)
        #expect(!files.keys.contains { $0.contains(OutputDirectory.temporaryPrefix) }, "temporary files left", sourceLocation: sourceLocation)
        guard let data = files["manifest.json"] else { return }
        let manifest = try Manifest.decode([UInt8](data))
        for record in manifest.assets {
            for path in record.outputPaths {
                #expect(files[path] != nil, "\(path) listed but missing", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aFullDiskFailsThePhotosThatDoNotFitAndKeepsThePreviousManifest() throws {
        let tmp = try TemporaryDirectory("full-disk")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try BuildFixtures.copySamples(Self.names, to: input)
        _ = try build(input, out: tmp.path + "/clean")
        let reference = try outputs(tmp.path + "/clean")
        let manifestBytes = try #require(reference["manifest.json"])
        let assetBytes = reference.filter { $0.key != "manifest.json" }.values.reduce(0) { $0 + $1.count }

        // A fresh folder on a disk that fills up halfway through the photos: the build stops at the photo that
        // did not fit (a full disk is the output's failure, not the photo's), naming the photo and the file.
        let out = tmp.path + "/out"
        let error = try #require(throws: SystemError.self) {
            try build(input, out: out, faults: WriteFaults(bytesUntilFull: assetBytes / 2))
        }
        #expect(Self.names.contains { error.description.hasPrefix($0 + ": write failed: ") }, "\(error.description)")
        #expect(error.description.hasSuffix(": No space left on device"), "\(error.description)")
        try expectConsistent(out)
        #expect(try outputs(out)["manifest.json"] == nil)
        // Whatever was written is complete and byte-identical to the clean build's file of that name.
        for (path, data) in try outputs(out) { #expect(reference[path] == data, "\(path) is partial") }

        // A rebuild over a complete previous build on a full disk: the old manifest stays, byte for byte.
        try FileManager.default.copyItem(atPath: tmp.path + "/clean", toPath: tmp.path + "/again")
        #expect(throws: SystemError.self) { try build(input, out: tmp.path + "/again", force: true, faults: WriteFaults(bytesUntilFull: 0)) }
        try expectConsistent(tmp.path + "/again")
        #expect(try outputs(tmp.path + "/again")["manifest.json"] == manifestBytes)

        // With space again, both folders recover to the clean result.
        for folder in [out, tmp.path + "/again"] {
            let (summary, _) = try build(input, out: folder)
            #expect(summary.failed == 0)
            #expect(try outputs(folder) == reference)
        }
    }

    @Test func aPhotoWhoseOutputsDoNotFitIsOneFailureNamingIt() throws {
        let tmp = try TemporaryDirectory("full-disk-line")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try BuildFixtures.copySamples(Self.names, to: input)
        let out = tmp.path + "/out"
        let events = Events()
        let spec = try PipelineLoader.load(path: BuildFixtures.smallPipeline)
        var options = BuildOptions(inputs: [input], outputPath: out, jobs: 2, force: true)
        options.writeFaults = WriteFaults(bytesUntilFull: 0, errorNumber: EIO)
        #expect(throws: SystemError.self) { try BuildRunner.run(spec: spec, options: options) { events.append($0) } }
        // The first photo that cannot write stops the build (photos in flight fail too; none starts after it).
        #expect((1...Self.names.count).contains(events.failures.count), "\(events.failures)")
        for line in events.failures {
            #expect(Self.names.contains { line.hasPrefix($0 + ": write failed: ") }, "\(line)")
            #expect(line.hasSuffix(": Input/output error"), "\(line)")
            #expect(!line.contains("\n"))
        }
        try expectConsistent(out)
        // No photo's outputs survive a failed write: only the folder structure may remain, and no files.
        #expect(try outputs(out).isEmpty)
    }

    @Test func anOutputFolderUnderARegularFileIsAUsageErrorBeforeAnyWork() throws {
        let tmp = try TemporaryDirectory("enotdir")
        defer { tmp.remove() }
        let file = try tmp.write("file", [1, 2, 3])
        let error = try #require(throws: ConfigError.self) { try build(TestPaths.samples.path, out: file + "/heroes") }
        #expect("\(error)".contains("'\(file)' is a file, not a folder"), "\(error)")
        #expect(tmp.allFiles() == ["file"])
    }

    @Test func sourcesDeletedOrTruncatedAfterDiscoveryFailAloneAndTheRestIsBuilt() throws {
        let tmp = try TemporaryDirectory("vanish")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try BuildFixtures.copySamples(BuildFixtures.sampleNames, to: input)
        let deleted = input + "/sk_retina.jpg", truncatedJPEG = input + "/lomiri_friends_by_Aitzol_Berasategi.jpg"
        let truncatedPNG = input + "/sk_chelsea.png"
        let out = tmp.path + "/out"
        // `.started` comes after discovery and before any photo is read.
        let (summary, events) = try build(input, out: out, jobs: 2) {
            unlink(deleted)
            truncate(truncatedJPEG, 5000)
            truncate(truncatedPNG, 5000)
        }
        #expect(summary.built == 1)
        #expect(summary.failed == 3)
        let lines = events.failures.sorted()
        #expect(lines.count == 3)
        #expect(lines.contains { $0.hasPrefix("lomiri_friends_by_Aitzol_Berasategi.jpg: decode failed (jpeg): ") })
        // Cut inside the header chunks or the pixel data: the probe or the decode fails, naming the file.
        #expect(lines.contains { $0.hasPrefix("sk_chelsea.png: ") && $0.contains(" failed (png): ") }, "\(lines)")
        #expect(lines.contains("sk_retina.jpg: read failed: no such file"))
        try expectConsistent(out)
        let manifest = try Manifest.decode([UInt8](try #require(FileManager.default.contents(atPath: out + "/manifest.json"))))
        #expect(manifest.assets.map(\.source.path) == ["lomiri_Picture_0B_by_freespace.jpg"])
        #expect(manifest.failures.map(\.source).sorted() == ["lomiri_friends_by_Aitzol_Berasategi.jpg", "sk_chelsea.png", "sk_retina.jpg"])
        // Only the built photo has outputs.
        let prefixes = Set(try outputs(out).keys.filter { $0 != "manifest.json" }.map { String($0.split(separator: "/")[0]) })
        #expect(prefixes == [AssetNaming.assetKey(forRelativePath: "lomiri_Picture_0B_by_freespace.jpg").split(separator: "/")[0].description])
    }
}
