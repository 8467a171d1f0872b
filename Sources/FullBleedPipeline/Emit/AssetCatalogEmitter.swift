import FullBleedCodecs

/// Writes `OUT/<folder>/<catalogName>` (default `Xcode/Heroes.xcassets`): an Xcode asset catalog with one image set per
/// hero and per further device target of an idiom, and with `--emit baked-sets` per scrim variant and per
/// extension canvas (`AssetCatalogLayout` has the rules), each with a `Contents.json` as Xcode writes it.
///
/// The images are hard links to the build's own outputs (copies where the file system has no hard links),
/// so the catalog costs no disk space. Xcode takes PNG, JPEG and HEIC, not WebP or AVIF: the catalog uses
/// the pipeline's HEIC output when it has one (a pipeline lists HEIC for the catalog; Display P3 kept), else its first JPEG or
/// PNG output. The catalog folder belongs to FullBleed: files in it that the
/// current build does not emit (image sets of deleted photos) are removed.
public enum AssetCatalogEmitter {
    /// Throws a `ConfigError` at `location` when `spec` cannot make a catalog: it needs a HEIC, JPEG or PNG
    /// output and at least one device target.
    public static func validate(_ spec: PipelineSpec, at location: String) throws {
        guard imageFormat(of: spec) != nil else {
            throw ConfigError(location: location, message: "an Xcode asset catalog needs a \"jpeg\", \"heic\" or \"png\" output (Xcode does not take WebP or AVIF); add one to \"outputs\"")
        }
        guard spec.targets.contains(where: { if case .device = $0.target.kind { return true } else { return false } }) else {
            throw ConfigError(location: location, message: "an Xcode asset catalog needs at least one device target (web targets have no 1x/2x/3x slots)")
        }
    }

    /// The format the catalog's images use: HEIC when the pipeline writes it, else its first JPEG or PNG output.
    public static func imageFormat(of spec: PipelineSpec) -> ImageFormat? {
        let formats = spec.outputs.map(\.format)
        return formats.contains(.heic) ? .heic : formats.first { $0 == .jpeg || $0 == .png }
    }

    /// The catalog's files for the build `manifest` records, in memory (`EmitPlan.collect`).
    public static func plan(manifest: Manifest, spec: PipelineSpec) throws -> EmitPlan {
        try EmitPlan.collect(try Walk(spec: spec), records: EmitRecords(manifest))
    }

    /// The catalog's files as a walk over the records: the catalog's own `Contents.json` first, then per
    /// asset a group `Contents.json` per asset-key folder not seen before, and per image set its
    /// `Contents.json` followed by its images (the folder is created by the first). Deterministic: assets in
    /// manifest order, slots in Xcode's order.
    struct Walk: Emitter {
        let catalog: String
        let format: String
        let keepsDisplayP3: Bool
        let bakedSets: Bool
        /// Group folders already written: one per folder of the input tree, not per photo.
        private var groups: Set<String> = []
        /// Image-set names, compared case-insensitively (as a case-insensitive file system would).
        private var setNames = ClaimedNames()

        init(spec: PipelineSpec) throws {
            try validate(spec, at: "$.emit.xcassets")
            catalog = spec.emit.catalogPath
            format = imageFormat(of: spec)!.rawValue
            keepsDisplayP3 = spec.colorOutput == .keep
            bakedSets = spec.emit.bakedSets
        }

        var ownedFolder: String? { catalog }

        func begin() -> EmitPart {
            EmitPart(files: [EmittedFile(path: catalog + "/Contents.json", content: .bytes(XcodeContentsJSON.object(["info": XcodeContentsJSON.info]).bytes))])
        }

        func layout(of asset: AssetRecord) -> AssetCatalogLayout {
            AssetCatalogLayout(asset: asset, imageFormat: format, displayP3: keepsDisplayP3 && asset.source.colorSpace == "display-p3",
                               bakedSets: bakedSets)
        }

        mutating func add(_ asset: AssetRecord, ordinal: Int, records: EmitRecords) throws -> EmitPart {
            var part = EmitPart()
            guard asset.deliversImages else { return part }
            for set in layout(of: asset).imageSets {
                if let owner = setNames.claim(set.name.lowercased(), for: ordinal), let other = try records.record(owner),
                   layout(of: other).imageSets.contains(where: { $0.name.lowercased() == set.name.lowercased() }) {
                    throw ConfigError(location: "$.emit.xcassets", message: "the image set \(set.name) of \(asset.source.path) has the name of one of \(other.source.path)'s; rename one of the photos")
                }
                var folders = set.name.split(separator: "/").map(String.init)
                let leaf = folders.removeLast()
                var prefix = catalog
                for folder in folders {
                    prefix += "/" + folder
                    if groups.insert(prefix).inserted {
                        part.files.append(EmittedFile(path: prefix + "/Contents.json", content: .bytes(groupContents.bytes)))
                    }
                }
                let folder = prefix + "/" + leaf + ".imageset"
                part.files.append(EmittedFile(path: folder + "/Contents.json", content: .bytes(contents(of: set).bytes)))
                var copied: Set<String> = []
                for slot in set.slots {
                    guard let source = slot.source, let name = slot.fileName, copied.insert(name).inserted else { continue }
                    part.files.append(EmittedFile(path: folder + "/" + name, content: slot.sourceCarriesGainMap ? .baseRendition(of: source) : .copy(of: source)))
                }
            }
            return part
        }
    }

    /// A folder of the asset key: a group whose name prefixes the image names inside it.
    static let groupContents = XcodeContentsJSON.object([
        "info": XcodeContentsJSON.info,
        "properties": .object(["provides-namespace": .bool(true)]),
    ])

    /// An image set's `Contents.json`: every slot of its idioms, empty ones without a file name.
    static func contents(of set: AssetCatalogLayout.ImageSet) -> XcodeContentsJSON {
        let images = set.slots.map { slot -> XcodeContentsJSON in
            var fields: [String: XcodeContentsJSON] = ["idiom": .string(slot.idiom), "scale": .string("\(slot.scale)x")]
            if let gamut = slot.gamut { fields["display-gamut"] = .string(gamut) }
            if let name = slot.fileName { fields["filename"] = .string(name) }
            return .object(fields)
        }
        return .object(["images": .array(images), "info": XcodeContentsJSON.info])
    }
}
