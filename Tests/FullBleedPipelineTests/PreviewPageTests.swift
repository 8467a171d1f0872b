import FullBleedColor
import Foundation
import Testing
import FullBleedCodecs
import FullBleedCore
import FullBleedImage
@testable import FullBleedPipeline
import FullBleedTestSupport

/// A manifest record of a synthetic photo built with the small test pipeline (iPhone, iPad with
/// extension, web): black-and-white stripes at the top force a busy toolbar band and a scrim.
enum PreviewFixture {
    static let hostileName = "<img src=x onerror=alert(1)> & \"quoted\" 'single'"

    static let sourceBytes: [UInt8] = {
        let image = SyntheticImages.rgb8(width: 800, height: 640) { x, y, c in
            if y < 260 { return (x / 20) % 2 == 0 ? 250 : 5 }
            return UInt8(truncatingIfNeeded: 60 + (x * (c + 1) + y) % 120)
        }
        return try! Codecs.encode(image, as: .png(PNGEncodeOptions()))
    }()

    /// The small pipeline with every top gradient baked, however far from subtle (the stripes need one at
    /// about opacity 1, which a build otherwise leaves to the hard scroll edge), so the page has one to show.
    static let spec: PipelineSpec = {
        var spec = try! PipelineLoader.load(path: BuildFixtures.smallPipeline)
        spec.legibility.parameters.hardEdgeLightnessChange = 100
        return spec
    }()

    static let output: AssetBuilder.Output = {
        let source = SourceFile(absolutePath: "/nonexistent/stripes.png", relativePath: "stripes.png")
        return try! AssetBuilder.build(try! AssetPlan(source: source, bytes: sourceBytes, sidecar: nil, spec: spec), bytes: sourceBytes)
    }()

    /// The asset's analysis report, as `build --report` writes it (the page reads it for regions).
    static var report: AssetReport { output.report }
    static let reports = ["stripes-png": output.report]

    static let manifest: Manifest = {
        var record = output.record
        record.altText = hostileName
        var hostile = record
        hostile.key = "odd/" + hostileName
        hostile.source.path = "odd/" + hostileName + ".png"
        return Manifest(pipeline: spec, assets: [record, hostile],
                        failures: [FailureRecord(source: "broken <b>.jpg", stage: .decode, error: "decode failed: <&>")], shard: nil)
    }()

    static var asset: AssetRecord { manifest.assets.first { $0.key == "stripes-png" }! }
    static func target(_ name: String) -> TargetRecord { asset.targets.first { $0.name == name }! }
    static func analysis(_ name: String) -> ToolbarAnalysis? { report.target(named: name)?.legibility }
}

@Suite struct PreviewPageTests {
    let html = PreviewPage.html(for: PreviewFixture.manifest,
                                options: .init(sourceThumbnails: ["stripes-png": "preview/stripes-png-source-0123abcd.jpg"],
                                                              reports: PreviewFixture.reports))

    @Test func theSameManifestGivesTheSameBytes() throws {
        let copy = try Manifest.decode(try PreviewFixture.manifest.encoded())
        let again = PreviewPage.html(for: copy, options: .init(sourceThumbnails: ["stripes-png": "preview/stripes-png-source-0123abcd.jpg"],
                                                              reports: PreviewFixture.reports))
        #expect(again == html)
    }

    @Test func manifestTextIsEscaped() {
        #expect(!html.contains(PreviewFixture.hostileName))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot; &#39;single&#39;"))
        #expect(html.contains("decode failed: &lt;&amp;&gt;"))
        #expect(PreviewMarkup.text("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;")
    }

    @Test func thePageReferencesNothingOutsideTheFolder() throws {
        #expect(!html.lowercased().contains("http://"))
        #expect(!html.lowercased().contains("https://"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("<script src"))
        #expect(!html.contains("url("))
        let sources = attributeValues("src", in: html)
        #expect(!sources.isEmpty)
        let listed = Set(PreviewFixture.manifest.allOutputPaths.map(PreviewMarkup.url)).union(["preview/stripes-png-source-0123abcd.jpg"])
        for source in sources {
            #expect(!source.hasPrefix("/") && !source.contains(":") && !source.hasPrefix(".."), "\(source)")
            #expect(listed.contains(source), "\(source) is not a file of the build")
        }
    }

