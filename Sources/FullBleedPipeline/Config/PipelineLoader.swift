import Foundation
import FullBleedCodecs
import FullBleedCore
import FullBleedImage

/// Reads and validates pipeline files. Every error is a `ConfigError` naming the file, the JSON path and
/// what was expected (exit code 2 in the CLI).
public enum PipelineLoader {
    /// Loads `path`; a bare name such as `ios-hero` is looked up as `Pipelines/ios-hero.json` relative to
    /// the current folder, then among the built-in copies of the shipped pipelines (`ios-hero`, `web-hero`).
    public static func load(path: String, overrides: PipelineOverrides = PipelineOverrides()) throws -> PipelineSpec {
        let data = try text(path: path)
        do {
            var spec = try parse(data, overrides: overrides)
            let resolved = resolve(path)
            spec.sourceFile = FileSystem.exists(resolved) ? resolved : path
            return spec
        } catch var error as ConfigError {
            if !error.location.hasPrefix("--") { error.file = path }
            throw error
        }
    }

    /// The bytes of the pipeline `path` names (a file, `Pipelines/<name>.json`, or a built-in pipeline's text).
    /// - Parameter builtInOnly: take the built-in text even when `Pipelines/<name>.json` exists.
    public static func text(path: String, builtInOnly: Bool = false) throws -> Data {
        if builtInOnly, let text = BuiltInPipelines.json[path] { return Data(text.utf8) }
        let resolved = resolve(path)
        let data: Data
        if FileSystem.exists(resolved) {
            do { data = Data(try FileSystem.readFile(resolved, limit: JSONValue.maxDocumentBytes).bytes) } catch {
                throw ConfigError(file: path, location: "$", message: "cannot read pipeline file: \(error.reason)")
            }
        } else if let builtIn = builtIn(named: path, resolvedTo: resolved) {
            data = builtIn
        } else if resolved == path {
            throw ConfigError(file: path, location: "$", message: "no such pipeline file")
        } else {
            throw unknownName(path, resolvedTo: resolved)
        }
        return data
    }

    /// A bare name that is neither `Pipelines/<name>.json` nor built in: the error lists the built-in names and
    /// the pipelines in `Pipelines/`, and suggests the nearest one (`ios-heros` -> `ios-hero`).
    static func unknownName(_ name: String, resolvedTo resolved: String) -> ConfigError {
        let builtIn = BuiltInPipelines.json.keys.sorted()
        let folder = (resolved as NSString).deletingLastPathComponent
        let local = ((try? FileSystem.names(inFolder: folder)) ?? []).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        let known = Array(Set(builtIn + local)).sorted()
        var message = "no pipeline file \(resolved) and no built-in pipeline of that name (built in: \(builtIn.joined(separator: ", "))"
        let others = local.filter { !builtIn.contains($0) }.sorted()
        if !others.isEmpty { message += "; in \(folder)/: \(others.joined(separator: ", "))" }
        message += ")"
        if let nearest = nearestName(to: name, among: known) { message += "; did you mean '\(nearest)'?" }
        return ConfigError(file: name, location: "$", message: message)
    }

    /// The name within edit distance 3 (and under half the name's length) of `name`, the closest first, ties by name.
    public static func nearestName(to name: String, among names: [String]) -> String? {
        let scored = names.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= min(3, max(1, name.count / 2)) }
        return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    /// Levenshtein distance over Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The names of the built-in pipelines, sorted.
    public static var builtInNames: [String] { BuiltInPipelines.json.keys.sorted() }

    /// Whether `path` loads a built-in pipeline (a bare name with no `Pipelines/<name>.json` in the current folder).
    public static func isBuiltIn(_ path: String) -> Bool { builtIn(named: path, resolvedTo: resolve(path)) != nil }

