import Foundation
import Testing
import FullBleedTestSupport

/// The review page in headless Chromium driven by Playwright (`Tests/Review/review_browser.py`, in the venv
/// `make review-venv` makes with Playwright from PyPI, on Debian's chromium): drag the subject box of a
/// photo whose crop cuts its subject, pick the glyph tone the page does not recommend, save, and find the
/// sidecar, the page (its scheme and contrast numbers) and the manifest agreeing;
/// "Looks right" survives a restart; no horizontal overflow at 390 and 1400 px. Screenshots stay in
/// `build/review-screenshots/`.
@Suite(.serialized) struct ReviewBrowserTests {
    static let python = TestPaths.packageRoot.appendingPathComponent(".build/review-venv/bin/python")
    static var available: Bool {
        HeadlessChromium.path == "/usr/bin/chromium" && FileManager.default.isExecutableFile(atPath: python.path)
    }
    static let missing: Comment = "needs Debian's chromium and `make review-venv` (Playwright from PyPI): review page browser test skipped"

    /// The sample whose detected subject is larger than every device crop ("subject larger than the crop").
    static let photo = "lomiri_Picture_0B_by_freespace.jpg"
    static let key = "lomiri_Picture_0B_by_freespace-jpg"
    /// The subject (the figure in the middle of the photo) as fractions of the photo.
    static let box = (x: 0.40, y: 0.45, width: 0.20, height: 0.30)

    func runPage(_ phase: String, server: ReviewServerProcess, shots: String, box: String? = nil) throws -> [String: Any] {
        let result = try CLIRunner.run(executable: Self.python, [TestPaths.packageRoot.appendingPathComponent("Tests/Review/review_browser.py").path,
                                                                 phase, server.url, Self.key, shots] + (box.map { [$0] } ?? []),
                                       in: TestPaths.packageRoot)
        try #require(result.exitCode == 0, "review_browser.py \(phase): \(result.stderr.suffix(3000))")
        let line = try #require(result.stdout.split(separator: "\n").last)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test(.enabled(if: available, missing))
    func dragTheSubjectBoxSaveAndMarkReviewed() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent(".build/review-browser").path
        try? FileManager.default.removeItem(atPath: folder)
        try BuildFixtures.copySamples([Self.photo, "sk_retina.jpg"], to: folder + "/in")
        let shots = TestPaths.packageRoot.appendingPathComponent("build/review-screenshots").path
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)

        var server = try ReviewServerProcess(input: folder + "/in", output: folder + "/out", pipeline: BuildFixtures.defaultPipeline)
        func deviceVerdicts() throws -> [Bool] {
            let manifest = try BuildFixtures.manifest(in: folder + "/out")
            let asset = try #require((manifest["assets"] as? [[String: Any]])?.first { $0["key"] as? String == Self.key })
            return (asset["targets"] as? [[String: Any]] ?? []).map { (($0["crop"] as? [String: Any])?["subjectClearsToolbar"] as? Bool) ?? false }
        }
        let cleared = try deviceVerdicts()
        #expect(!cleared.isEmpty && cleared.allSatisfy { !$0 }, "the crops cut the detected subject before the edit: \(cleared)")

