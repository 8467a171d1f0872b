import Foundation
import Testing
import FullBleedCodecs
import FullBleedPipeline
import FullBleedTestSupport

@Suite struct ImageFileTests {
    func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fullbleed-imagefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func missingFileNamesThePath() {
        #expect(throws: SystemError.self) { try ImageFile.readBytes(atPath: "/no/such/photo.jpg") }
        let report = ProbeReport.probe(path: "/no/such/photo.jpg")
        #expect(report.error == "/no/such/photo.jpg: read failed: no such file")
    }

    @Test func directoryIsNotAnImage() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = ProbeReport.probe(path: dir.path)
        #expect(report.error == "\(dir.path): read failed: is a directory")
    }

    @Test func textFileNamedJpegIsRejectedByContent() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("photo.jpg").path
        try Data("hello, I am not a JPEG".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try ImageFile.decode(atPath: path)
            Issue.record("decoding text must fail")
        } catch let error as CodecError {
            #expect(error.path == path)
            #expect(error.reason == .unrecognizedFormat(prefix: "'hello, I'"))
            #expect("\(error)" == "\(path): decode failed: not a JPEG, PNG, WebP, HEIC or AVIF image (starts with 'hello, I')")
        }
    }

    @Test func emptyFileIsAClearError() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("empty.png").path
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let report = ProbeReport.probe(path: path)
        #expect(report.error == "\(path): probe failed: empty file (0 bytes)")
        #expect(!report.succeeded)
    }
}
