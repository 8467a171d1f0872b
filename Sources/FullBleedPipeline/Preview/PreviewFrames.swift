import Foundation
import FullBleedCore

/// The device frames of the preview page. Lengths on the frames are CSS px standing for points; the
/// glyph regions come from the manifest's analysis (points from the hero's top-left), or from the iOS 26
/// toolbar geometry when the target was not analysed.
enum PreviewFrames {
    struct Context {
        var asset: AssetRecord
        /// The asset's analysis report, when the build wrote one (the regions' measurements).
        var report: AssetReport?
        /// Relative URL prefix of the output folder ("" or ending in "/").
        var outputFolderURL: String

        /// The legibility analysis of `target` from the report; nil without a report or an analysis.
        func analysis(of target: TargetRecord) -> ToolbarAnalysis? { report?.target(named: target.name)?.legibility }

        /// The URL of an output file from the page.
        func url(_ file: FileRecord) -> String { PreviewMarkup.url(outputFolderURL + file.path) }

        /// The inline title shown in the navigation bar: the source's file name without extension.
        var title: String {
            let name = (asset.source.path as NSString).lastPathComponent
            let stem = (name as NSString).deletingPathExtension
            return stem.isEmpty ? name : stem
        }
    }

    /// Widest device frame drawn at 1 CSS px per point; wider windows are zoomed out to this width.
    static let maximumFrameWidth = 900.0

    /// Browser-displayable formats, most preferred first (JPEG decodes everywhere).
    static let displayFormats = ["jpeg", "webp", "png", "avif"]

    /// The file of `files` a browser should show: JPEG first, then WebP, PNG, AVIF; nil when none is displayable.
    static func displayableFile(_ files: [FileRecord]) -> FileRecord? {
        for format in displayFormats {
            if let file = files.first(where: { $0.imageFormat?.rawValue == format }) { return file }
        }
        return nil
    }

    /// The derivative a frame shows: the produced, non-scrim tier with the largest pixel width that has a
    /// displayable file.
    static func shownDerivative(_ target: TargetRecord) -> (record: DerivativeRecord, file: FileRecord)? {
        target.producedDerivatives
            .compactMap { record in displayableFile(record.files).map { (record, $0) } }
            .max { ($0.record.width, $0.record.tier) < ($1.record.width, $1.record.tier) }
    }

    /// The baked-gradient variant of `derivative`, if the build made one.
    static func bakedFile(_ target: TargetRecord, for derivative: DerivativeRecord) -> FileRecord? {
        target.scrimDerivative(for: derivative).flatMap { displayableFile($0.files) }
    }

    /// The extension canvas of the same tier as `derivative` (or the first canvas).
    static func extensionCanvas(_ target: TargetRecord, for derivative: DerivativeRecord?) -> (record: ExtensionRecord, file: FileRecord)? {
        let canvases = target.extensionCanvases
        let preferred = canvases.first { $0.tier == derivative?.tier } ?? canvases.first
        return preferred.flatMap { record in displayableFile(record.files).map { (record, $0) } }
    }

    static func frame(for target: TargetRecord, context: Context) -> String {
        guard let shown = shownDerivative(target) else {
            return "<figure><figcaption>\(PreviewMarkup.text(target.name)): no displayable derivative</figcaption></figure>\n"
        }
        if let device = target.device {
            if let canvas = extensionCanvas(target, for: shown.record) {
                return ipadFrame(target, device: device, canvas: canvas, shown: shown, context: context)
            }
            return phoneFrame(target, device: device, shown: shown, context: context)
        }
        return webFrame(target, shown: shown, context: context)
    }

    // MARK: - Phone

    static func phoneFrame(_ target: TargetRecord, device: DeviceRecord, shown: (record: DerivativeRecord, file: FileRecord),
                           context: Context) -> String {
        let heroHeight = device.heroHeightPoints
        let contentHeight = 150.0
        var screen = "<div class=\"screen\" style=\"width: \(PreviewMarkup.px(device.widthPoints)); height: \(PreviewMarkup.px(heroHeight + contentHeight))\">\n"
        screen += heroLayer(target, width: device.widthPoints, height: heroHeight, left: 0, shown: shown, context: context)
        screen += toolbar(target, device: device, left: 0, context: context)
        screen += contentBlock(height: contentHeight, title: context.title)
        screen += "</div>\n"
        var html = fitted(device: "phone", screenWidth: device.widthPoints, screenHeight: heroHeight + contentHeight,
                          padding: phonePadding, maximumWidth: maximumFrameWidth, screen: screen)
        html += "<figcaption>\(PreviewMarkup.text("\(target.name) · \(points(device.widthPoints))×\(points(heroHeight)) pt · band \(points(device.toolbarBandPoints)) pt · showing \(target.variant(of: shown.record)) \(shown.record.width)×\(shown.record.height) px"))</figcaption>\n"
        html += "</figure>\n"
        return html
    }

