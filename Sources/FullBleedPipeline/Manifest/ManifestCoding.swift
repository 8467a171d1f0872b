import Foundation
import FullBleedCore

// The manifest's lean JSON form (schema version 2, docs/manifest.md): what is derivable or the same
// for every asset is written once or not at all, while the records in memory stay whole.
// - Files: an asset's files are named relative to its `folder` (the directory all its files share).
// - Targets: `kind`, `aspectRatio`, `headroom` and the device geometry of each pipeline target are in the
//   top-level `targets` table (`TargetDefinition`), once; an asset's target has its `layout` (stretch).
//   Outside a manifest (the build journal) a target record carries its definition inline.
// - Derivatives: each tier once, its baked-gradient variant nested as `scrim`; `status` `exact` is left
//   out, `headroom` is written only where it differs from the target's, and the variant name and scale
//   are not written (they follow from the target's name, the tier and the kind); a baked tier's `opacity`
//   is written only where it differs from the recommendation's scrim.
// - Scrim stops and palette colours are pairs (`[location, opacity]`, `[color, share]`); `compositing` is
//   written only when not `gamma`.
// - Defaults are left out: a source's `orientation` 1, `bitDepth` 8, `hasAlpha` false; a crop's
//   `requestedMode` equal to its `mode`, `zoom` 1; an asset's `decode` at full size. A subject box every
//   crop shares is written once, on the asset.
// - Files have no digest (the build journal keeps the digest of each staged file for its recovery).
// - A skipped asset (no picture delivered) has `skipped`, its reason, and no targets or placeholders.

/// The lean form's one rule for defaults: a field equal to its default is not written, and reads back as it.
extension KeyedEncodingContainer {
    mutating func encode<Value: Encodable & Equatable>(_ value: Value, forKey key: Key, unlessItIs defaultValue: Value) throws {
        if value != defaultValue { try encode(value, forKey: key) }
    }
}

extension KeyedDecodingContainer {
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key, default defaultValue: Value) throws -> Value {
        try decodeIfPresent(type, forKey: key) ?? defaultValue
    }
}

extension CodingUserInfoKey {
    /// Set (to `true`) on the encoder of a manifest: target records leave their `TargetDefinition` to the
    /// manifest's top-level `targets` table.
    static let manifestTargetsTable = CodingUserInfoKey(rawValue: "fullbleed.manifestTargetsTable")!
    /// A `ManifestDecodingContext` on the decoder of a manifest: where target records find their definitions.
    static let manifestDecodingContext = CodingUserInfoKey(rawValue: "fullbleed.manifestDecodingContext")!
    /// The `[String: TargetDefinition]` a manifest encodes as its `targets` table instead of gathering it
    /// from its assets (set for a manifest whose assets are streamed).
    static let manifestTargetsTableValue = CodingUserInfoKey(rawValue: "fullbleed.manifestTargetsTableValue")!
}

/// The top-level `targets` table of the manifest being decoded, filled before its assets are decoded.
final class ManifestDecodingContext: @unchecked Sendable {
    var targets: [String: TargetDefinition]?
}

/// What a pipeline target is, the same for every asset: `manifest.targets[name]`.
public struct TargetDefinition: Sendable, Codable, Equatable {
    public var kind: TargetKind
    /// The hero's width / height.
    public var aspectRatio: Double
    /// The stretch headroom planned for the tiers (1 for web targets).
    public var headroom: Double
    /// The device class and the hero's geometry on it; nil for web targets.
    public var device: DeviceGeometry?
}

/// A device target's geometry (lengths in points), the part of `DeviceRecord` that does not depend on the photo.
public struct DeviceGeometry: Sendable, Codable, Equatable {
    public var id: String
    /// Hero width: the device's width.
    public var widthPoints: Double
    /// Hero design height, including the part under the bars.
    public var heroHeightPoints: Double
    /// Display scale, pixels per point.
    public var scale: Int
    /// Status bar plus navigation bar.
    public var toolbarBandPoints: Double
    /// Scroll offset at which the hero's bottom reaches the bottom of the toolbar band: show the inline
    /// title there (`heroHeightPoints - toolbarBandPoints`).
    public var collapseOffsetPoints: Double
}

