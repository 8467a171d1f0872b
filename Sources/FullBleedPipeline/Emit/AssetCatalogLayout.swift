import FullBleedCodecs

/// How one built asset maps onto Xcode image sets: which sets exist, which file fills which slot, and which
/// set each device target's images are in. Shared by the asset catalog and the generated Swift, so the
/// image names in the Swift file are exactly the catalog's.
///
/// Rules:
/// - Device targets map to idioms by their device class: `ipad-*` to `ipad`, every other device to
///   `iphone`; tiers fill the `1x`/`2x`/`3x` slots of their scale. Web targets are left out (their widths
///   have no scale slot).
/// - The first device target of each idiom, in pipeline order, fills the hero set named after the asset key
///   (so `ios-hero`'s iPhone 17 Pro Max and iPad Pro share `lomiri_Bridge-jpg`). Every further target of
///   an idiom already taken gets its own set, `<key>-<device id>` (`lomiri_Bridge-jpg-iphone-17-pro`).
/// - With `bakedSets` (`--emit baked-sets`), baked-gradient derivatives go to `<set>-scrim`,
///   background-extension canvases to `<set>-extended`; without it (the default) neither is in the catalog:
///   the generated views draw the gradient live and extend the hero with `backgroundExtensionEffect()`.
///   Extension strips stay out of the catalog (the manifest lists them for custom layouts).
/// - Every set also has a `universal` entry (1x/2x/3x), filled with the images of its first idiom in
///   pipeline order (the hero set: the first iPhone target; an `-extended` set: its iPad target), so the
///   name finds an image on every device: the other idiom, Mac Catalyst, visionOS. Xcode prefers the
///   idiom's own slot where one is filled.
/// - Sets that would hold no file (every tier skipped, no scrim needed) are not made.
/// - An Ultra HDR JPEG (a `"hdr": "keep"` pipeline over a source with a gain map) fills its slot with its
///   SDR base, the gain map stripped (`EmittedFile.Content.baseRendition`): the catalog is SDR, and the
///   generated Swift loads the HDR file from the bundle instead (`HDRResourceEmitter`).
/// - A Display P3 derivative (a P3 source with `"color": "keep"`) fills both the `sRGB` and `display-P3`
///   gamut slots with the same file, as Xcode's "sRGB and Display P3" gamut setting lays them out; any
///   other colour space uses Xcode's default "Any" gamut slots.
/// - The asset key's folders become catalog groups that provide a namespace, so the image name of
///   `trip/Beach-jpg` is `trip/Beach-jpg`, as `UIImage(named:)` and `Image(_:)` take it.
struct AssetCatalogLayout {
    struct Slot: Equatable {
        var idiom: String
        var scale: Int
        /// `"sRGB"` or `"display-P3"`, nil for the "Any" gamut.
        var gamut: String?
        /// The output the slot's image is copied from (relative to the output folder), nil for an empty slot.
        var source: String?
        /// The image's file name inside the image set.
        var fileName: String?
        /// Whether `source` is an Ultra HDR JPEG: the catalog gets its SDR base (docs/hdr.md).
        var sourceCarriesGainMap = false
    }

    struct ImageSet: Equatable {
        /// The image name (the asset key plus a suffix), `/`-separated when the key has folders.
        var name: String
        var slots: [Slot]
    }

    /// The image names of one device target.
    struct TargetImages: Equatable {
        var targetName: String
        var deviceID: String
        var idiom: String
        var hero: String?
        var scrim: String?
        var extended: String?
    }

    var imageSets: [ImageSet]
    var targets: [TargetImages]

    /// The standard scale slots Xcode shows for an idiom.
    static func standardScales(of idiom: String) -> [Int] { idiom == "ipad" ? [1, 2] : [1, 2, 3] }

    static func idiom(ofDevice id: String) -> String { id.hasPrefix("ipad") ? "ipad" : "iphone" }