    // MARK: - iPad

    /// The extended canvas across the whole window, a glass sidebar floating over the leading extension,
    /// the toolbar over the content column (the original hero).
    static func ipadFrame(_ target: TargetRecord, device: DeviceRecord, canvas: (record: ExtensionRecord, file: FileRecord),
                          shown: (record: DerivativeRecord, file: FileRecord), context: Context) -> String {
        let insets = canvas.record.insets
        // The canvas's own tier gives the pixels per point (its hero is the device width).
        let tierWidth = target.producedDerivatives.first { $0.tier == canvas.record.tier }?.width ?? shown.record.width
        let pointsPerPixel = device.widthPoints / Double(max(1, tierWidth))
        let canvasWidth = Double(canvas.record.width) * pointsPerPixel
        let canvasHeight = Double(canvas.record.height) * pointsPerPixel
        let leading = Double(insets.leading) * pointsPerPixel
        let trailing = Double(insets.trailing) * pointsPerPixel
        let top = Double(insets.top) * pointsPerPixel
        let contentHeight = 110.0
        let screenHeight = canvasHeight + contentHeight
        var html = "<div class=\"screen\" style=\"width: \(PreviewMarkup.px(canvasWidth)); height: \(PreviewMarkup.px(screenHeight))\">\n"
        html += "<div class=\"hero\" style=\"width: \(PreviewMarkup.px(canvasWidth)); height: \(PreviewMarkup.px(canvasHeight))\">"
        html += "<img src=\"\(context.url(canvas.file))\" alt=\"\(PreviewMarkup.attribute(context.asset.altText ?? context.title))\"></div>\n"
        // The original's edges inside the canvas (shown with "Glyph regions").
        html += "<div class=\"original-edge\" style=\"left: \(PreviewMarkup.px(leading)); top: \(PreviewMarkup.px(top)); "
            + "width: \(PreviewMarkup.px(canvasWidth - leading - trailing)); height: \(PreviewMarkup.px(canvasHeight - top - Double(insets.bottom) * pointsPerPixel))\"></div>\n"
        html += scrimLayers(target, width: canvasWidth - leading - trailing, height: canvasHeight, left: leading)
        html += toolbar(target, device: device, left: leading, context: context)
        if leading > 0 {
            let inset = 8.0
            let sidebarWidth = max(24, leading - 2 * inset)
            html += "<div class=\"sidebar\" style=\"left: \(PreviewMarkup.px(inset)); top: \(PreviewMarkup.px(inset)); "
                + "width: \(PreviewMarkup.px(sidebarWidth)); height: \(PreviewMarkup.px(screenHeight - 2 * inset))\">"
            html += "<div class=\"row selected\"></div>" + String(repeating: "<div class=\"row\"></div>", count: 5) + "</div>\n"
        }
        html += "<div class=\"content\" style=\"left: \(PreviewMarkup.px(leading)); height: \(PreviewMarkup.px(contentHeight))\">"
            + "<div class=\"title\">\(PreviewMarkup.text(context.title))</div><div class=\"line\" style=\"width: 80%\"></div>"
            + "<div class=\"line\" style=\"width: 55%\"></div></div>\n"
        html += "</div>\n"
        // Wide windows (an iPad Pro in landscape) are drawn smaller so the frame fits beside its numbers.
        html = fitted(device: "ipad", screenWidth: canvasWidth, screenHeight: screenHeight, padding: ipadPadding,
                      maximumWidth: maximumFrameWidth, screen: html)
        html += "<figcaption>\(PreviewMarkup.text("\(target.name) · window \(points(canvasWidth))×\(points(canvasHeight)) pt (content column \(points(device.widthPoints)) pt, extension \(points(leading)) + \(points(trailing)) pt) · showing \((canvas.file.path as NSString).lastPathComponent) \(canvas.record.width)×\(canvas.record.height) px"))</figcaption>\n"
        html += "</figure>\n"
        return html
    }

    // MARK: - Fitting