/// The stretch an asset's delivered tiers allow on a device target (`DeviceRecord.maximumStretch`): the
/// asset target's `layout` in the manifest. The overscroll that reaches it is
/// `(maximumStretch - 1) * heroHeightPoints` (`DeviceRecord.maximumOverscrollPoints`), not written.
public struct StretchLayout: Sendable, Codable, Equatable {
    public var maximumStretch: Double
}

extension TargetRecord {
    /// What this target is, whatever the photo.
    public var definition: TargetDefinition {
        TargetDefinition(kind: kind, aspectRatio: aspectRatio, headroom: headroom, device: device?.geometry)
    }

    /// The name of `derivative`'s picture as the naming template's `{variant}` (`iphone-17-pro@3x`,
    /// `iphone-17-pro@3x-scrim`, `hero-860w`).
    public func variant(of derivative: DerivativeRecord) -> String {
        let plain = VariantName.plain(targetName: name, tierLabel: derivative.tier)
        return derivative.kind == .scrim ? VariantName.scrim(of: plain) : plain
    }

    /// The stretch headroom `derivative` was made with.
    public func headroom(of derivative: DerivativeRecord) -> Double { derivative.headroom ?? headroom }

    private enum Keys: String, CodingKey {
        case name, kind, aspectRatio, headroom, device, layout, crop, derivatives, extensions, recommendation, hdr
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        name = try c.decode(String.self, forKey: .name)
        let definition: TargetDefinition
        if c.contains(.kind) {
            definition = TargetDefinition(kind: try c.decode(TargetKind.self, forKey: .kind),
                                          aspectRatio: try c.decode(Double.self, forKey: .aspectRatio),
                                          headroom: try c.decode(Double.self, forKey: .headroom),
                                          device: try c.decodeIfPresent(DeviceGeometry.self, forKey: .device))
        } else {
            let context = decoder.userInfo[.manifestDecodingContext] as? ManifestDecodingContext
            guard let found = context?.targets?[name] else {
                throw DecodingError.dataCorruptedError(forKey: .name, in: c,
                                                       debugDescription: "target \"\(name)\" is not in the manifest's targets table")
            }
            definition = found
        }
        kind = definition.kind
        aspectRatio = definition.aspectRatio
        headroom = definition.headroom
        let layout = try c.decodeIfPresent(StretchLayout.self, forKey: .layout)
        device = definition.device.map { DeviceRecord($0, maximumStretch: layout?.maximumStretch) }
        crop = try c.decode(CropRecord.self, forKey: .crop)
        derivatives = try c.decode([DerivativeEntry].self, forKey: .derivatives).flatMap(\.records)
        extensions = try c.decodeIfPresent([ExtensionRecord].self, forKey: .extensions)
        recommendation = try c.decodeIfPresent(RecommendationRecord.self, forKey: .recommendation)
        hdr = try c.decodeIfPresent(HDRRecord.self, forKey: .hdr)
        for d in derivatives.indices where derivatives[d].kind == .scrim && derivatives[d].scrimOpacity == nil {
            derivatives[d].scrimOpacity = recommendation?.scrim?.opacity
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        if encoder.userInfo[.manifestTargetsTable] as? Bool != true {
            try c.encode(kind, forKey: .kind)
            try c.encode(aspectRatio, forKey: .aspectRatio)
            try c.encode(headroom, forKey: .headroom)
            try c.encodeIfPresent(device?.geometry, forKey: .device)
        }
        try c.encodeIfPresent(device?.maximumStretch.map(StretchLayout.init), forKey: .layout)
        try c.encode(crop, forKey: .crop)
        try c.encode(try DerivativeEntry.entries(derivatives, recommendedOpacity: recommendation?.scrim?.opacity), forKey: .derivatives)
        try c.encodeIfPresent(extensions, forKey: .extensions)
        try c.encodeIfPresent(recommendation, forKey: .recommendation)
        try c.encodeIfPresent(hdr, forKey: .hdr)
    }
}

extension DerivativeRecord {
    /// Display scale of a device tier, pixels per point (`@3x` -> 3); nil for web widths (`860w`).
    public var scale: Int? {
        guard tier.hasPrefix("@"), tier.hasSuffix("x") else { return nil }
        return Int(tier.dropFirst().dropLast())
    }

}

/// One planned tier in the manifest: the plain picture's record, its baked-gradient variant nested as
/// `scrim` (same tier, size, headroom and status; only its files and the gradient's numbers differ).
private struct DerivativeEntry: Codable {
    var tier: String
    var width: Int
    var height: Int
    var headroom: Double?
    var status: DerivativeStatus?
    var files: [FileRecord]
    var scrim: BakedScrimEntry?