    /// `data` (a pipeline file) in a normal form: keys sorted, two-space indentation, numbers as the content
    /// hash writes them, so two files that differ only in layout print the same.
    public static func normalised(_ data: Data) throws -> String {
        var out = ""
        func write(_ value: JSONValue, indent: String) {
            switch value {
            case .array(let items) where !items.isEmpty:
                out += "[\n"
                for (i, item) in items.enumerated() {
                    out += indent + "  "
                    write(item, indent: indent + "  ")
                    out += i < items.count - 1 ? ",\n" : "\n"
                }
                out += indent + "]"
            case .object(let fields) where !fields.isEmpty:
                out += "{\n"
                for (i, key) in fields.keys.sorted().enumerated() {
                    out += indent + "  " + String(decoding: canonicalJSON(.string(key)), as: UTF8.self) + ": "
                    write(fields[key]!, indent: indent + "  ")
                    out += i < fields.count - 1 ? ",\n" : "\n"
                }
                out += indent + "}"
            default:
                out += String(decoding: canonicalJSON(value), as: UTF8.self)
            }
        }
        write(try JSONValue.parse(data), indent: "")
        return out + "\n"
    }

    static func resolve(_ path: String) -> String {
        if FileSystem.exists(path) || path.contains("/") || path.hasSuffix(".json") { return path }
        return "Pipelines/\(path).json"
    }

    /// The built-in copy of a shipped pipeline, for a bare name that `resolve` did not find on disk.
    static func builtIn(named name: String, resolvedTo resolved: String) -> Data? {
        guard resolved != name, !FileSystem.exists(resolved) else { return nil }
        return BuiltInPipelines.json[name].map { Data($0.utf8) }
    }

    /// Parses and validates pipeline JSON, section by section in the order the errors are reported.
    public static func parse(_ data: Data, overrides: PipelineOverrides = PipelineOverrides()) throws -> PipelineSpec {
        let document = try overrides.applied(to: JSONValue.parse(data))
        var root = try JSONObjectReader(document, at: "$")
        _ = try root.string("$schema")
        let name = try parseName(&root)
        let description = try root.string("description")
        let (stretchHeadroom, upscale) = try parseTiers(&root)
        var ext = ExtensionSpec.default
        if var e = try root.object("extension") { ext = try parseExtension(&e, base: ext) }
        let targets = try parseTargets(&root, extensionDefaults: ext)
        let (cropMode, toolbarAware, cropFaces, maximumZoom) = try parseCrop(&root)
        let resample = try parseResample(&root)
        let legibility = try parseLegibility(&root)
        let placeholders = try parsePlaceholders(&root)
        let outputs = try parseOutputs(&root)
        let naming = try root.string("naming") ?? "{asset}/{variant}.{ext}"
        try validateNaming(naming, at: "$.naming")
        let color = try root.choice("color", of: ["keep", "srgb"]).map { PipelineSpec.ColorOutput(rawValue: $0)! } ?? .keep
        let hdr = try root.choice("hdr", of: ["keep", "sdr"]).map { PipelineSpec.HDROutput(rawValue: $0)! } ?? .sdr
        let (maxPixels, decodeSeconds) = try parseLimits(&root)
        var emit = EmitSpec.default
        if var e = try root.object("emit") { emit = try EmitSpec.parse(&e) }
        let publicPath = try root.string("publicPath").map { try PublicPath.normalised($0, at: "$.publicPath") }
        let detector = try SubjectDetectorSpec.parseSubjects(&root)
        try root.rejectUnknownKeys()

        var spec = PipelineSpec(
            name: name, description: description, targets: targets, cropMode: cropMode, toolbarAware: toolbarAware,
            resample: resample, stretchHeadroom: stretchHeadroom, upscale: upscale, backgroundExtension: ext,
            legibility: legibility, placeholders: placeholders, outputs: outputs, naming: naming, colorOutput: color,
            maxPixels: maxPixels, decodeSeconds: decodeSeconds, contentHash: contentHash(of: document))
        spec.emit = emit
        spec.cropFaces = cropFaces
        spec.maximumZoom = maximumZoom
        spec.hdr = hdr
        spec.publicPath = publicPath
        if let detector { spec.setSubjectDetector(detector) }
        if emit.xcassets { try AssetCatalogEmitter.validate(spec, at: "$.emit.xcassets") }
        if emit.html { try HTMLEmitter.validate(spec, at: "$.emit.html") }
        return spec
    }