    /// Bezel around the phone's screen, CSS px (points).
    static let phonePadding = 12.0
    /// Bezel around the iPad's screen, CSS px (points).
    static let ipadPadding = 14.0

    /// Opens `<figure class="frame">` with the device (`screen` inside its bezel) drawn at 1 CSS px per point
    /// and scaled down as a whole to fit its column: the `.fit` box keeps the device's aspect ratio at
    /// `min(100%, natural width, maximumWidth)` and, as a size container, scales the device by
    /// `100cqw / natural width` (`tan(atan2())` turns that length ratio into a number). The geometry inside
    /// stays exact in points; only the drawing scale changes. The caller adds the caption and `</figure>`.
    static func fitted(device kind: String, screenWidth: Double, screenHeight: Double, padding: Double,
                       maximumWidth: Double, screen: String) -> String {
        let width = screenWidth + 2 * padding, height = screenHeight + 2 * padding
        var html = "<figure class=\"frame\" style=\"width: \(PreviewMarkup.px(min(width, maximumWidth)))\">\n"
        html += "<div class=\"fit\" style=\"--w: \(PreviewMarkup.px(width)); aspect-ratio: \(PreviewMarkup.number(width, decimals: 3)) / \(PreviewMarkup.number(height, decimals: 3))\">"
        html += "<div class=\"device \(kind)\" style=\"width: \(PreviewMarkup.px(width)); height: \(PreviewMarkup.px(height))\">\n"
        html += screen
        html += "</div></div>\n"
        return html
    }

    // MARK: - Web

    /// A browser window at most 480 CSS px wide (narrower in a narrow column) with the hero at the target's
    /// aspect ratio and, outlined, the text boxes the analysis checked (percentages of the hero). No status
    /// bar or toolbar: those are iOS rows.
    static func webFrame(_ target: TargetRecord, shown: (record: DerivativeRecord, file: FileRecord), context: Context) -> String {
        let width = min(480, Double(shown.record.width) * 2)
        let alt = PreviewMarkup.attribute(context.asset.altText ?? context.title)
        var html = "<figure class=\"frame web\" style=\"width: \(PreviewMarkup.px(width))\">\n<div class=\"browser\">"
            + "<div class=\"chrome\"><i></i><i></i><i></i></div>\n"
        html += "<div class=\"page-hero\" style=\"aspect-ratio: \(PreviewMarkup.number(max(target.aspectRatio, 1e-9), decimals: 4))\">"
        html += "<img src=\"\(context.url(shown.file))\" alt=\"\(alt)\">"
        if let baked = bakedFile(target, for: shown.record) {
            html += "<img class=\"baked\" src=\"\(context.url(baked))\" alt=\"\">"
        }
        html += textBoxOutlines(target, context: context)
        html += "</div>\n</div>\n"
        html += "<figcaption>\(PreviewMarkup.text("\(target.name) · \(target.variant(of: shown.record)) \(shown.record.width)×\(shown.record.height) px"))</figcaption>\n"
        html += "</figure>\n"
        return html
    }

    /// The analysed text boxes of `target` as outlined boxes in percentages of the hero (the analysis
    /// measures them in points of a hero `heroHeightPoints` tall at the hero's pixel aspect), each labelled
    /// with its name; "" without an analysis.
    static func textBoxOutlines(_ target: TargetRecord, context: Context) -> String {
        guard let analysis = context.analysis(of: target) else { return "" }
        let heightPoints = max(analysis.heroHeightPoints, 1e-9)
        let widthPoints = heightPoints * Double(max(1, analysis.heroPixelSize.width)) / Double(max(1, analysis.heroPixelSize.height))
        var html = ""
        for region in analysis.regions.map(\.region) where region.kind == .textBox {
            html += "<div class=\"text-box\" title=\"\(PreviewMarkup.attribute(region.name))\" style=\"left: \(PreviewMarkup.percent(region.x, of: widthPoints)); "
                + "top: \(PreviewMarkup.percent(region.y, of: heightPoints)); width: \(PreviewMarkup.percent(region.width, of: widthPoints)); "
                + "height: \(PreviewMarkup.percent(region.height, of: heightPoints))\"><span>\(PreviewMarkup.text(region.name))</span></div>"
        }
        return html
    }

    // MARK: - Layers