    struct BakedScrimEntry: Codable {
        var opacity: Double?
        var bandLightnessChange: Double?
        var files: [FileRecord]
    }

    /// Pairs each plain record with the scrim record of its tier that follows it; a baked opacity equal to
    /// the recommendation's (`recommendedOpacity`) is left out.
    static func entries(_ derivatives: [DerivativeRecord], recommendedOpacity: Double?) throws -> [DerivativeEntry] {
        var entries: [DerivativeEntry] = []
        for derivative in derivatives {
            switch derivative.kind {
            case .plain:
                entries.append(DerivativeEntry(tier: derivative.tier, width: derivative.width, height: derivative.height,
                                               headroom: derivative.headroom, status: derivative.status == .exact ? nil : derivative.status,
                                               files: derivative.files))
            case .scrim:
                guard let last = entries.last, last.tier == derivative.tier, last.scrim == nil, last.width == derivative.width,
                      last.height == derivative.height else {
                    throw EncodingError.invalidValue(derivative.tier, .init(codingPath: [], debugDescription:
                        "a scrim derivative must follow the plain derivative of its tier, at its size"))
                }
                entries[entries.count - 1].scrim = BakedScrimEntry(opacity: derivative.scrimOpacity == recommendedOpacity ? nil : derivative.scrimOpacity,
                                                                   bandLightnessChange: derivative.bandLightnessChange, files: derivative.files)
            }
        }
        return entries
    }

    /// The plain record, then its scrim record when there is one.
    var records: [DerivativeRecord] {
        let plain = DerivativeRecord(tier: tier, kind: .plain, width: width, height: height, headroom: headroom,
                                     status: status ?? .exact, scrimOpacity: nil, files: files)
        guard let scrim else { return [plain] }
        var baked = plain
        baked.kind = .scrim
        baked.scrimOpacity = scrim.opacity
        baked.bandLightnessChange = scrim.bandLightnessChange
        baked.files = scrim.files
        return [plain, baked]
    }
}

extension FileRecord {
    private enum Keys: String, CodingKey { case name, mimeType, bytes, gainMap }

    /// Decodes `name` into `path`; the asset record prefixes its folder.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        path = try c.decode(String.self, forKey: .name)
        mimeType = try c.decode(String.self, forKey: .mimeType)
        bytes = try c.decode(Int.self, forKey: .bytes)
        gainMap = try c.decodeIfPresent(FileGainMapRecord.self, forKey: .gainMap)
    }

    /// Encodes `path` as `name`; the asset record has removed its folder first.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(path, forKey: .name)
        try c.encode(mimeType, forKey: .mimeType)
        try c.encode(bytes, forKey: .bytes)
        try c.encodeIfPresent(gainMap, forKey: .gainMap)
    }
}

extension Manifest {
    private enum Keys: String, CodingKey { case schemaVersion, tool, pipeline, targets, assets, failures, shard, publicPath }

    /// The `targets` table: each pipeline target's definition, keyed by target name, from the assets'
    /// records (every asset of one pipeline has the same definitions).
    /// - Throws: `EncodingError` when two assets disagree on a target's definition.
    func targetsTable() throws -> [String: TargetDefinition] {
        var table: [String: TargetDefinition] = [:]
        for asset in assets { try Self.addDefinitions(of: asset, to: &table) }
        return table
    }

    /// Adds the definitions of `asset`'s targets to `table`.
    /// - Throws: `EncodingError` when one disagrees with a definition already there.
    static func addDefinitions(of asset: AssetRecord, to table: inout [String: TargetDefinition]) throws {
        for target in asset.targets {
            let definition = target.definition
            if let known = table[target.name], known != definition {
                throw EncodingError.invalidValue(definition, .init(codingPath: [], debugDescription:
                    "\(asset.source.path): target \(target.name) differs from the other assets' (\(known) vs \(definition))"))
            }
            table[target.name] = definition
        }
    }

