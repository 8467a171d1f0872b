import Foundation
import FullBleedCore

/// The preview page of a build: a self-contained static HTML page (inline CSS and one small inline script,
/// no network, no external resources) showing how each hero will look: the phone frame with the hero
/// under a simulated glass toolbar with the recommended scheme and scrim, the iPad frame with a translucent
/// sidebar over the baked extension, a browser frame for web targets, the chosen crops drawn on the
/// source, and the measured numbers.
///
/// Pure: the same manifest and options give the same bytes. Images are referenced by relative URL.
public enum PreviewPage {
    /// The page's file name in the output folder.
    public static let fileName = "preview.html"

    public struct Options: Sendable, Equatable {
        /// Relative URL from the page's folder to the output folder: "" when the page sits in it (the
        /// default), else ending in "/" (e.g. "../heroes/"). Manifest file paths are appended to it.
        public var outputFolderURL: String
        /// Asset key -> path of the asset's source thumbnail, relative to the page's folder. Assets without
        /// one show the crops on a plain box of the source's aspect ratio ("source not available").
        public var sourceThumbnails: [String: String]
        /// Asset key -> the asset's analysis report (region tables and outlines); assets without one show
        /// the manifest's recommendation alone.
        public var reports: [String: AssetReport]

        public init(outputFolderURL: String = "", sourceThumbnails: [String: String] = [:], reports: [String: AssetReport] = [:]) {
            self.outputFolderURL = outputFolderURL
            self.sourceThumbnails = sourceThumbnails
            self.reports = reports
        }
    }