    /// The hero image (object-fit: cover over `width`×`height` points), its baked-gradient variant (shown by
    /// the "Baked gradient" toggle) and the recommended scrims as CSS gradients.
    static func heroLayer(_ target: TargetRecord, width: Double, height: Double, left: Double,
                          shown: (record: DerivativeRecord, file: FileRecord), context: Context) -> String {
        let alt = PreviewMarkup.attribute(context.asset.altText ?? context.title)
        var html = "<div class=\"hero\" style=\"left: \(PreviewMarkup.px(left)); "
            + "width: \(PreviewMarkup.px(width)); height: \(PreviewMarkup.px(height))\">"
        html += "<img src=\"\(context.url(shown.file))\" alt=\"\(alt)\">"
        if let baked = bakedFile(target, for: shown.record) {
            html += "<img class=\"baked\" src=\"\(context.url(baked))\" alt=\"\">"
        }
        html += "</div>\n"
        html += scrimLayers(target, width: width, height: height, left: left)
        return html
    }

    /// Every recommended scrim as an absolutely positioned CSS gradient anchored at its edge. CSS
    /// composites on gamma-encoded values, as the analysis does by default.
    static func scrimLayers(_ target: TargetRecord, width: Double, height: Double, left: Double) -> String {
        guard let recommendation = target.recommendation else { return "" }
        var html = ""
        for scrim in recommendation.scrims {
            let channel = scrim.color == .black ? "0, 0, 0" : "255, 255, 255"
            let stops = scrim.stops.map { "rgba(\(channel), \(PreviewMarkup.number($0.opacity, decimals: 4))) \(PreviewMarkup.number($0.location * 100, decimals: 2))%" }
            let direction = scrim.edge == .top ? "to bottom" : "to top"
            let anchor = scrim.edge == .top ? "top: 0" : "top: \(PreviewMarkup.px(max(0, height - scrim.heightPoints)))"
            guard !stops.isEmpty else { continue }
            let gradient = stops.count == 1 ? "\(stops[0]), \(stops[0])" : stops.joined(separator: ", ")
            html += "<div class=\"scrim\" style=\"left: \(PreviewMarkup.px(left)); width: \(PreviewMarkup.px(width)); \(anchor); "
                + "height: \(PreviewMarkup.px(min(height, scrim.heightPoints))); background: linear-gradient(\(direction), \(gradient))\"></div>\n"
        }
        return html
    }

    /// The status bar's two glyph clusters, the glass back button and two trailing glass capsules around their glyph regions, in the
    /// recommended glyph tone, and the inline title when the pipeline shows it at rest; plus the outlines of
    /// the regions on screen at rest (shown by "Glyph regions").
    static func toolbar(_ target: TargetRecord, device: DeviceRecord, left: Double, context: Context) -> String {
        let title = context.title
        let tone = target.recommendation?.glyphColor ?? .white
        let analysis = context.analysis(of: target)
        // Glass regions are the glyphs inside the capsules: the capsules are drawn (and the title fitted) around them.
        let inset = (analysis?.parameters.geometry ?? .iOS26).glassGlyphInsetPoints
        let regions = toolbarRegions(analysis, device: device).map { region -> GlyphRegion in
            guard region.surface == .glass else { return region }
            var capsule = region
            capsule.x -= inset; capsule.y -= inset; capsule.width += 2 * inset; capsule.height += 2 * inset
            return capsule
        }
        var html = "<div class=\"toolbar glyphs-\(tone.rawValue)\" style=\"left: \(PreviewMarkup.px(left)); width: \(PreviewMarkup.px(device.widthPoints)); "
            + "height: \(PreviewMarkup.px(device.toolbarBandPoints))\">"
        for region in regions {
            let box = "left: \(PreviewMarkup.px(region.x)); top: \(PreviewMarkup.px(region.y)); width: \(PreviewMarkup.px(region.width)); height: \(PreviewMarkup.px(region.height))"
            switch region.kind {
            case .statusBar:
                // The time in the leading cluster, the indicators in the trailing one.
                html += region.x + region.width / 2 < device.widthPoints / 2
                    ? "<div class=\"status\" style=\"\(box)\"><span>9:41</span></div>"
                    : "<div class=\"status status-trailing\" style=\"\(box)\"><span class=\"icons\"><span>•••</span><span class=\"battery\"><i></i></span></span></div>"
            case .backButton:
                html += "<div class=\"glass\" style=\"\(box)\"><svg viewBox=\"0 0 24 24\"><path d=\"M15 5l-7 7 7 7\"/></svg></div>"
            case .title:
                let fitted = titleBox(region, between: regions)
                html += "<div class=\"nav-title\" style=\"left: \(PreviewMarkup.px(fitted.x)); top: \(PreviewMarkup.px(region.y)); "
                    + "width: \(PreviewMarkup.px(fitted.width)); height: \(PreviewMarkup.px(region.height))\"><span>\(PreviewMarkup.text(title))</span></div>"
            case .trailingCapsules:
                let gap = 6.0
                let capsuleWidth = max(0, (region.width - gap) / 2)
                html += "<div class=\"glass\" style=\"left: \(PreviewMarkup.px(region.x)); top: \(PreviewMarkup.px(region.y)); "
                    + "width: \(PreviewMarkup.px(capsuleWidth)); height: \(PreviewMarkup.px(region.height))\">"
                    + "<svg viewBox=\"0 0 24 24\"><path d=\"M12 15V4M8 8l4-4 4 4M6 12v7h12v-7\"/></svg></div>"
                html += "<div class=\"glass\" style=\"left: \(PreviewMarkup.px(region.x + capsuleWidth + gap)); top: \(PreviewMarkup.px(region.y)); "
                    + "width: \(PreviewMarkup.px(capsuleWidth)); height: \(PreviewMarkup.px(region.height))\">"
                    + "<svg viewBox=\"0 0 24 24\"><path d=\"M5 12h.01M12 12h.01M19 12h.01\"/></svg></div>"
            case .textBox:
                break
            }
        }
        html += "</div>\n"
        // Region outlines, over everything, including the pipeline's text boxes.
        let outlines = (analysis?.regions.map(\.region).filter(\.isAtRest) ?? regions)
        for region in outlines {
            html += "<div class=\"region\" title=\"\(PreviewMarkup.attribute(region.name))\" style=\"left: \(PreviewMarkup.px(left + region.x)); "
                + "top: \(PreviewMarkup.px(region.y)); width: \(PreviewMarkup.px(region.width)); height: \(PreviewMarkup.px(region.height))\"></div>"
        }
        html += "\n"
        return html
    }