    /// SHA-256 of the canonical JSON without the `emit` object and `publicPath` (they change no pixel) and
    /// without `subjects` (the detector's identity is folded in by `PipelineSpec.setSubjectDetector`).
    static func contentHash(of document: JSONValue) -> String {
        var hashed = document
        if case .object(var fields) = document {
            fields["emit"] = nil
            fields["publicPath"] = nil
            fields["subjects"] = nil
            hashed = .object(fields)
        }
        return SHA256.hex(canonicalJSON(hashed))
    }

    static func parseName(_ root: inout JSONObjectReader) throws -> String {
        let name = try root.requiredString("name")
        guard !name.isEmpty, name.count <= 64, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw ConfigError(location: "$.name", message: "expected 1-64 letters, digits, '-' or '_', found \"\(name)\"")
        }
        return name
    }

    static func parseTiers(_ root: inout JSONObjectReader) throws -> (stretchHeadroom: Double?, upscale: UpscalePolicy) {
        guard var tiers = try root.object("tiers") else { return (nil, .skip) }
        let stretchHeadroom = try tiers.number("stretchHeadroom", in: 1...HeroTarget.defaultMaximumStretch)
        let upscale = try tiers.choice("upscale", of: ["skip", "upscale"]).map { UpscalePolicy(rawValue: $0)! } ?? .skip
        try tiers.rejectUnknownKeys()
        return (stretchHeadroom, upscale)
    }

    static func parseTargets(_ root: inout JSONObjectReader, extensionDefaults ext: ExtensionSpec) throws -> [TargetSpec] {
        guard let targetValues = try root.array("targets"), !targetValues.isEmpty else {
            throw ConfigError(location: "$.targets", message: "is required: a non-empty array of targets")
        }
        var targets: [TargetSpec] = []
        for (i, value) in targetValues.enumerated() {
            let target = try parseTarget(value, at: "$.targets[\(i)]", extensionDefaults: ext)
            if targets.contains(where: { $0.target.name == target.target.name }) {
                throw ConfigError(location: "$.targets[\(i)]", message: "duplicate target name \"\(target.target.name)\"")
            }
            targets.append(target)
        }
        return targets
    }

    static func parseCrop(_ root: inout JSONObjectReader) throws -> (mode: CropMode, toolbarAware: Bool, faces: Bool, maximumZoom: Double) {
        guard var crop = try root.object("crop") else { return (.attention, true, true, ZoomLimits.defaultMaximumZoom) }
        var cropMode = CropMode.attention
        switch try crop.choice("mode", of: ["attention", "center", "focal"]) {
        case "center": cropMode = .center
        case "focal":
            let point = try parsePoint(crop.value("focus"), at: crop.path("focus")) ?? (0.5, 0.5)
            cropMode = .focal(x: point.0, y: point.1)
        default: cropMode = .attention
        }
        if crop.value("focus") != nil, case .attention = cropMode {
            throw ConfigError(location: crop.path("focus"), message: "only allowed with \"mode\": \"focal\"")
        }
        let toolbarAware = try crop.bool("toolbarAware") ?? true
        let faces = try crop.bool("faces") ?? true
        let maximumZoom = try crop.number("maxZoom", in: 1...4) ?? ZoomLimits.defaultMaximumZoom
        try crop.rejectUnknownKeys()
        return (cropMode, toolbarAware, faces, maximumZoom)
    }

    static func parseResample(_ root: inout JSONObjectReader) throws -> ResampleOptions {
        var resample = ResampleOptions()
        guard var r = try root.object("resample") else { return resample }
        if let filter = try r.choice("filter", of: ResampleFilter.allCases.map(\.rawValue)) { resample.filter = ResampleFilter(rawValue: filter)! }
        if let space = try r.choice("space", of: ["linear", "srgb"]) { resample.space = space == "linear" ? .linear : .sRGB }
        try r.rejectUnknownKeys()
        return resample
    }

    static func parseLegibility(_ root: inout JSONObjectReader) throws -> LegibilitySpec {
        var legibility = LegibilitySpec.default
        guard var l = try root.object("legibility") else { return legibility }
        legibility.enabled = try l.bool("enabled") ?? true
        let wcag = try l.number("wcag", in: 1...21)
        let apca = try l.number("apcaLc", in: 15...106)
        if wcag != nil && apca != nil {
            throw ConfigError(location: l.path("apcaLc"), message: "give either \"wcag\" or \"apcaLc\", not both")
        }
        if let wcag { legibility.parameters.target = .wcag(ratio: wcag) }
        if let apca { legibility.parameters.target = .apca(lc: apca) }
        if let c = try l.choice("compositing", of: ["gamma", "linear"]) {
            legibility.parameters.compositing = c == "gamma" ? .gammaEncoded : .linearLight
        }
        legibility.parameters.glassSigmaPoints = try l.number("glassSigmaPoints", in: 0...50) ?? legibility.parameters.glassSigmaPoints
        if let placement = try l.choice("inlineTitle", of: [InlineTitlePlacement.afterCollapse.rawValue, InlineTitlePlacement.atRest.rawValue]) {
            legibility.parameters.inlineTitle = InlineTitlePlacement(rawValue: placement) ?? .afterCollapse
        }
        legibility.bakeGradient = try l.bool("bakeGradient") ?? legibility.bakeGradient
        legibility.parameters.hardEdgeLightnessChange = try l.number("maxScrimLightnessChange", in: 0...100)
            ?? legibility.parameters.hardEdgeLightnessChange
        if let boxes = try l.array("textBoxes") {
            legibility.parameters.textBoxes = try boxes.enumerated().map { try parseTextBox($1, at: l.path("textBoxes") + "[\($0)]") }
        }
        try l.rejectUnknownKeys()
        return legibility
    }

    static func parsePlaceholders(_ root: inout JSONObjectReader) throws -> PlaceholderSpec {
        var placeholders = PlaceholderSpec.default
        guard var p = try root.object("placeholders") else { return placeholders }
        placeholders.thumbHash = try p.bool("thumbhash") ?? placeholders.thumbHash
        if let value = p.value("blurhash") { placeholders.blurHashComponents = try parseBlurHashComponents(value, at: p.path("blurhash")) }
        placeholders.averageColor = try p.bool("averageColor") ?? placeholders.averageColor
        placeholders.paletteSize = try p.integer("palette", in: 0...16) ?? placeholders.paletteSize
        placeholders.dataURL = try p.bool("dataURL") ?? placeholders.dataURL
        try p.rejectUnknownKeys()
        return placeholders
    }

    /// `false` (none), `true` (4 x 3) or `[x, y]` components, each 1-9.
    static func parseBlurHashComponents(_ value: JSONValue, at location: String) throws -> [Int]? {
        switch value {
        case .bool(false): return nil
        case .bool(true): return [4, 3]
        case .array(let items):
            let numbers = items.compactMap { item -> Int? in
                if case .number(let n) = item, n == n.rounded(), (1...9).contains(n) { return Int(n) }
                return nil
            }
            guard numbers.count == 2, items.count == 2 else {
                throw ConfigError(location: location, message: "expected [x, y] components, each 1-9")
            }
            return numbers
        default:
            throw ConfigError(location: location, message: "expected true, false or [x, y] components, found \(value.typeName)")
        }
    }

    static func parseOutputs(_ root: inout JSONObjectReader) throws -> [OutputSpec] {
        guard let outputValues = try root.array("outputs"), !outputValues.isEmpty else {
            throw ConfigError(location: "$.outputs", message: "is required: a non-empty array of output formats")
        }
        let outputs = try outputValues.enumerated().map { try parseOutput($1, at: "$.outputs[\($0)]") }
        if Set(outputs.map(\.format)).count != outputs.count {
            throw ConfigError(location: "$.outputs", message: "each format may appear once")
        }
        return outputs
    }

    static func parseLimits(_ root: inout JSONObjectReader) throws -> (maxPixels: Int, decodeSeconds: Double) {
        guard var limits = try root.object("limits") else { return (DecodeOptions.defaultMaxPixels, PipelineSpec.defaultDecodeSeconds) }
        let maxPixels = try limits.integer("maxPixels", in: 1...(1 << 40)) ?? DecodeOptions.defaultMaxPixels
        let decodeSeconds = try limits.number("decodeSeconds", in: 0.001...86_400) ?? PipelineSpec.defaultDecodeSeconds
        try limits.rejectUnknownKeys()
        return (maxPixels, decodeSeconds)
    }

    /// Extension settings from `e` over `base` (the pipeline-wide settings, or the defaults).
    static func parseExtension(_ e: inout JSONObjectReader, base: ExtensionSpec) throws -> ExtensionSpec {
        var ext = base
        var p = ext.parameters
        if let edges = try e.array("edges") {
            let names = try edges.enumerated().map { i, v -> ExtensionEdge in
                guard case .string(let s) = v, let edge = ExtensionEdge(rawValue: s) else {
                    throw ConfigError(location: e.path("edges") + "[\(i)]", message: "expected one of \"leading\", \"trailing\", \"top\", \"bottom\"")
                }
                return edge
            }
            if names.isEmpty || Set(names).count != names.count {
                throw ConfigError(location: e.path("edges"), message: "expected 1-4 distinct edges")
            }
            p.edges = names.sorted()
        }
        if let length = try e.number("lengthPoints", in: 1...2000) { p.lengthPoints = ExtensionLengths(all: length) }
        p.sigmaPoints = try e.number("sigmaPoints", in: 0.5...200) ?? p.sigmaPoints
        p.featherPoints = try e.number("featherPoints", in: 0...500) ?? p.featherPoints
        if let fade = try e.number("fade", in: 0...1) {
            let tint = try e.choice("fadeTint", of: ["edge-mean", "black"]) ?? "edge-mean"
            p.fade = ExtensionFade(amount: fade, tint: tint == "black" ? .black : .edgeMean)
        } else if e.value("fadeTint") != nil {
            throw ConfigError(location: e.path("fadeTint"), message: "only allowed together with \"fade\"")
        }
        ext.parameters = p
        ext.strips = try e.bool("strips") ?? ext.strips
        try e.rejectUnknownKeys()
        return ext
    }

    static func parseTarget(_ value: JSONValue, at location: String, extensionDefaults: ExtensionSpec) throws -> TargetSpec {
        var t = try JSONObjectReader(value, at: location)
        var targetExtension: ExtensionSpec?
        switch t.value("extension") {
        case nil, .bool(false)?: targetExtension = nil
        case .bool(true)?: targetExtension = extensionDefaults
        case let object?:
            guard case .object = object else {
                throw ConfigError(location: t.path("extension"), message: "expected true, false or an object of extension settings, found \(object.typeName)")
            }
            var e = try JSONObjectReader(object, at: t.path("extension"))
            targetExtension = try parseExtension(&e, base: extensionDefaults)
        }
        if let deviceID = try t.string("device") {
            guard var device = DeviceClass.named(deviceID) else {
                throw ConfigError(location: t.path("device"), message: "unknown device \"\(deviceID)\" (known: \(DeviceClass.catalogue.map(\.id).joined(separator: ", ")))")
            }
            if let height = try t.number("heroHeightPoints", in: 50...2000) { device = device.withHeroHeight(points: height) }
            var scales: [Int]?
            if let values = try t.array("scales") {
                scales = try values.enumerated().map { i, v in
                    guard case .number(let n) = v, n == n.rounded(), (1...3).contains(n) else {
                        throw ConfigError(location: t.path("scales") + "[\(i)]", message: "expected 1, 2 or 3")
                    }
                    return Int(n)
                }
                guard !(scales ?? []).isEmpty, Set(scales!).count == scales!.count else {
                    throw ConfigError(location: t.path("scales"), message: "expected distinct scales from 1 to 3")
                }
            }
            try t.rejectUnknownKeys()
            return TargetSpec(target: .device(device, scales: scales), backgroundExtension: targetExtension)
        }
        if let webName = try t.string("web") {
            guard !webName.isEmpty, webName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw ConfigError(location: t.path("web"), message: "expected a name of letters, digits, '-' or '_'")
            }
            guard let widthValues = try t.array("widths"), !widthValues.isEmpty else {
                throw ConfigError(location: t.path("widths"), message: "is required for a web target: pixel widths such as [1290, 860, 430]")
            }
            let widths = try widthValues.enumerated().map { i, v -> Int in
                guard case .number(let n) = v, n == n.rounded(), (1...16384).contains(n) else {
                    throw ConfigError(location: t.path("widths") + "[\(i)]", message: "expected a width in pixels from 1 to 16384")
                }
                return Int(n)
            }
            guard Set(widths).count == widths.count else { throw ConfigError(location: t.path("widths"), message: "widths must be distinct") }
            let aspect = try parseAspect(t.value("aspect"), at: t.path("aspect")) ?? 16.0 / 9.0
            try t.rejectUnknownKeys()
            return TargetSpec(target: .web(name: webName, widths: widths, aspectRatio: aspect), backgroundExtension: targetExtension)
        }
        throw ConfigError(location: location, message: "expected a \"device\" target (e.g. {\"device\": \"iphone-17-pro\"}) or a \"web\" target (e.g. {\"web\": \"hero\", \"widths\": [1290, 860]})")
    }

    /// "16:9", "4/3" or a number (width / height).
    static func parseAspect(_ value: JSONValue?, at location: String) throws -> Double? {
        guard let value else { return nil }
        switch value {
        case .number(let n) where n > 0.05 && n < 20: return n
        case .string(let s):
            let parts = s.split(whereSeparator: { $0 == ":" || $0 == "/" }).compactMap { Double($0) }
            if parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] / parts[1] > 0.05, parts[0] / parts[1] < 20 { return parts[0] / parts[1] }
        default: break
        }
        throw ConfigError(location: location, message: "expected an aspect ratio such as \"16:9\" or 1.7778")
    }

    /// `[x, y]`, each 0...1.
    public static func parsePoint(_ value: JSONValue?, at location: String) throws -> (Double, Double)? {
        guard let value else { return nil }
        if case .array(let items) = value, items.count == 2,
           case .number(let x) = items[0], case .number(let y) = items[1], (0...1).contains(x), (0...1).contains(y) {
            return (x, y)
        }
        throw ConfigError(location: location, message: "expected [x, y] with each from 0 to 1 (fractions of the image, from the top-left)")
    }

    /// A box `{"name", "x", "y", "width", "height"}` in fractions (0...1) of the image that lies inside it.
    public static func parseTextBox(_ value: JSONValue, at location: String) throws -> TextBox {
        var b = try JSONObjectReader(value, at: location)
        let name = try b.requiredString("name")
        func required(_ key: String) throws -> Double {
            guard let v = try b.number(key, in: 0...1) else { throw ConfigError(location: b.path(key), message: "is required (0 to 1, a fraction of the hero)") }
            return v
        }
        let box = TextBox(name: name, x: try required("x"), y: try required("y"), width: try required("width"), height: try required("height"))
        guard box.width > 0, box.height > 0, box.x + box.width <= 1.0001, box.y + box.height <= 1.0001 else {
            throw ConfigError(location: location, message: "the box must have a size and lie inside the hero (x + width <= 1, y + height <= 1)")
        }
        try b.rejectUnknownKeys()
        return box
    }

    static func parseOutput(_ value: JSONValue, at location: String) throws -> OutputSpec {
        var o = try JSONObjectReader(value, at: location)
        let format = try o.choice("format", of: ["jpeg", "png", "webp", "avif", "heic"])
        guard let format else { throw ConfigError(location: o.path("format"), message: "is required: \"jpeg\", \"png\", \"webp\", \"avif\" or \"heic\"") }
        let options: EncodeOptions
        switch format {
        case "jpeg":
            var j = JPEGEncodeOptions()
            j.quality = try o.integer("quality", in: 1...100) ?? j.quality
            j.progressive = try o.bool("progressive") ?? j.progressive
            j.optimizeHuffman = try o.bool("optimizeHuffman") ?? j.optimizeHuffman
            if let c = try o.choice("chroma", of: ["4:2:0", "4:4:4"]) { j.chromaSubsampling = c == "4:2:0" ? .yuv420 : .yuv444 }
            options = .jpeg(j)
        case "webp":
            var w = WebPEncodeOptions()
            w.quality = Float(try o.number("quality", in: 0...100) ?? Double(w.quality))
            w.method = try o.integer("method", in: 0...6) ?? w.method
            w.lossless = try o.bool("lossless") ?? w.lossless
            options = .webp(w)
        case "avif":
            var a = AVIFEncodeOptions()
            a.quality = try o.integer("quality", in: 0...100) ?? a.quality
            a.speed = try o.integer("speed", in: 0...9) ?? a.speed
            a.lossless = try o.bool("lossless") ?? a.lossless
            if let c = try o.choice("chroma", of: ["4:2:0", "4:4:4"]) { a.chromaSubsampling = c == "4:2:0" ? .yuv420 : .yuv444 }
            options = .avif(a)
        case "heic":
            var h = HEICEncodeOptions()
            h.quality = try o.integer("quality", in: 0...100) ?? h.quality
            if let c = try o.choice("chroma", of: ["4:2:0", "4:4:4"]) { h.chromaSubsampling = c == "4:2:0" ? .yuv420 : .yuv444 }
            options = .heic(h)
        default:
            var p = PNGEncodeOptions()
            if let depth = try o.integer("bitDepth", in: 8...16) {
                guard depth == 8 || depth == 16 else { throw ConfigError(location: o.path("bitDepth"), message: "expected 8 or 16") }
                p.bitDepth = depth
            }
            p.compressionLevel = try o.integer("compression", in: 0...9) ?? p.compressionLevel
            options = .png(p)
        }
        try o.rejectUnknownKeys()
        return OutputSpec(options: options)
    }

    /// The placeholders a naming template must contain, and those it may (`{hash}`: `OutputNaming`).
    static let requiredNamingPlaceholders = ["{asset}", "{variant}", "{ext}"]
    static let optionalNamingPlaceholders = ["{hash}"]

    static func validateNaming(_ template: String, at location: String) throws {
        for required in requiredNamingPlaceholders where !template.contains(required) {
            throw ConfigError(location: location, message: "the naming template must contain \(required)")
        }
        var rest = template
        let allowed = requiredNamingPlaceholders + optionalNamingPlaceholders
        for placeholder in allowed { rest = rest.replacingOccurrences(of: placeholder, with: "x") }
        if rest.contains("{") || rest.contains("}") {
            throw ConfigError(location: location, message: "unknown placeholder (allowed: \(allowed.joined(separator: ", ")))")
        }
        if template.hasPrefix("/") || template.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
            throw ConfigError(location: location, message: "the naming template must be a relative path without '.', '..' or empty components")
        }
    }

    /// The canonical form used for the content hash: sorted keys, no whitespace, numbers as JSON writes them.
    static func canonicalJSON(_ value: JSONValue) -> [UInt8] {
        var out = ""
        func write(_ v: JSONValue) {
            switch v {
            case .null: out += "null"
            case .bool(let b): out += b ? "true" : "false"
            case .number(let n): out += n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
            case .string(let s): out += quoted(s)
            case .array(let items):
                out += "["
                for (i, item) in items.enumerated() { if i > 0 { out += "," }; write(item) }
                out += "]"
            case .object(let fields):
                out += "{"
                for (i, key) in fields.keys.sorted().enumerated() { if i > 0 { out += "," }; out += quoted(key) + ":"; write(fields[key]!) }
                out += "}"
            }
        }
        func quoted(_ s: String) -> String {
            var r = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": r += "\\\""
                case "\\": r += "\\\\"
                case _ where scalar.value < 0x20: r += String(format: "\\u%04x", scalar.value)
                default: r.unicodeScalars.append(scalar)
                }
            }
            return r + "\""
        }
        write(value)
        return Array(out.utf8)
    }
}