    /// - Parameters:
    ///   - imageFormat: the format whose files fill the slots (`jpeg` or `png`); nil takes each
    ///     derivative's first file (enough for names, as the Swift emitter needs).
    ///   - displayP3: whether the derivatives are Display P3.
    ///   - bakedSets: whether the `-scrim` and `-extended` sets are made (`EmitSpec.bakedSets`).
    init(asset: AssetRecord, imageFormat: String?, displayP3: Bool, bakedSets: Bool) {
        // Set name -> idioms in first-use order, and the filled slots.
        var order: [String] = []
        var idiomsBySet: [String: [String]] = [:]
        var filled: [String: [SlotKey: (source: String, fileName: String, gainMap: Bool)]] = [:]
        func add(_ set: String, idiom: String, scale: Int, file: FileRecord, fileName: String) {
            if idiomsBySet[set] == nil { order.append(set); idiomsBySet[set] = [] }
            if !idiomsBySet[set]!.contains(idiom) { idiomsBySet[set]!.append(idiom) }
            filled[set, default: [:]][SlotKey(idiom: idiom, scale: scale)] = (file.path, fileName, file.gainMap != nil)
        }
        func chosenFile(_ files: [FileRecord]) -> FileRecord? {
            imageFormat.map { format in files.first { $0.imageFormat?.rawValue == format } } ?? files.first
        }
        func fileName(_ stem: String, _ file: FileRecord) -> String {
            stem + "." + (file.imageFormat?.fileExtension ?? "bin")
        }

        var takenIdioms: Set<String> = []
        var targetImages: [TargetImages] = []
        for target in asset.targets {
            guard target.kind == .device, let device = target.device else { continue }
            let idiom = Self.idiom(ofDevice: device.id)
            let base = takenIdioms.insert(idiom).inserted ? asset.key : asset.key + "-" + device.id
            var images = TargetImages(targetName: target.name, deviceID: device.id, idiom: idiom)
            var plainVariantByTier: [String: (variant: String, scale: Int)] = [:]
            for derivative in target.derivatives {
                let scale = derivative.scale ?? 1
                let isScrim = derivative.kind == .scrim
                if !isScrim { plainVariantByTier[derivative.tier] = (target.variant(of: derivative), scale) }
                guard bakedSets || !isScrim, let file = chosenFile(derivative.files) else { continue }
                let set = isScrim ? base + "-scrim" : base
                add(set, idiom: idiom, scale: scale, file: file, fileName: fileName(target.variant(of: derivative), file))
                if isScrim { images.scrim = set } else { images.hero = set }
            }
            for canvas in bakedSets ? target.extensionCanvases : [] {
                guard let file = chosenFile(canvas.files), let tier = plainVariantByTier[canvas.tier] else { continue }
                let set = base + "-extended"
                add(set, idiom: idiom, scale: tier.scale, file: file, fileName: fileName(VariantName.extensionCanvas(of: tier.variant), file))
                images.extended = set
            }
            targetImages.append(images)
        }

        let gamuts: [String?] = displayP3 ? ["sRGB", "display-P3"] : [nil]
        imageSets = order.map { name in
            // The universal fallback: a copy of the first idiom's slots.
            let first = idiomsBySet[name]![0]
            for (key, file) in filled[name]! where key.idiom == first {
                filled[name]![SlotKey(idiom: Self.universal, scale: key.scale)] = file
            }
            var slots: [Slot] = []
            for idiom in ([Self.universal] + idiomsBySet[name]!).sorted(by: { Self.idiomOrder($0) < Self.idiomOrder($1) }) {
                let used = filled[name]!.keys.filter { $0.idiom == idiom }.map(\.scale)
                for scale in Set(Self.standardScales(of: idiom) + used).sorted() {
                    let file = filled[name]![SlotKey(idiom: idiom, scale: scale)]
                    for gamut in gamuts {
                        slots.append(Slot(idiom: idiom, scale: scale, gamut: gamut, source: file?.source, fileName: file?.fileName,
                                          sourceCarriesGainMap: file?.gainMap ?? false))
                    }
                }
            }
            return ImageSet(name: name, slots: slots)
        }
        targets = targetImages
    }

    /// The idiom every device falls back to.
    static let universal = "universal"

    /// Xcode lists universal slots first, then iPhone, then iPad.
    private static func idiomOrder(_ idiom: String) -> Int { idiom == universal ? 0 : idiom == "iphone" ? 1 : idiom == "ipad" ? 2 : 3 }

    private struct SlotKey: Hashable {
        var idiom: String
        var scale: Int
    }
}