    /// Gap kept between the inline title and the glass buttons beside it, points.
    static let titleGapPoints = 8.0

    /// The horizontal extent (points) the inline title may fill: the title region, narrowed symmetrically
    /// about its centre so it ends `titleGapPoints` before the back button's trailing edge and the trailing
    /// capsules' leading edge; a longer title ellipsizes inside it instead of running into the buttons.
    static func titleBox(_ title: GlyphRegion, between regions: [GlyphRegion]) -> (x: Double, width: Double) {
        let centre = title.x + title.width / 2
        var half = title.width / 2
        for region in regions where region.kind == .backButton || region.kind == .trailingCapsules {
            if region.x + region.width <= centre { half = min(half, centre - (region.x + region.width) - titleGapPoints) }
            if region.x >= centre { half = min(half, region.x - centre - titleGapPoints) }
        }
        half = max(0, half)
        return (centre - half, 2 * half)
    }

    /// The toolbar regions the analysis measured, or the iOS 26 geometry for the device when there was no analysis.
    static func toolbarRegions(_ analysis: ToolbarAnalysis?, device: DeviceRecord) -> [GlyphRegion] {
        if let analysis {
            return analysis.regions.map(\.region).filter { $0.kind != .textBox && $0.isAtRest }
        }
        let navigationBar = DeviceClass.navigationBarHeightIOS26
        let deviceClass = DeviceClass(
            id: device.id, name: device.id, widthPoints: max(1, device.widthPoints), screenHeightPoints: 0, scale: max(1, device.scale),
            safeAreaTopPoints: max(0, device.toolbarBandPoints - navigationBar), navigationBarPoints: navigationBar,
            heroHeightPoints: max(1, device.heroHeightPoints), provenance: "manifest")
        // The inline title appears only past the collapse offset (InlineTitlePlacement.afterCollapse).
        return ToolbarGeometry.iOS26.regions(for: deviceClass).filter { $0.kind != .title }
    }

    /// The content below the hero: a large title and two text lines.
    static func contentBlock(height: Double, title: String) -> String {
        "<div class=\"content\" style=\"height: \(PreviewMarkup.px(height))\"><div class=\"title\">\(PreviewMarkup.text(title))</div>"
            + "<div class=\"line\" style=\"width: 86%\"></div><div class=\"line\" style=\"width: 64%\"></div><div class=\"line\" style=\"width: 72%\"></div></div>\n"
    }

    /// Points without trailing zeros ("402", "241.5").
    static func points(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