    /// Decodes the `targets` table first and hands it to the target records through the decoder's
    /// `ManifestDecodingContext` (set by `Manifest.decode`).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        tool = try c.decode(ToolInfo.self, forKey: .tool)
        pipeline = try c.decode(PipelineInfo.self, forKey: .pipeline)
        if let context = decoder.userInfo[.manifestDecodingContext] as? ManifestDecodingContext {
            context.targets = try c.decodeIfPresent([String: TargetDefinition].self, forKey: .targets)
        }
        assets = try c.decode([AssetRecord].self, forKey: .assets)
        failures = try c.decode([FailureRecord].self, forKey: .failures)
        shard = try c.decodeIfPresent(String.self, forKey: .shard)
        publicPath = try c.decodeIfPresent(String.self, forKey: .publicPath)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(tool, forKey: .tool)
        try c.encode(pipeline, forKey: .pipeline)
        try c.encode(try encoder.userInfo[.manifestTargetsTableValue] as? [String: TargetDefinition] ?? targetsTable(), forKey: .targets)
        try c.encode(assets, forKey: .assets)
        try c.encode(failures, forKey: .failures)
        try c.encodeIfPresent(shard, forKey: .shard)
        try c.encodeIfPresent(publicPath, forKey: .publicPath)
    }
}

extension AssetRecord {
    /// The directory every output file of the asset is in, ending in `/` (`lomiri_Bridge-jpg/` with the
    /// default naming template); "" when they share none (or there are no files).
    public var folder: String {
        let paths = allFiles.map(\.path)
        guard var common = paths.first.map({ $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() }) else { return "" }
        for path in paths.dropFirst() {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            common = common.prefix(zip(common, parts).prefix { $0 == $1 }.count)
        }
        return common.isEmpty ? "" : common.joined(separator: "/") + "/"
    }

    /// Every file record of the asset (pictures, extensions, report).
    private var allFiles: [FileRecord] {
        targets.flatMap { target in target.derivatives.flatMap(\.files) + (target.extensions ?? []).flatMap(\.files) }
            + (report.map { [$0] } ?? [])
    }

    /// The same record with `transform` applied to every file path.
    private func mappingPaths(_ transform: (String) -> String) -> AssetRecord {
        var copy = self
        for t in copy.targets.indices {
            for d in copy.targets[t].derivatives.indices {
                for f in copy.targets[t].derivatives[d].files.indices { copy.targets[t].derivatives[d].files[f].path = transform(copy.targets[t].derivatives[d].files[f].path) }
            }
            for e in (copy.targets[t].extensions ?? []).indices {
                for f in copy.targets[t].extensions![e].files.indices { copy.targets[t].extensions![e].files[f].path = transform(copy.targets[t].extensions![e].files[f].path) }
            }
        }
        if let report = copy.report { copy.report!.path = transform(report.path) }
        return copy
    }

    private enum Keys: String, CodingKey {
        case key, source, sidecarSHA256, altText, skipped, review, reviewed, subjectBox, warnings, decode, targets, placeholders, report, folder, subjectDetection
    }

    /// The decode of a source read at full size: its displayed size at load scale 1 (the manifest leaves it out).
    private static func fullSizeDecode(of source: SourceRecord) -> DecodeRecord {
        DecodeRecord(loadScale: 1, width: source.width, height: source.height)
    }