    @Test func framesShowTheRecommendation() throws {
        // Phone: the @1x JPEG derivative under the toolbar, its baked variant, and the CSS scrim.
        let phone = PreviewFixture.target("iphone-17-pro")
        let analysis = try #require(PreviewFixture.analysis(phone.name))
        let scrim = try #require(analysis.recommendation.scrim)
        #expect(html.contains("src=\"stripes-png/iphone-17-pro%401x.jpg\""))
        #expect(html.contains("class=\"baked\" src=\"stripes-png/iphone-17-pro%401x-scrim.jpg\""))
        let channel = scrim.color == .black ? "0, 0, 0" : "255, 255, 255"
        #expect(html.contains("linear-gradient(to bottom, rgba(\(channel), \(PreviewMarkup.number(scrim.stops[0].opacity, decimals: 4))) 0.00%"))
        #expect(html.contains("class=\"toolbar glyphs-\(analysis.recommendation.glyphTone.rawValue)\""))
        // iPad: the extended canvas with a sidebar over the leading extension.
        #expect(html.contains("src=\"stripes-png/ipad-mini%401x-extended.jpg\""))
        #expect(html.contains("class=\"sidebar\""))
        // Web: the largest width. Crops on the source thumbnail; the hostile asset has no thumbnail.
        #expect(html.contains("src=\"stripes-png/web-320w.jpg\""))
        #expect(html.contains("src=\"preview/stripes-png-source-0123abcd.jpg\""))
        #expect(html.contains("source not available"))
        #expect(html.contains("data-preview-status"))
    }

    @Test func cropOutlinesArePercentagesOfTheSource() {
        let asset = PreviewFixture.asset
        let crop = PreviewFixture.target("ipad-mini").crop
        let left = PreviewMarkup.percent(Double(crop.x), of: Double(asset.source.width))
        let top = PreviewMarkup.percent(Double(crop.y), of: Double(asset.source.height))
        let width = PreviewMarkup.percent(Double(crop.width), of: Double(asset.source.width))
        #expect(html.contains("left: \(left); top: \(top); width: \(width);"))
        #expect(PreviewMarkup.percent(200, of: 800) == "25.0000%")
    }

    @Test func contrastAfterTheScrimReachesTheTarget() throws {
        let analysis = try #require(PreviewFixture.analysis("iphone-17-pro"))
        let summary = try #require(PreviewLegibility(analysis))
        #expect(summary.busyRegions.contains { $0.hasPrefix("status-bar") })
        #expect(summary.before < 4.5)
        #expect(summary.after > summary.before)
        #expect(summary.passes, "after \(summary.after)")
        // Without a scrim nothing changes.
        var plain = analysis
        plain.recommendation.scrim = nil
        let unchanged = try #require(PreviewLegibility(plain))
        #expect(unchanged.after == unchanged.before)
    }

    @Test func contrastOverAGreyMatchesWCAG() {
        let metrics = PreviewFixture.analysis("iphone-17-pro")!.regions[0].metrics
        var grey = metrics
        grey.highLuminance = 0.5
        // Black scrim 0.5 in gamma space over Y = 0.5: encoded 0.7354 -> 0.3677 -> Y 0.1115.
        let ratio = PreviewLegibility.contrast(of: .white, over: grey, scrimOpacity: 0.5, compositing: .gammaEncoded, target: .wcag(ratio: 4.5))
        #expect(abs(ratio - 1.05 / (SRGBTransfer.linear(0.5 * SRGBTransfer.encoded(0.5)) + 0.05)) < 1e-12)
        #expect(abs(PreviewLegibility.contrast(of: .white, over: grey, scrimOpacity: 0, compositing: .linearLight, target: .wcag(ratio: 4.5)) - 1.05 / 0.55) < 1e-12)
    }