        let b = Self.box
        let edit = try runPage("edit", server: server, shots: shots, box: "\(b.x),\(b.y),\(b.width),\(b.height)")
        let before = edit["before"] as? [String] ?? [], after = edit["after"] as? [String] ?? []
        #expect(before.count == 3 && before.allSatisfy { $0.contains("fail") }, "\(before)")
        #expect(after.count == 3 && after.allSatisfy { $0.contains("pass") && $0.contains("subject clears the toolbar") }, "\(after)")
        #expect((edit["note"] as? String)?.hasPrefix("saved") == true, "\(edit)")
        // "Looks right" before the edit was saved: refused on the page, nothing sent, not marked reviewed.
        #expect((edit["refusedNote"] as? String)?.hasPrefix("unsaved changes: Save them first") == true, "\(edit)")
        #expect(edit["savesAfterRefusal"] as? Int == 0 && edit["refusedReviewed"] as? String != "true", "\(edit)")
        #expect(edit["reviewed"] as? String == "true", "\(edit)")
        #expect((edit["console"] as? [String])?.isEmpty == true, "\(edit["console"] ?? "")")
        // The tone was saved with the box: the select keeps it, and each device frame's numbers changed to it.
        let tone = try #require(edit["tone"] as? String)
        #expect((edit["recommended"] as? String)?.hasPrefix("recommended (") == true, "\(edit)")
        #expect(edit["selected"] as? String == tone, "\(edit)")
        let schemesBefore = edit["schemesBefore"] as? [String] ?? [], schemesAfter = edit["schemesAfter"] as? [String] ?? []
        #expect(schemesBefore.count == 3 && schemesBefore.allSatisfy { !$0.contains("chosen") && !$0.hasPrefix(tone) }, "\(schemesBefore)")
        #expect(schemesAfter.count == 3 && schemesAfter.allSatisfy { $0.hasPrefix("\(tone) glyphs") && $0.contains("chosen in the sidecar") }, "\(schemesAfter)")
        let contrastsBefore = edit["contrastsBefore"] as? [String] ?? [], contrastsAfter = edit["contrastsAfter"] as? [String] ?? []
        #expect(contrastsAfter.count == 3 && contrastsAfter != contrastsBefore, "\(contrastsBefore) -> \(contrastsAfter)")

        // The sidecar has the dragged box (to a pixel or two of the 340-px thumbnail) and the reviewed mark.
        let sidecarPath = folder + "/in/" + Self.photo + ".fullbleed.json"
        let sidecar = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sidecarPath))) as? [String: Any])
        let subject = try #require(sidecar["subject"] as? [String: Double])
        for (name, want) in [("x", b.x), ("y", b.y), ("width", b.width), ("height", b.height)] {
            #expect(abs((subject[name] ?? -1) - want) < 0.012, "subject \(name): \(subject)")
        }
        let photoHash = SHA256Hex.of(try Data(contentsOf: URL(fileURLWithPath: folder + "/in/" + Self.photo)))
        #expect((sidecar["reviewed"] as? [String: String])?["sha256"] == photoHash)
        #expect(sidecar["glyphs"] as? String == tone)
        // The manifest agrees with the page.
        #expect(try deviceVerdicts() == [true, true, true])
        let manifest = try BuildFixtures.manifest(in: folder + "/out")
        let asset = try #require((manifest["assets"] as? [[String: Any]])?.first { $0["key"] as? String == Self.key })
        let recommendations = (asset["targets"] as? [[String: Any]] ?? []).compactMap { $0["recommendation"] as? [String: Any] }
        #expect(recommendations.count == 3 && recommendations.allSatisfy { $0["glyphColor"] as? String == tone && $0["glyphColorChosenByPerson"] as? Bool == true },
                "\(recommendations)")

        // Restart: the reviewed mark is read back from the sidecar; the page fits 390 and 1400 px.
        #expect(server.stop() == 0)
        server = try ReviewServerProcess(input: folder + "/in", output: folder + "/out", pipeline: BuildFixtures.defaultPipeline)
        defer { _ = server.stop() }
        let check = try runPage("check", server: server, shots: shots)
        for width in ["390", "1400"] {
            let view = try #require(check[width] as? [String: Any])
            #expect(view["innerWidth"] as? Int == Int(width), "\(view)")
            #expect(view["scrollWidth"] as? Int == Int(width), "\(width) px overflows: \(view)")
            #expect(view["reviewed"] as? String == "true", "\(view)")
            #expect((view["images"] as? Int ?? 0) > 4, "\(view)")
            // The fig's box now clears every crop; the retina (no subject found) still needs a look.
            #expect(view["status"] as? String == "2 heroes, 1 needs a look", "\(view)")
        }
        #expect((check["console"] as? [String])?.isEmpty == true, "\(check["console"] ?? "")")
    }
}