    /// The subject box every target's crop judges, when they all judge the same one (the manifest then
    /// writes it once, on the asset).
    private var sharedSubjectBox: PixelBox? {
        guard let box = targets.first?.crop.subjectBox, targets.allSatisfy({ $0.crop.subjectBox == box }) else { return nil }
        return box
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        key = try c.decode(String.self, forKey: .key)
        source = try c.decode(SourceRecord.self, forKey: .source)
        sidecarSHA256 = try c.decodeIfPresent(String.self, forKey: .sidecarSHA256)
        altText = try c.decodeIfPresent(String.self, forKey: .altText)
        skipReason = try c.decodeIfPresent(String.self, forKey: .skipped)
        review = try c.decodeIfPresent([String].self, forKey: .review)
        reviewed = try c.decode(Bool.self, forKey: .reviewed, default: false)
        warnings = try c.decode([String].self, forKey: .warnings)
        decode = try c.decodeIfPresent(DecodeRecord.self, forKey: .decode) ?? Self.fullSizeDecode(of: source)
        targets = try c.decodeIfPresent([TargetRecord].self, forKey: .targets) ?? []
        if let box = try c.decodeIfPresent(PixelBox.self, forKey: .subjectBox) {
            for t in targets.indices where targets[t].crop.subjectBox == nil { targets[t].crop.subjectBox = box }
        }
        placeholders = try c.decodeIfPresent(PlaceholderRecord.self, forKey: .placeholders)
        report = try c.decodeIfPresent(FileRecord.self, forKey: .report)
        subjectDetection = try c.decodeIfPresent(DetectionRecord.self, forKey: .subjectDetection)
        if let folder = try c.decodeIfPresent(String.self, forKey: .folder) {
            guard folder.hasSuffix("/"), !folder.hasPrefix("/") else {
                throw DecodingError.dataCorruptedError(forKey: .folder, in: c, debugDescription: "folder \"\(folder)\" must be relative and end in /")
            }
            self = mappingPaths { folder + $0 }
        }
    }

    /// The same form everywhere (manifest, journal, `inspect --json`): a subject box all crops share is
    /// written once, on the asset; `decode` only when the source was not read at full size. A skipped asset
    /// is written as `skipped` (the reason) with no `targets`. `review` only when something needs a look,
    /// `reviewed` only when true.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        let folder = self.folder
        var lean = folder.isEmpty ? self : mappingPaths { String($0.dropFirst(folder.count)) }
        let sharedBox = sharedSubjectBox
        if sharedBox != nil { for t in lean.targets.indices { lean.targets[t].crop.subjectBox = nil } }
        try c.encode(key, forKey: .key)
        try c.encode(source, forKey: .source)
        try c.encodeIfPresent(sidecarSHA256, forKey: .sidecarSHA256)
        try c.encodeIfPresent(altText, forKey: .altText)
        try c.encodeIfPresent(skipReason, forKey: .skipped)
        try c.encodeIfPresent(review, forKey: .review)
        try c.encode(reviewed, forKey: .reviewed, unlessItIs: false)
        try c.encodeIfPresent(sharedBox, forKey: .subjectBox)
        try c.encodeIfPresent(subjectDetection, forKey: .subjectDetection)
        try c.encode(warnings, forKey: .warnings)
        if decode != Self.fullSizeDecode(of: source) { try c.encode(decode, forKey: .decode) }
        if !targets.isEmpty || skipReason == nil { try c.encode(lean.targets, forKey: .targets) }
        try c.encodeIfPresent(placeholders, forKey: .placeholders)
        try c.encodeIfPresent(lean.report, forKey: .report)
        if !folder.isEmpty { try c.encode(folder, forKey: .folder) }
    }
}

extension SourceRecord {
    private enum Keys: String, CodingKey {
        case path, sha256, bytes, format, width, height, orientation, colorSpace, iccProfile, bitDepth, hasAlpha, gainMap
    }

    /// `orientation` 1 (upright), `bitDepth` 8 and `hasAlpha` false are left out.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        path = try c.decode(String.self, forKey: .path)
        sha256 = try c.decode(String.self, forKey: .sha256)
        bytes = try c.decode(Int.self, forKey: .bytes)
        format = try c.decode(String.self, forKey: .format)
        width = try c.decode(Int.self, forKey: .width)
        height = try c.decode(Int.self, forKey: .height)
        orientation = try c.decode(Int.self, forKey: .orientation, default: 1)
        colorSpace = try c.decode(String.self, forKey: .colorSpace)
        iccProfile = try c.decodeIfPresent(String.self, forKey: .iccProfile)
        bitDepth = try c.decode(Int.self, forKey: .bitDepth, default: 8)
        hasAlpha = try c.decode(Bool.self, forKey: .hasAlpha, default: false)
        gainMap = try c.decodeIfPresent(SourceGainMapRecord.self, forKey: .gainMap)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(path, forKey: .path)
        try c.encode(sha256, forKey: .sha256)
        try c.encode(bytes, forKey: .bytes)
        try c.encode(format, forKey: .format)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(orientation, forKey: .orientation, unlessItIs: 1)
        try c.encode(colorSpace, forKey: .colorSpace)
        try c.encodeIfPresent(iccProfile, forKey: .iccProfile)
        try c.encode(bitDepth, forKey: .bitDepth, unlessItIs: 8)
        try c.encode(hasAlpha, forKey: .hasAlpha, unlessItIs: false)
        try c.encodeIfPresent(gainMap, forKey: .gainMap)
    }
}