    @Test(arguments: [
        ("a b/c#d?.jpg", "a%20b/c%23d%3F.jpg"),
        ("x@3x.jpg", "x%403x.jpg"),
        ("../out/100%.jpg", "../out/100%25.jpg"),
        ("é.jpg", "%C3%A9.jpg"),
    ])
    func filePathsArePercentEncoded(path: String, url: String) {
        #expect(PreviewMarkup.url(path) == url)
    }

    @Test func relativeURLsBetweenFolders() {
        #expect(PreviewWriter.relativeURL(from: "/a/b", to: "/a/b") == "")
        #expect(PreviewWriter.relativeURL(from: "/a/b", to: "/a/c/d") == "../c/d/")
        #expect(PreviewWriter.relativeURL(from: "/a", to: "/a/b") == "b/")
        #expect(PreviewWriter.isThumbnailName("k/x-jpg-source-0123abcd.jpg"))
        #expect(!PreviewWriter.isThumbnailName("x-jpg-source-0123abcg.jpg"))
        #expect(!PreviewWriter.isThumbnailName("iphone@3x.jpg"))
    }

    @Test func sourceThumbnailFitsItsLongSide() throws {
        let bytes = try SourceThumbnail.jpeg(fromSource: PreviewFixture.sourceBytes, longSidePixels: 200)
        let info = try Codecs.probe(bytes)
        #expect(info.format == .jpeg)
        #expect(info.size == PixelSize(width: 200, height: 160))
        #expect(SourceThumbnail.fittedSize(PixelSize(width: 100, height: 50), longSidePixels: 480) == PixelSize(width: 100, height: 50))
        #expect(SourceThumbnail.fittedSize(PixelSize(width: 3000, height: 4000), longSidePixels: 480) == PixelSize(width: 360, height: 480))
    }

    @Test func writerMakesThumbnailsFromVerifiedSourcesOnly() throws {
        let tmp = try TemporaryDirectory("preview-writer")
        defer { tmp.remove() }
        let sourcePath = try tmp.write("in/stripes.png", PreviewFixture.sourceBytes)
        try tmp.write("in/other.png", [1, 2, 3])
        let out = tmp.path + "/out"
        let sources = [
            "stripes.png": sourcePath,
            "odd/" + PreviewFixture.hostileName + ".png": tmp.path + "/in/other.png",
        ]
        let result = try PreviewWriter.write(manifest: PreviewFixture.manifest, outputFolder: out, pagePath: out + "/preview.html", sources: sources)
        #expect(result.thumbnails == 1)
        #expect(result.sourcesNotAvailable.count == 1)
        #expect(result.sourcesNotAvailable.first?.contains("source changed since the build") == true)
        let thumbnail = PreviewWriter.thumbnailPath(for: PreviewFixture.asset)
        #expect(FileManager.default.fileExists(atPath: out + "/" + thumbnail))
        let page = try String(contentsOfFile: out + "/preview.html", encoding: .utf8)
        #expect(page.contains("src=\"\(PreviewMarkup.url(thumbnail))\""))

        // A page elsewhere reaches the images through a relative URL; a stale thumbnail is removed.
        try tmp.write("elsewhere/preview/old-source-00000000.jpg", [0])
        _ = try PreviewWriter.write(manifest: PreviewFixture.manifest, outputFolder: out, pagePath: tmp.path + "/elsewhere/p.html", sources: sources)
        let elsewhere = try String(contentsOfFile: tmp.path + "/elsewhere/p.html", encoding: .utf8)
        #expect(elsewhere.contains("src=\"../out/stripes-png/iphone-17-pro%401x.jpg\""))
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/elsewhere/preview/old-source-00000000.jpg"))
        #expect(FileManager.default.fileExists(atPath: tmp.path + "/elsewhere/" + thumbnail))
    }

