import Foundation
import Testing
import FullBleedTestSupport

/// A `fullbleed review` process on a free port (`--port 0 --no-open`), its address read from stdout.
final class ReviewServerProcess: @unchecked Sendable {
    let process = Process()
    let input: String
    let output: String
    private(set) var url = ""
    private(set) var port = 0
    private(set) var token = ""
    private let lock = NSLock()
    private var stdoutText = ""
    private var stderrText = ""

    /// Starts the server over `input` into `output` and waits (up to `timeout` seconds) for its address.
    init(input: String, output: String, pipeline: String = BuildFixtures.smallPipeline, timeout: Double = 180) throws {
        self.input = input
        self.output = output
        process.executableURL = CLIRunner.binary
        process.arguments = ["review", input, "--out", output, "--pipeline", pipeline, "--port", "0", "--no-open", "--jobs", "2"]
        process.currentDirectoryURL = TestPaths.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock(); self.stdoutText += String(decoding: data, as: UTF8.self); self.lock.unlock()
        }
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock(); self.stderrText += String(decoding: data, as: UTF8.self); self.lock.unlock()
        }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            lock.lock()
            let line = stdoutText.split(separator: "\n").first { $0.hasPrefix("review: http://127.0.0.1:") }
            lock.unlock()
            if let line {
                url = String(line.dropFirst("review: ".count))
                let afterHost = url.dropFirst("http://127.0.0.1:".count)
                port = Int(afterHost.prefix { $0.isNumber }) ?? 0
                token = String(url.split(separator: "=").last ?? "")
                return
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        process.terminate()
        throw ReviewTestError(message: "no address from fullbleed review: \(stderr)")
    }

    var stderr: String { lock.lock(); defer { lock.unlock() }; return stderrText }

    /// SIGTERM, then the exit status (or nil when it did not stop within `timeout` seconds).
    func stop(timeout: Double = 120) -> Int32? {
        process.terminate()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL); return nil }
        return process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    struct Reply {
        var status: Int
        var body: String
        var contentType: String
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
    }

    /// One request with curl (`--path-as-is`: the path goes out exactly as written).
    func request(_ path: String, token: String? = nil, headers: [String: String] = [:], method: String = "GET",
                 body: String? = nil, bodyFile: String? = nil) throws -> Reply {
        var arguments = ["-s", "--path-as-is", "-X", method, "-o", "-", "-w", "\n%{http_code} %{content_type}", "--max-time", "300"]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
        if let token { arguments += ["-H", "X-FullBleed-Token: \(token)"] }
        if let body { arguments += ["--data-binary", body] }
        if let bodyFile { arguments += ["--data-binary", "@" + bodyFile] }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        let result = try CLIRunner.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["curl"] + arguments, in: TestPaths.packageRoot)
        guard let split = result.stdout.range(of: "\n", options: .backwards) else {
            throw ReviewTestError(message: "curl: \(result.stderr)")
        }
        let trailer = result.stdout[split.upperBound...].split(separator: " ", maxSplits: 1)
        return Reply(status: Int(trailer.first ?? "") ?? 0, body: String(result.stdout[..<split.lowerBound]),
                     contentType: trailer.count > 1 ? String(trailer[1]) : "")
    }

    /// `GET /api/state` with the token answers 200: the server is still serving.
    var answers: Bool { (try? request("/api/state", token: token).status) == 200 }

    func assets() throws -> [[String: Any]] {
        try request("/api/assets", token: token).json["assets"] as? [[String: Any]] ?? []
    }

    func save(_ body: String) throws -> Reply {
        try request("/api/save", token: token, headers: ["Content-Type": "application/json"], method: "POST", body: body)
    }
}

struct ReviewTestError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// `fullbleed review` over HTTP, from the built binary: who may talk to it, what it serves, and what a save
/// writes. Each refusal is followed by a request that must still be answered.
@Suite(.serialized) struct ReviewServerTests {
    static let photo = "lomiri_Picture_0B_by_freespace.jpg"
    static let otherPhoto = "sk_retina.jpg"