extension CropRecord {
    private enum Keys: String, CodingKey {
        case x, y, width, height, mode, requestedMode, subjectX, subjectY, subjectClearsToolbar, zoom, subjectBox, subjectClearsToolbarReason
    }

    /// `requestedMode` is written only when it differs from `mode`, `zoom` only when not 1.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        x = try c.decode(Int.self, forKey: .x)
        y = try c.decode(Int.self, forKey: .y)
        width = try c.decode(Int.self, forKey: .width)
        height = try c.decode(Int.self, forKey: .height)
        mode = try c.decode(String.self, forKey: .mode)
        requestedMode = try c.decode(String.self, forKey: .requestedMode, default: mode)
        subjectX = try c.decode(Double.self, forKey: .subjectX)
        subjectY = try c.decode(Double.self, forKey: .subjectY)
        subjectClearsToolbar = try c.decode(Bool.self, forKey: .subjectClearsToolbar)
        zoom = try c.decode(Double.self, forKey: .zoom, default: 1)
        subjectBox = try c.decodeIfPresent(PixelBox.self, forKey: .subjectBox)
        subjectClearsToolbarReason = try c.decodeIfPresent(String.self, forKey: .subjectClearsToolbarReason)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(mode, forKey: .mode)
        try c.encode(requestedMode, forKey: .requestedMode, unlessItIs: mode)
        try c.encode(subjectX, forKey: .subjectX)
        try c.encode(subjectY, forKey: .subjectY)
        try c.encode(subjectClearsToolbar, forKey: .subjectClearsToolbar)
        try c.encode(zoom, forKey: .zoom, unlessItIs: 1)
        try c.encodeIfPresent(subjectBox, forKey: .subjectBox)
        try c.encodeIfPresent(subjectClearsToolbarReason, forKey: .subjectClearsToolbarReason)
    }
}

extension PaletteColorRecord {
    /// A `[color, share]` pair, like the scrim's stops.
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        color = try c.decode(String.self)
        share = try c.decode(Double.self)
        guard c.isAtEnd else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "a palette colour is [color, share]") }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(color)
        try c.encode(share)
    }
}

extension ScrimRecord {
    private enum Keys: String, CodingKey { case color, edge, opacity, heightPoints, heightFraction, stops, compositing }

    /// Stops are `[location, opacity]` pairs; `compositing` `gamma` (what SwiftUI, UIKit and CSS draw) is left out.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        color = try c.decode(ScrimColor.self, forKey: .color)
        edge = try c.decode(ScrimEdge.self, forKey: .edge)
        opacity = try c.decode(Double.self, forKey: .opacity)
        heightPoints = try c.decode(Double.self, forKey: .heightPoints)
        heightFraction = try c.decode(Double.self, forKey: .heightFraction)
        stops = try c.decode([[Double]].self, forKey: .stops).map { pair in
            guard pair.count == 2 else {
                throw DecodingError.dataCorruptedError(forKey: .stops, in: c, debugDescription: "a stop is [location, opacity]")
            }
            return ScrimStop(location: pair[0], opacity: pair[1])
        }
        compositing = try c.decode(ScrimCompositing.self, forKey: .compositing, default: .gammaEncoded)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(color, forKey: .color)
        try c.encode(edge, forKey: .edge)
        try c.encode(opacity, forKey: .opacity)
        try c.encode(heightPoints, forKey: .heightPoints)
        try c.encode(heightFraction, forKey: .heightFraction)
        try c.encode(stops.map { [$0.location, $0.opacity] }, forKey: .stops)
        try c.encode(compositing, forKey: .compositing, unlessItIs: .gammaEncoded)
    }
}