    @Test func framesScaleToTheirColumnWithExactPointsInside() throws {
        let phone = try #require(PreviewFixture.target("iphone-17-pro").device)
        // The phone: a fitted box of the bezel's aspect; inside, the screen keeps its width in points.
        let width = phone.widthPoints + 2 * PreviewFrames.phonePadding
        #expect(html.contains("<div class=\"fit\" style=\"--w: \(PreviewMarkup.px(width)); aspect-ratio: \(PreviewMarkup.number(width, decimals: 3)) / "))
        #expect(html.contains("<div class=\"screen\" style=\"width: \(PreviewMarkup.px(phone.widthPoints));"))
        #expect(PreviewAssets.stylesheet.contains("transform: scale(min(1, tan(atan2(100cqw, var(--w)))))"))
        // Captions sit outside the scaled box (so they stay 12 px), and no frame uses `zoom`.
        #expect(!html.contains("zoom:"))
        for figure in html.components(separatedBy: "<figure class=\"frame\"").dropFirst() {
            let body = figure.components(separatedBy: "</figure>")[0]
            let fit = try #require(body.range(of: "</div></div>\n<figcaption>"), "caption after the fitted box")
            #expect(!body[fit.upperBound...].contains("class=\"device"))
        }
    }

    @Test func theInlineTitleStopsBeforeTheButtons() {
        let back = GlyphRegion(name: "back-button", kind: .backButton, surface: .glass, x: 16, y: 67, width: 44, height: 44, scrimEdge: .top)
        let capsules = GlyphRegion(name: "trailing-capsules", kind: .trailingCapsules, surface: .glass, x: 298, y: 67, width: 88, height: 44, scrimEdge: .top)
        let wide = GlyphRegion(name: "title", kind: .title, surface: .photo, x: 40, y: 77, width: 322, height: 24, scrimEdge: .top)
        // Centre 201: capsules at 298 leave 89 points a side; the box ends 8 points before them.
        let box = PreviewFrames.titleBox(wide, between: [back, wide, capsules])
        #expect(box.x == 201 - 89 && box.width == 178)
        #expect(box.x + box.width == capsules.x - PreviewFrames.titleGapPoints)
        let narrow = GlyphRegion(name: "title", kind: .title, surface: .photo, x: 151, y: 77, width: 100, height: 24, scrimEdge: .top)
        let kept = PreviewFrames.titleBox(narrow, between: [back, narrow, capsules])
        #expect(kept.x == 151 && kept.width == 100)
        #expect(PreviewAssets.stylesheet.contains(".nav-title span { min-width: 0; max-width: 100%; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }"))
    }

    /// By default the inline title appears only past the collapse offset, so the frames at rest draw none and
    /// outline none; a pipeline whose title stays at rest gets it drawn in the bar, ellipsizing in its box.
    @Test func theInlineTitleIsDrawnOnlyWhenItShowsAtRest() throws {
        #expect(!html.contains("class=\"nav-title\""))
        #expect(!html.contains("<div class=\"region\" title=\"title\""))
        #expect(html.contains("<td>title (after collapse)</td>"))
        var spec = try PipelineLoader.load(path: BuildFixtures.smallPipeline)
        spec.legibility.parameters.inlineTitle = .atRest
        let source = SourceFile(absolutePath: "/nonexistent/stripes.png", relativePath: "stripes.png")
        let bytes = PreviewFixture.sourceBytes
        let built = try AssetBuilder.build(try AssetPlan(source: source, bytes: bytes, sidecar: nil, spec: spec), bytes: bytes)
        let page = PreviewPage.html(for: Manifest(pipeline: spec, assets: [built.record], failures: [], shard: nil),
                                    options: .init(reports: ["stripes-png": built.report]))
        // The title ellipsizes inside its box: a span with text-overflow, not a centred flex overflow.
        #expect(page.contains("<div class=\"nav-title\" style=\"left: "))
        #expect(page.contains("\"><span>stripes</span></div>"))
    }

