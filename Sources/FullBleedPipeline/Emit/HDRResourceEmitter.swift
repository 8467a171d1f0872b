import FullBleedCodecs

/// Writes `OUT/<folder>/HDR/<key>-<device id>.jpg` for every device target that delivered an Ultra HDR
/// JPEG (a `"hdr": "keep"` pipeline over a source with a gain map): the plain hero at the target's largest
/// scale, hard-linked to the build's own output (a copy where the file system has no hard links).
///
/// Why a folder of its own: the asset catalog holds the SDR rendition (its slots get the JPEG without the
/// gain map, `AssetCatalogLayout`), because asset compilation may re-encode images and is not documented
/// to keep gain maps, while Apple documents reading HDR from a file (`UIImageReader` with
/// `prefersHighDynamicRange`, then `Image(uiImage:)` with `allowedDynamicRange(.constrainedHigh)`). Added to an app target with the rest
/// of the emit folder, the files are bundle resources at the top of the bundle, so each name is the asset
/// key (its `/` written as `_`) and the device id: unique in a build, or the build refuses to emit. The
/// generated Swift names each target's file (`Target.hdrResourceName`) and its `HeroHeader` loads it.
///
/// The folder belongs to FullBleed: files in it that the current build does not emit are removed.
public enum HDRResourceEmitter {
    /// One Ultra HDR hero of one device target.
    struct Resource: Equatable {
        var deviceID: String
        /// The output it is linked to, relative to the output folder.
        var source: String
        /// The file name in the bundle (and in `OUT/<folder>/HDR`).
        var name: String
    }

    /// The Ultra HDR heroes of `asset`, in target order: per device target, the plain derivative of the
    /// largest scale whose JPEG carries a gain map.
    static func resources(of asset: AssetRecord) -> [Resource] {
        var result: [Resource] = []
        for target in asset.targets where target.kind == .device {
            guard let device = target.device else { continue }
            let candidates = target.derivatives.filter { $0.kind == .plain }.compactMap { derivative -> (scale: Int, file: FileRecord)? in
                guard let file = derivative.files.first(where: { $0.imageFormat == .jpeg && $0.gainMap != nil }) else { return nil }
                return (derivative.scale ?? 1, file)
            }
            // The largest scale; `max(by:)` keeps the first of equal scales (pipeline order).
            guard let best = candidates.max(by: { $0.scale < $1.scale }) else { continue }
            let stem = asset.key.split(separator: "/", omittingEmptySubsequences: false).joined(separator: "_")
            result.append(Resource(deviceID: device.id, source: best.file.path, name: stem + "-" + device.id + ".jpg"))
        }
        return result
    }

    /// The plan, in memory (`EmitPlan.collect`).
    public static func plan(manifest: Manifest, spec: PipelineSpec) throws -> EmitPlan {
        try EmitPlan.collect(Walk(spec: spec), records: EmitRecords(manifest))
    }

    /// One hard link per resource (none for an SDR build, which makes no `HDR` folder and removes the
    /// files of an earlier HDR build). Throws a `ConfigError` when two assets' resources would share a name
    /// (case-insensitively, as the bundle's file system may be).
    struct Walk: Emitter {
        let folder: String
        private var names = ClaimedNames()

        init(spec: PipelineSpec) { folder = spec.emit.hdrResourcesPath }

        var ownedFolder: String? { folder }

        mutating func add(_ asset: AssetRecord, ordinal: Int, records: EmitRecords) throws -> EmitPart {
            var part = EmitPart()
            guard asset.deliversImages else { return part }
            for resource in resources(of: asset) {
                if let owner = names.claim(resource.name.lowercased(), for: ordinal), let other = try records.record(owner),
                   resources(of: other).contains(where: { $0.name.lowercased() == resource.name.lowercased() }) {
                    throw ConfigError(location: "$.emit", message: "the HDR hero \(resource.name) of \(asset.source.path) has the name of one of \(other.source.path)'s; rename one of the photos")
                }
                part.files.append(EmittedFile(path: folder + "/" + resource.name, content: .copy(of: resource.source)))
            }
            return part
        }
    }
}