    /// A fresh folder with two sample photos, and the server over it.
    static func start(_ name: String) throws -> (ReviewServerProcess, String) {
        let folder = TestPaths.packageRoot.appendingPathComponent(".build/review-tests/\(name)").path
        try? FileManager.default.removeItem(atPath: folder)
        try BuildFixtures.copySamples([photo, otherPhoto], to: folder + "/in")
        return (try ReviewServerProcess(input: folder + "/in", output: folder + "/out"), folder)
    }

    static func key(_ name: String) -> String { name.replacingOccurrences(of: ".", with: "-") }

    @Test func requestsWithoutTheTokenOrFromElsewhereAreRefused() throws {
        let (server, _) = try Self.start("refusals")
        defer { _ = server.stop() }
        #expect(try server.request("/").status == 403)
        #expect(try server.request("/api/assets").status == 403)
        #expect(try server.request("/?token=" + String(repeating: "0", count: 64)).status == 403)
        #expect(try server.request("/api/assets", token: String(server.token.dropLast())).status == 403)
        #expect(try server.request("/api/assets", token: server.token + "0").status == 403)
        #expect(server.answers)
        #expect(try server.request("/?token=\(server.token)").status == 200)
        // Another name for this address (DNS rebinding) and another page's origin.
        #expect(try server.request("/api/assets", token: server.token, headers: ["Host": "attacker.example:\(server.port)"]).status == 403)
        #expect(try server.request("/api/assets", token: server.token, headers: ["Host": "127.0.0.1:\(server.port + 1)"]).status == 403)
        #expect(try server.request("/api/assets", token: server.token, headers: ["Origin": "http://attacker.example"]).status == 403)
        #expect(try server.request("/api/assets", token: server.token, headers: ["Origin": "null"]).status == 403)
        let foreignSave = try server.request("/api/save", token: server.token, headers: ["Origin": "http://127.0.0.1:1"], method: "POST",
                                             body: #"{"key": "\#(Self.key(Self.photo))", "reviewed": true}"#)
        #expect(foreignSave.status == 403)
        #expect(!FileManager.default.fileExists(atPath: server.input + "/" + Self.photo + ".fullbleed.json"))
        #expect(server.answers)
        #expect(try server.request("/api/assets", token: server.token, headers: ["Host": "localhost:\(server.port)", "Origin": "http://localhost:\(server.port)"]).status == 200)
        #expect(try server.request("/api/state?token=\(server.token)", headers: ["Origin": "http://127.0.0.1:\(server.port)"]).status == 200)
        #expect(server.stop() == 0)
    }

    @Test func theOutputFolderIsServedReadOnlyWithoutClimbingOut() throws {
        let (server, folder) = try Self.start("files")
        defer { _ = server.stop() }
        let manifest = try server.request("/files/manifest.json", token: server.token)
        #expect(manifest.status == 200 && manifest.contentType == "application/json" && manifest.body.contains("\"assets\""))
        let html = try server.request("/files/preview.html", token: server.token)
        #expect(html.status == 200 && html.contentType.hasPrefix("text/html"))
        let thumbnail = try #require(try FileManager.default.contentsOfDirectory(atPath: folder + "/out/preview").first)
        let image = try server.request("/files/preview/\(thumbnail)", token: server.token)
        #expect(image.status == 200 && image.contentType == "image/jpeg")
        try Data("secret".utf8).write(to: URL(fileURLWithPath: folder + "/secret.txt"))
        let climbs = [
            "/files/../secret.txt", "/files/../../secret.txt", "/files/%2e%2e/secret.txt", "/files/%2E%2E/secret.txt",
            "/files/..%2fsecret.txt", "/files/..%2Fsecret.txt", "/files/%2e%2e%2fsecret.txt", "/files/..%5csecret.txt",
            "/files/..\\secret.txt", "/files/preview/..%2f..%2fsecret.txt", "/files/%252e%252e/secret.txt",
            "/files//etc/passwd", "/files/%2fetc%2fpasswd", "/files/./manifest.json", "/files/preview/", "/files/preview",
            "/files/", "/files/.fullbleed-state.json", "/../secret.txt", "/files/manifest.json%00.txt",
        ]
        for path in climbs {
            let reply = try server.request(path + (path.contains("?") ? "&" : "?") + "token=\(server.token)")
            #expect(reply.status == 404, "\(path): \(reply.status) \(reply.body.prefix(80))")
            #expect(!reply.body.contains("secret") && !reply.body.contains("root:"), "\(path)")
        }
        #expect(server.answers)
        #expect(server.stop() == 0)
    }

    @Test func badBodiesAreRefusedAndNothingIsWritten() throws {
        let (server, _) = try Self.start("bodies")
        defer { _ = server.stop() }
        let sidecar = server.input + "/" + Self.photo + ".fullbleed.json"
        let big = server.input + "/../big.json"
        try Data(#"{"key": "x", "alt": ""#.utf8 + Data(repeating: 0x61, count: 200_000) + Data(#""}"#.utf8)).write(to: URL(fileURLWithPath: big))
        let oversized = try server.request("/api/save", token: server.token, method: "POST", bodyFile: big)
        #expect(oversized.status == 413, "\(oversized.body)")
        #expect(server.answers)
        for body in ["not json", "{\"key\": ", "[1, 2]", #"{"key": "\#(Self.key(Self.photo))"}"#,
                     #"{"key": "\#(Self.key(Self.photo))", "subject": {"x": 0.9, "y": 0, "width": 0.5, "height": 0.5}}"#,
                     #"{"key": "\#(Self.key(Self.photo))", "focus": [2, 0.5]}"#,
                     #"{"key": "\#(Self.key(Self.photo))", "reviewed": true, "path": "/etc/passwd"}"#] {
            let reply = try server.save(body)
            #expect(reply.status == 400, "\(body): \(reply.status) \(reply.body)")
            #expect((reply.json["error"] as? String)?.contains("nothing written") == true, "\(reply.body)")
            #expect(server.answers)
        }
        let unknown = try server.save(#"{"key": "no-such-photo", "reviewed": true}"#)
        #expect(unknown.status == 404 && (unknown.json["error"] as? String)?.contains("no-such-photo") == true)
        #expect(!FileManager.default.fileExists(atPath: sidecar))
        // A sidecar this tool cannot read is refused, never overwritten.
        try Data("{ \"alt\": \"broken".utf8).write(to: URL(fileURLWithPath: sidecar))
        let refused = try server.save(#"{"key": "\#(Self.key(Self.photo))", "reviewed": true}"#)
        #expect(refused.status == 409, "\(refused.body)")
        #expect(try String(contentsOfFile: sidecar, encoding: .utf8) == "{ \"alt\": \"broken")
        // Once the watcher has rebuilt with the broken sidecar, the photo is a failure of the last build, and
        // still one of the inputs: the same save is judged on its sidecar (409), not refused as unknown (404).
        var failed = false
        for _ in 0..<300 where !failed {
            let failures = try server.request("/api/assets", token: server.token).json["failures"] as? [[String: Any]] ?? []
            failed = failures.contains { ($0["source"] as? String) == Self.photo }
            if !failed { usleep(100_000) }
        }
        #expect(failed, "the broken sidecar never failed the photo's build")
        let refusedAgain = try server.save(#"{"key": "\#(Self.key(Self.photo))", "reviewed": true}"#)
        #expect(refusedAgain.status == 409, "\(refusedAgain.body)")
        #expect(try String(contentsOfFile: sidecar, encoding: .utf8) == "{ \"alt\": \"broken")
        #expect(server.answers)
        #expect(server.stop() == 0)
    }

    @Test func twoSavesAtOnceBothLandAndKeepTheOtherFields() throws {
        let (server, folder) = try Self.start("saves")
        defer { _ = server.stop() }
        let photo = server.input + "/" + Self.photo
        try Data(#"{"alt": "A hill at noon", "title": {"x": 0.05, "y": 0.7, "width": 0.6, "height": 0.2}}"#.utf8)
            .write(to: URL(fileURLWithPath: photo + ".fullbleed.json"))
        let key = Self.key(Self.photo), otherKey = Self.key(Self.otherPhoto)
        nonisolated(unsafe) var replies: [ReviewServerProcess.Reply?] = [nil, nil, nil]
        DispatchQueue.concurrentPerform(iterations: 3) { index in
            let body = [#"{"key": "\#(key)", "subject": {"x": 0.4, "y": 0.45, "width": 0.2, "height": 0.3}}"#,
                        #"{"key": "\#(key)", "reviewed": true}"#,
                        #"{"key": "\#(otherKey)", "focus": [0.25, 0.75]}"#][index]
            replies[index] = try? server.save(body)
        }
        for reply in replies { #expect(reply?.status == 200, "\(reply?.body ?? "no reply")") }
        let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: photo + ".fullbleed.json"))) as? [String: Any] ?? [:]
        #expect(sidecar["alt"] as? String == "A hill at noon")
        #expect(sidecar["title"] != nil)
        #expect(sidecar["subject"] as? [String: Double] == ["x": 0.4, "y": 0.45, "width": 0.2, "height": 0.3])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        #expect((sidecar["reviewed"] as? [String: String])?["sha256"] == SHA256Hex.of(bytes))
        let other = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: server.input + "/" + Self.otherPhoto + ".fullbleed.json"))) as? [String: Any]
        #expect(other?["focus"] as? [Double] == [0.25, 0.75])
        // Nothing but the two sidecars beside the photos.
        #expect(try FileManager.default.contentsOfDirectory(atPath: server.input).sorted()
                == [Self.photo, Self.photo + ".fullbleed.json", Self.otherPhoto, Self.otherPhoto + ".fullbleed.json"].sorted())
        // The manifest agrees: the sidecar's subject is the one the crop used.
        let manifest = try BuildFixtures.manifest(in: folder + "/out")
        let asset = try #require((manifest["assets"] as? [[String: Any]])?.first { $0["key"] as? String == key })
        #expect(asset["sidecarSHA256"] as? String == SHA256Hex.of(try Data(contentsOf: URL(fileURLWithPath: photo + ".fullbleed.json"))))
        #expect(server.answers)
        #expect(server.stop() == 0)
    }

    @Test func aSavedGlyphToneIsWrittenRebuiltAndShown() throws {
        let (server, _) = try Self.start("glyphs")
        defer { _ = server.stop() }
        let key = Self.key(Self.otherPhoto), sidecarPath = server.input + "/" + Self.otherPhoto + ".fullbleed.json"
        func sidecar() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sidecarPath))) as? [String: Any] ?? [:]
        }
        func iPhone(_ asset: [String: Any]?) -> [String: Any]? {
            (asset?["targets"] as? [[String: Any]])?.first { $0["name"] as? String == "iphone-17-pro" }
        }
        let before = try #require(try server.assets().first { $0["key"] as? String == key })
        #expect(before["recommendedGlyphs"] as? [String] == ["white"], "\(before["recommendedGlyphs"] ?? "")")
        #expect(iPhone(before)?["glyphColor"] as? String == "white")

        // A tone alone: only `glyphs` is written (the crop stays detected); the answer is the rebuilt asset.
        let black = try server.save(#"{"key": "\#(key)", "glyphs": "black"}"#)
        #expect(black.status == 200, "\(black.body)")
        #expect(try sidecar() as? [String: String] == ["glyphs": "black"])
        let asset = black.json["asset"] as? [String: Any]
        #expect(iPhone(asset)?["glyphColor"] as? String == "black", "\(black.body.prefix(2000))")
        #expect(iPhone(asset)?["glyphColorChosenByPerson"] as? Bool == true)
        #expect(asset?["recommendedGlyphs"] as? [String] == ["white"])
        #expect((asset?["sidecar"] as? [String: Any])?["glyphs"] as? String == "black")
        #expect((asset?["html"] as? String)?.contains("black glyphs (light scheme), chosen in the sidecar (recommended: white)") == true)

        // With a focus point and back to the recommendation: one write, `glyphs` gone, white again.
        let back = try server.save(#"{"key": "\#(key)", "focus": [0.5, 0.5], "glyphs": "recommended"}"#)
        #expect(back.status == 200, "\(back.body)")
        #expect(try sidecar()["glyphs"] == nil && sidecar()["focus"] as? [Double] == [0.5, 0.5])
        #expect(iPhone(back.json["asset"] as? [String: Any])?["glyphColor"] as? String == "white")
        #expect(iPhone(back.json["asset"] as? [String: Any])?["glyphColorChosenByPerson"] == nil)

        // A tone that is not one: refused, the sidecar untouched.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sidecarPath))
        for body in [#"{"key": "\#(key)", "glyphs": "grey"}"#, #"{"key": "\#(key)", "glyphs": true}"#] {
            let bad = try server.save(body)
            #expect(bad.status == 400 && (bad.json["error"] as? String)?.contains("$.glyphs") == true, "\(bad.body)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: sidecarPath)) == bytes)
        #expect(server.stop() == 0)
    }

    @Test func aPhotoDeletedWhileOpenGivesAClearMessage() throws {
        let (server, folder) = try Self.start("deleted")
        defer { _ = server.stop() }
        #expect(try server.assets().count == 2)
        try FileManager.default.removeItem(atPath: server.input + "/" + Self.photo)
        let reply = try server.save(#"{"key": "\#(Self.key(Self.photo))", "subject": {"x": 0.4, "y": 0.45, "width": 0.2, "height": 0.3}}"#)
        #expect(reply.status == 410, "\(reply.body)")
        #expect((reply.json["error"] as? String)?.contains("\(Self.photo) is no longer on disk") == true, "\(reply.body)")
        #expect(!FileManager.default.fileExists(atPath: server.input + "/" + Self.photo + ".fullbleed.json"))
        #expect(server.answers)
        #expect(try server.assets().map { $0["key"] as? String } == [Self.key(Self.otherPhoto)])
        // A photo added while it runs is built and appears (the inputs are looked at every second).
        try BuildFixtures.copySamples(["lomiri_friends_by_Aitzol_Berasategi.jpg"], to: server.input)
        let deadline = Date().addingTimeInterval(120)
        var keys: [String] = []
        while Date() < deadline {
            keys = try server.assets().compactMap { $0["key"] as? String }
            if keys.count == 2 { break }
            Thread.sleep(forTimeInterval: 0.5)
        }
        #expect(keys.sorted() == ["lomiri_friends_by_Aitzol_Berasategi-jpg", Self.key(Self.otherPhoto)])
        #expect(server.stop() == 0)
        // Stopped cleanly: no temporary or journal files left in the output folder.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder + "/out")
        #expect(!left.contains { $0.hasPrefix(".fullbleed-tmp") || $0.hasPrefix(".fullbleed-journal") || $0.hasPrefix(".fullbleed-run-") }, "\(left)")
    }
}

/// SHA-256 of bytes as lowercase hex, through `sha256sum` (an oracle independent of the code under test).
enum SHA256Hex {
    static func of(_ data: Data) -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("review-sha-\(UUID().uuidString)")
        try? data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try? CLIRunner.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum", file.path], in: TestPaths.packageRoot)
        return String(result?.stdout.prefix(64) ?? "")
    }
}