    @Test func cropLabelsTakeARowEach() throws {
        let section = try #require(html.components(separatedBy: "<section class=\"asset").dropFirst().first)
        let tops = section.components(separatedBy: "class=\"crop-label ").dropFirst().map { label in
            label.components(separatedBy: "top: ")[1].components(separatedBy: "\"")[0]
        }
        #expect(tops == ["0px", "16px", "32px"])
        #expect(!html.contains("<div class=\"crop c0\" style=\"left: 0.0000%; top: 0.0000%; width: 100.0000%; height: 100.0000%\"><span>"))
    }

    @Test func webFramesDrawTheCheckedTitleBoxAndNoIOSRows() throws {
        let spec = try PipelineLoader.load(path: TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/pipelines/preview-viewports.json").path)
        let source = SourceFile(absolutePath: "/nonexistent/stripes.png", relativePath: "stripes.png")
        let bytes = PreviewFixture.sourceBytes
        let built = try AssetBuilder.build(try AssetPlan(source: source, bytes: bytes, sidecar: nil, spec: spec), bytes: bytes)
        let record = built.record
        let web = try #require(record.targets.first { $0.name == "hero" })
        #expect(web.device == nil && web.recommendation != nil && built.report.target(named: "hero")?.legibility != nil)
        let frame = PreviewFrames.frame(for: web, context: .init(asset: record, report: built.report, outputFolderURL: ""))
        // The title box as the analysis measured it: the pipeline's x 0.05, y 0.7, 0.6 × 0.22 of the hero, snapped
        // outward to whole analysis pixels (0.22 of the 360-px-tall hero is 79.2 px, measured as 80: 22.2222%).
        #expect(frame.contains("<div class=\"text-box\" title=\"title\" style=\"left: 5.0000%; top: 70.0000%; width: 60.0000%; height: 22.2222%\"><span>title</span></div>"))
        #expect(!frame.contains("class=\"status\"") && !frame.contains("class=\"toolbar") && !frame.contains("class=\"glass\""))
        let numbers = PreviewNumbers.table(for: web, context: .init(asset: record, report: built.report, outputFolderURL: ""))
        #expect(numbers.contains("<th>Text boxes</th><td>"))
        for iOSOnly in ["Scheme", "Contrast", "Busy", "Scrim", "Scroll edge", "Layout", "Subject"] {
            #expect(!numbers.contains("<th>\(iOSOnly)</th>"), "\(iOSOnly)")
        }
        #expect(!numbers.contains("status-bar"))
        let phone = try #require(record.targets.first { $0.name == "iphone-17-pro" })
        #expect(PreviewNumbers.table(for: phone, context: .init(asset: record, report: built.report, outputFolderURL: "")).contains("<th>Scheme</th>"))
        // Without the report the manifest's recommendation alone, still without iOS rows on the web.
        let lean = PreviewNumbers.table(for: web, context: .init(asset: record, outputFolderURL: ""))
        #expect(lean.contains("<th>Text boxes</th><td>") && lean.contains("no report"))
        for iOSOnly in ["Scheme", "Busy", "Scroll edge", "Layout", "Subject"] { #expect(!lean.contains("<th>\(iOSOnly)</th>"), "\(iOSOnly)") }
    }

    /// The `left/top/width/height` percentages of every `<div class="<prefix>...` in `html`, in order.
    func boxes(_ prefix: String, in html: String) -> [(classes: String, left: Double, top: Double, width: Double, height: Double)] {
        html.components(separatedBy: "<div class=\"\(prefix)").dropFirst().map { rest in
            let classes = rest.components(separatedBy: "\"")[0]
            let style = rest.components(separatedBy: "style=\"")[1].components(separatedBy: "\"")[0]
            var values: [String: Double] = [:]
            for declaration in style.split(separator: ";") {
                let parts = declaration.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[1].hasSuffix("%") { values[parts[0]] = Double(parts[1].dropLast()) }
            }
            return (classes, values["left"] ?? .nan, values["top"] ?? .nan, values["width"] ?? .nan, values["height"] ?? .nan)
        }
    }

    @Test func subjectBoxesAreDrawnAtTheirScaledCoordinates() throws {
        let asset = PreviewFixture.asset
        let subjects = [SubjectRecord(kind: "face", confidence: 0.91, x: 120, y: 300, width: 80, height: 96),
                        SubjectRecord(kind: "salient", confidence: 0.4, x: 0, y: 410, width: 400, height: 230),
                        SubjectRecord(kind: "sidecar", confidence: 1, x: 700, y: 20, width: 100, height: 50)]
        let panel = PreviewPage.sourcePanel(asset, thumbnail: "t.jpg", subjects: subjects)
        let drawn = boxes("subject ", in: panel)
        try #require(drawn.count == subjects.count)
        let width = Double(asset.source.width), height = Double(asset.source.height)
        for (subject, box) in zip(subjects, drawn) {
            #expect(box.classes.hasPrefix("subject-\(subject.kind)"))
            #expect(abs(box.left - Double(subject.x) / width * 100) < 1e-4)
            #expect(abs(box.top - Double(subject.y) / height * 100) < 1e-4)
            #expect(abs(box.width - Double(subject.width) / width * 100) < 1e-4)
            #expect(abs(box.height - Double(subject.height) / height * 100) < 1e-4)
            #expect(panel.contains("<span>\(subject.kind) \(PreviewMarkup.number(subject.confidence))</span>"))
        }
        #expect(panel.contains("face subject") && panel.contains("salient subject") && panel.contains("sidecar subject"))
        // The built asset's own subjects (from its report): one box each.
        let built = PreviewFixture.report.subjects ?? []
        #expect(boxes("subject ", in: PreviewPage.sourcePanel(PreviewFixture.asset, thumbnail: nil, subjects: built)).count == built.count)
    }

    @Test func theBandIsTheTopOfEachDeviceCrop() throws {
        let asset = PreviewFixture.asset
        let panel = PreviewPage.sourcePanel(asset, thumbnail: "t.jpg", subjects: [])
        let bands = boxes("band ", in: panel)
        let devices = asset.targets.filter { $0.device != nil }
        try #require(!devices.isEmpty && bands.count == devices.count)
        let width = Double(asset.source.width), height = Double(asset.source.height)
        for (target, band) in zip(devices, bands) {
            let crop = target.crop, device = try #require(target.device)
            let expected = Double(crop.height) * device.toolbarBandPoints / device.heroHeightPoints
            #expect(expected > 0 && expected < Double(crop.height))
            #expect(abs(band.height - expected / height * 100) < 1e-4, "\(target.name)")
            #expect(abs(band.top - Double(crop.y) / height * 100) < 1e-4)
            #expect(abs(band.left - Double(crop.x) / width * 100) < 1e-4)
            #expect(abs(band.width - Double(crop.width) / width * 100) < 1e-4)
            #expect(panel.contains("data-target=\"\(target.name)\" data-band-source-pixels=\"\(PreviewMarkup.number(expected))\""))
            let verdict = crop.subjectClearsToolbar ? "subject clears the toolbar" : (crop.subjectClearsToolbarReason ?? "subject under the toolbar band")
            let item = try #require(panel.components(separatedBy: "<li class=\"c").first { $0.contains(target.name + ":") })
            #expect(item.contains(PreviewMarkup.text(verdict)))
        }
        #expect(!panel.contains("data-target=\"hero\""))
        // A reason is shown as given.
        var refused = asset
        refused.targets[0].crop.subjectClearsToolbar = false
        refused.targets[0].crop.subjectClearsToolbarReason = "subject taller than the visible area"
        if refused.targets[0].device != nil {
            #expect(PreviewPage.sourcePanel(refused, thumbnail: nil, subjects: []).contains("<span class=\"verdict fail\">subject taller than the visible area</span>"))
        }
    }

    /// Every value of `name="..."` in `html`.
    func attributeValues(_ name: String, in html: String) -> [String] {
        var values: [String] = []
        var rest = html[...]
        let marker = " \(name)=\""
        while let start = rest.range(of: marker) {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "\"") else { break }
            values.append(String(after[..<end]))
            rest = after[end...]
        }
        return values
    }
}