    /// The page for `manifest`.
    public static func html(for manifest: Manifest, options: Options = Options()) -> String {
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(PreviewAssets.contentSecurityPolicy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(PreviewMarkup.text("FullBleed preview: " + manifest.pipeline.name))</title>
        <style>
        \(PreviewAssets.stylesheet)
        </style>
        <script>
        \(PreviewAssets.script)
        </script>
        </head>
        <body>

        """
        let assetCount = manifest.assets.count, failureCount = manifest.failures.count
        html += """
        <header class="page">
        <h1>\(PreviewMarkup.text("FullBleed preview: " + manifest.pipeline.name))</h1>
        <span class="meta">\(PreviewMarkup.text("\(manifest.tool.name) \(manifest.tool.version) · pipeline \(manifest.pipeline.hash.prefix(12)) · \(assetCount) asset\(assetCount == 1 ? "" : "s") · \(failureCount) failure\(failureCount == 1 ? "" : "s")"))\(manifest.shard.map { " · shard " + PreviewMarkup.text($0) } ?? "")</span>
        <span class="controls">
        <label><input type="checkbox" checked data-body-class="no-scrim" data-when="unchecked"> Scrim overlay</label>
        <label><input type="checkbox" data-body-class="baked" data-when="checked"> Baked gradient</label>
        <label><input type="checkbox" data-body-class="regions" data-when="checked"> Glyph regions</label>
        </span>
        </header>
        <main>

        """
        if manifest.assets.isEmpty {
            html += "<p class=\"subtitle\">No assets in this manifest.</p>\n"
        }
        html += reviewSummary(manifest.assets)
        for asset in manifest.assets {
            html += assetSection(asset, options: options)
        }
        if !manifest.failures.isEmpty {
            html += "<section class=\"failures\"><h2>Failures</h2><table>\n"
            for failure in manifest.failures {
                html += "<tr><td>\(PreviewMarkup.text(failure.source))</td><td class=\"fail\">\(PreviewMarkup.text(failure.error))</td></tr>\n"
            }
            html += "</table></section>\n"
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    // MARK: - One asset

    static func assetSection(_ asset: AssetRecord, options: Options) -> String {
        let source = asset.source
        var html = "<section class=\"asset\(asset.review == nil ? "" : " needs-review")\" id=\"\(PreviewMarkup.attribute(anchor(asset)))\">\n"
            + "<h2>\(PreviewMarkup.text(asset.key))\(asset.review == nil ? "" : " <span class=\"review-mark\">needs a look</span>")"
            + "\(asset.reviewed ? " <span class=\"reviewed-mark\">reviewed</span>" : "")</h2>\n"
        var subtitle = "\(source.path) · \(source.format) \(source.width)×\(source.height) px · \(source.colorSpace)"
        if let icc = source.iccProfile { subtitle += " (\(icc))" }
        if source.hasAlpha { subtitle += " · alpha" }
        if let alt = asset.altText { subtitle += " · alt: “\(alt)”" }
        html += "<p class=\"subtitle\">\(PreviewMarkup.text(subtitle))</p>\n"
        if let review = asset.review {
            html += "<ul class=\"review\">" + review.map { "<li>\(PreviewMarkup.text($0))</li>" }.joined() + "</ul>\n"
        }
        if !asset.warnings.isEmpty {
            html += "<ul class=\"warnings\">" + asset.warnings.map { "<li>\(PreviewMarkup.text($0))</li>" }.joined() + "</ul>\n"
        }
        html += "<div class=\"targets\">\n"
        if let reason = asset.skipReason {
            html += "<p class=\"skipped\">Skipped: \(PreviewMarkup.text(reason))</p>\n"
        }
        html += sourcePanel(asset, thumbnail: options.sourceThumbnails[asset.key], subjects: options.reports[asset.key]?.subjects ?? [])
        let context = PreviewFrames.Context(asset: asset, report: options.reports[asset.key], outputFolderURL: options.outputFolderURL)
        for target in asset.targets {
            html += "<div class=\"target\">\n"
            html += PreviewFrames.frame(for: target, context: context)
            html += PreviewNumbers.table(for: target, context: context)
            html += "</div>\n"
        }
        html += "</div>\n</section>\n"
        return html
    }

    /// The id of an asset's section (`asset-` and its key), the review summary's link target.
    static func anchor(_ asset: AssetRecord) -> String { "asset-" + asset.key }

    /// The heroes that need a person's look, at the top of the page: how many of the heroes, and each one
    /// linked to its section with its reasons; empty when none does.
    static func reviewSummary(_ assets: [AssetRecord]) -> String {
        let flagged = assets.filter { $0.review != nil }
        guard !flagged.isEmpty else { return "" }
        let heroes = assets.count(where: \.deliversImages)
        var html = "<section class=\"review-summary\"><h2>\(flagged.count) of \(heroes) hero\(heroes == 1 ? "" : "es") "
            + "\(flagged.count == 1 ? "needs" : "need") a look</h2>\n<ul>"
        for asset in flagged {
            html += "<li><a href=\"#\(PreviewMarkup.attribute(anchor(asset)))\">\(PreviewMarkup.text(asset.key))</a>: "
                + "\(PreviewMarkup.text((asset.review ?? []).joined(separator: "; ")))</li>"
        }
        return html + "</ul></section>\n"
    }

    /// Vertical distance between two crop labels on the source, CSS px (a label is 14 px tall).
    static let cropLabelRowPixels = 16.0

    /// The source (thumbnail or a plain box of its aspect) with each target's crop drawn as an outline in
    /// CSS percentages of the source's displayed size.
    /// - Parameter subjects: the subject regions of the asset's report (none without a report).
    static func sourcePanel(_ asset: AssetRecord, thumbnail: String?, subjects: [SubjectRecord]) -> String {
        let source = asset.source
        let width = Double(max(1, source.width)), height = Double(max(1, source.height))
        var html = "<figure class=\"source-panel\">\n"
        html += "<div class=\"source\(thumbnail == nil ? " missing" : "")\" style=\"aspect-ratio: \(source.width) / \(source.height)\">"
        if let thumbnail {
            html += "<img src=\"\(PreviewMarkup.url(thumbnail))\" alt=\"\(PreviewMarkup.attribute(asset.altText ?? source.path))\">"
        } else {
            html += "<span>source not available</span>"
        }
        for (index, target) in asset.targets.enumerated() {
            let crop = target.crop
            html += "<div class=\"crop c\(index % 6)\" style=\"left: \(PreviewMarkup.percent(Double(crop.x), of: width)); "
                + "top: \(PreviewMarkup.percent(Double(crop.y), of: height)); width: \(PreviewMarkup.percent(Double(crop.width), of: width)); "
                + "height: \(PreviewMarkup.percent(Double(crop.height), of: height))\"></div>"
        }
        // Each device target's toolbar band inside its crop: the top `toolbarBandPoints` of the hero, which
        // shows the crop at `heroHeightPoints` tall, so `crop.height * band / heroHeight` source pixels.
        for (index, target) in asset.targets.enumerated() {
            guard let band = bandBox(target) else { continue }
            html += "<div class=\"band c\(index % 6)\" data-target=\"\(PreviewMarkup.attribute(target.name))\" "
                + "data-band-source-pixels=\"\(PreviewMarkup.number(band.height, decimals: 2))\" style=\"\(box(band, width: width, height: height))\"></div>"
        }
        // Every subject region, labelled with its kind and confidence at its bottom-left corner (crop labels
        // take the top rows).
        for subject in subjects {
            let region = Box(x: Double(subject.x), y: Double(subject.y), width: Double(subject.width), height: Double(subject.height))
            html += "<div class=\"subject \(subjectClass(subject.kind))\" data-kind=\"\(PreviewMarkup.attribute(subject.kind))\" "
                + "data-confidence=\"\(PreviewMarkup.number(subject.confidence))\" style=\"\(box(region, width: width, height: height))\">"
                + "<span>\(PreviewMarkup.text("\(subject.kind) \(PreviewMarkup.number(subject.confidence))"))</span></div>"
        }
        // Labels sit in rows of their own (one per target, `cropLabelRowPixels` apart) at their crop's
        // leading edge, or trailing edge for crops right of centre, so coinciding crops never stack labels.
        for (index, target) in asset.targets.enumerated() {
            let crop = target.crop
            let anchor = 2 * Double(crop.x) + Double(crop.width) > width
                ? "right: \(PreviewMarkup.percent(width - Double(crop.x + crop.width), of: width))"
                : "left: \(PreviewMarkup.percent(Double(crop.x), of: width))"
            html += "<span class=\"crop-label c\(index % 6)\" style=\"\(anchor); top: \(PreviewMarkup.px(Double(index) * cropLabelRowPixels))\">"
                + "\(PreviewMarkup.text(target.name))</span>"
        }
        html += "</div>\n<ul class=\"legend\">"
        for (index, target) in asset.targets.enumerated() {
            let crop = target.crop
            var text = "\(target.name): \(crop.width)×\(crop.height) at (\(crop.x), \(crop.y))"
            if let band = bandBox(target) {
                text += " · band \(PreviewFrames.points(band.height)) px"
            }
            html += "<li class=\"c\(index % 6)\">\(PreviewMarkup.text(text))"
            if target.device != nil {
                html += " · " + verdict(crop)
            }
            html += "</li>"
        }
        let kinds = Set(subjects.map(\.kind))
        for kind in subjectKinds where kinds.contains(kind) {
            html += "<li class=\"key \(subjectClass(kind))\">\(PreviewMarkup.text(kind)) subject (dashed box, label: kind and confidence)</li>"
        }
        if asset.targets.contains(where: { bandBox($0) != nil }) {
            html += "<li class=\"key band-key\">toolbar band (hatched, the target's colour): the top of each device crop under the bars</li>"
        }
        html += "</ul>\n<figcaption>Chosen crops, toolbar bands and subjects on the source\(thumbnail == nil ? " (source not available: crops drawn on its outline)" : "")</figcaption>\n</figure>\n"
        return html
    }

    /// A rectangle in full-resolution upright source pixels.
    struct Box: Equatable {
        var x: Double, y: Double, width: Double, height: Double
    }

    /// Subject kinds in legend order.
    static let subjectKinds = ["face", "salient", "sidecar"]

    /// The CSS class of a subject kind (`subject-face`, ...; unknown kinds `subject-other`).
    static func subjectClass(_ kind: String) -> String {
        subjectKinds.contains(kind) ? "subject-\(kind)" : "subject-other"
    }

    /// `box` as CSS percentages of the source's displayed `width`×`height` pixels.
    static func box(_ box: Box, width: Double, height: Double) -> String {
        "left: \(PreviewMarkup.percent(box.x, of: width)); top: \(PreviewMarkup.percent(box.y, of: height)); "
            + "width: \(PreviewMarkup.percent(box.width, of: width)); height: \(PreviewMarkup.percent(box.height, of: height))"
    }

    /// The toolbar band of a device target in full-resolution source pixels: the crop's full width and its
    /// top `crop.height * toolbarBandPoints / heroHeightPoints` rows (the hero shows the crop
    /// `heroHeightPoints` tall). nil for web targets.
    static func bandBox(_ target: TargetRecord) -> Box? {
        guard let device = target.device, device.heroHeightPoints > 0 else { return nil }
        let crop = target.crop
        let height = min(Double(crop.height), Double(crop.height) * device.toolbarBandPoints / device.heroHeightPoints)
        return Box(x: Double(crop.x), y: Double(crop.y), width: Double(crop.width), height: height)
    }

    /// The crop's toolbar verdict as escaped markup: "subject clears the toolbar" or the reason it does not.
    static func verdict(_ crop: CropRecord) -> String {
        if crop.subjectClearsToolbar {
            return "<span class=\"verdict pass\">subject clears the toolbar</span>"
        }
        let reason = crop.subjectClearsToolbarReason ?? "subject under the toolbar band"
        return "<span class=\"verdict fail\">\(PreviewMarkup.text(reason))</span>"
    }
}
