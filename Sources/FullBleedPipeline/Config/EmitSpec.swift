import Foundation

/// What a build writes for an app project or a web page besides the images (`"emit"` in a pipeline, `--emit`
/// on the command line): an Xcode asset catalog, a Swift source file and `<picture>` snippets, all pure
/// functions of the manifest.
///
/// The emit settings are left out of the pipeline's content hash: they change no pixel, so turning them on
/// or renaming the catalog never re-encodes anything. The emitted files are compared with what is on disk
/// after every build and rewritten only when their content differs.
public struct EmitSpec: Sendable, Hashable, Codable {
    /// What can be emitted.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `OUT/<folder>/<catalogName>`: one image set per hero, scrim variant and extension canvas.
        case xcassets
        /// `OUT/<folder>/<swiftTypeName>.swift`: a value per hero with image names, recommendation and layout numbers.
        case swift
        /// `OUT/<htmlFolder>/<asset>.html`: one `<picture>` per asset's web target, plus `index.html` of them all.
        case html
        /// Not a file of its own: the asset catalog (`xcassets`, which it needs) also holds the baked
        /// `-scrim` and `-extended` image sets (`bakedSets`).
        case bakedSets = "baked-sets"
    }

    public var xcassets: Bool
    public var swift: Bool
    /// Whether the asset catalog also holds the baked variants: `<set>-scrim` (the recommended gradient drawn
    /// into the pixels) and `<set>-extended` (the iPad sidebar's background extension canvas); `"bakedSets"`,
    /// `--emit baked-sets`; default false. The generated views never use them (they draw the gradient live
    /// and mirror the hero with `backgroundExtensionEffect()`), so by default the catalog holds only the
    /// heroes; the derivatives themselves are written either way (the manifest lists them). Needs `xcassets`.
    public var bakedSets: Bool = false
    /// `<picture>` snippets for the web targets (`HTMLEmitter`).
    public var html: Bool = false
    /// The folder, relative to the output folder, of the HTML snippets and their `index.html`, and nothing
    /// else (`"htmlFolder"`, default `HTML`); the same rules as `folder`.
    public var htmlFolder: String = EmitSpec.defaultHTMLFolder
    /// The folder, relative to the output folder, that holds the catalog, the Swift file and (for HDR
    /// heroes) the `HDR` folder of Ultra HDR JPEGs they load, and nothing else (no derivative, manifest or preview), so it can be added to an Xcode project as it is
    /// (`--emit-dir`, `"folder"`; default `Xcode`). `/`-separated components of letters, digits, ' ', '-',
    /// '_' and '.', never `.` or `..`.
    public var folder: String
    /// Folder name of the asset catalog inside `folder`, ending in `.xcassets`.
    public var catalogName: String
    /// Name of the generated Swift namespace (an `enum`); the file is `<swiftTypeName>.swift`.
    public var swiftTypeName: String

    public static let defaultFolder = "Xcode"
    public static let defaultHTMLFolder = "HTML"
    public static let defaultCatalogName = "Heroes.xcassets"
    public static let defaultSwiftTypeName = "Heroes"
    public static let `default` = EmitSpec(xcassets: false, swift: false, catalogName: defaultCatalogName,
                                           swiftTypeName: defaultSwiftTypeName)

    public init(xcassets: Bool, swift: Bool, folder: String = defaultFolder, catalogName: String, swiftTypeName: String) {
        self.xcassets = xcassets
        self.swift = swift
        self.folder = folder
        self.catalogName = catalogName
        self.swiftTypeName = swiftTypeName
    }

    /// Whether anything is emitted.
    public var isEnabled: Bool { xcodeIsEnabled || html }

    /// Whether the Xcode folder is written (the catalog or the Swift file, and their HDR heroes).
    public var xcodeIsEnabled: Bool { xcassets || swift }

    /// The generated Swift file, relative to the output folder.
    public var swiftFileName: String { folder + "/" + swiftTypeName + ".swift" }

    /// The asset catalog folder, relative to the output folder.
    public var catalogPath: String { folder + "/" + catalogName }

    /// The folder of the Ultra HDR heroes the generated Swift loads from the app bundle
    /// (`HDRResourceEmitter`), relative to the output folder.
    public var hdrResourcesPath: String { folder + "/HDR" }

    /// Sets `folder` from `--emit-dir`; throws a message naming the bad value.
    public mutating func setFolder(_ text: String, at location: String) throws {
        folder = try Self.folder(parsing: text, at: location)
    }

    /// A valid folder inside the output folder, normalised (no empty components); throws a message naming the bad value.
    static func folder(parsing text: String, at location: String) throws -> String {
        guard isValidFolder(text) else {
            throw ConfigError(location: location, message: "expected a folder inside the output folder: '/'-separated names of letters, digits, ' ', '-', '_' or '.' (not '.' or '..'), found \"\(text)\"")
        }
        return text.split(separator: "/").joined(separator: "/")
    }

    /// The same settings with the kinds of `remembered` (what the output folder holds from earlier builds)
    /// turned on too; its folder and names apply when this spec emits nothing of its own and `keepsFolder`
    /// is false (no `--emit-dir`).
    public func including(_ remembered: EmitSpec, keepsFolder: Bool) -> EmitSpec {
        var merged = isEnabled || keepsFolder ? self : remembered
        merged.xcassets = xcassets || remembered.xcassets
        merged.swift = swift || remembered.swift
        merged.html = html || remembered.html
        merged.bakedSets = bakedSets || remembered.bakedSets
        return merged
    }

    /// Turns on `kinds` in addition to those already on (`--emit` is OR-ed with the pipeline).
    public mutating func enable(_ kinds: some Sequence<Kind>) {
        for kind in kinds {
            switch kind {
            case .xcassets: xcassets = true
            case .swift: swift = true
            case .html: html = true
            case .bakedSets: bakedSets = true
            }
        }
    }

    /// Throws a `ConfigError` at `location` when `bakedSets` is on without the catalog it adds to.
    public func validateBakedSets(at location: String) throws {
        guard bakedSets && !xcassets else { return }
        throw ConfigError(location: location, message: "baked-sets needs xcassets (the baked -scrim and -extended image sets go into the asset catalog)")
    }

    /// Parses a `--emit` value: a comma-separated list of kinds, or `none` (an empty list: emit nothing and
    /// remove what earlier builds emitted). Throws a message naming the bad value.
    public static func kinds(parsing text: String) throws -> [Kind] {
        if text.trimmingCharacters(in: .whitespaces) == "none" { return [] }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        return try names.map { name in
            guard let kind = Kind(rawValue: name) else {
                throw ConfigError(location: "--emit", message: "expected none or a comma-separated list of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(name)\"")
            }
            return kind
        }
    }

    /// Parses the pipeline's `"emit"` object: `{"xcassets": true, "bakedSets": false, "swift": true, "html": true,
    /// "folder": "Xcode", "htmlFolder": "HTML", "catalogName": "Heroes.xcassets", "swiftTypeName": "Heroes"}`,
    /// every field optional.
    static func parse(_ reader: inout JSONObjectReader) throws -> EmitSpec {
        var spec = EmitSpec.default
        spec.xcassets = try reader.bool("xcassets") ?? false
        spec.bakedSets = try reader.bool("bakedSets") ?? false
        try spec.validateBakedSets(at: reader.path("bakedSets"))
        spec.swift = try reader.bool("swift") ?? false
        spec.html = try reader.bool("html") ?? false
        if let folder = try reader.string("folder") { try spec.setFolder(folder, at: reader.path("folder")) }
        if let text = try reader.string("htmlFolder") { spec.htmlFolder = try Self.folder(parsing: text, at: reader.path("htmlFolder")) }
        if let name = try reader.string("catalogName") {
            guard isValidCatalogName(name) else {
                throw ConfigError(location: reader.path("catalogName"),
                                  message: "expected a folder name of letters, digits, '-', '_' or spaces ending in \".xcassets\", found \"\(name)\"")
            }
            spec.catalogName = name
        }
        if let name = try reader.string("swiftTypeName") {
            guard SwiftIdentifier.isValidTypeName(name) else {
                throw ConfigError(location: reader.path("swiftTypeName"),
                                  message: "expected a Swift type name (a letter or '_', then letters, digits or '_'; not a keyword), found \"\(name)\"")
            }
            spec.swiftTypeName = name
        }
        try reader.rejectUnknownKeys()
        return spec
    }

    /// A relative folder: 1-8 `/`-separated components of `[A-Za-z0-9 ._-]`, 1-64 characters each, not `.`
    /// or `..`, no leading or trailing space; not absolute; a trailing `/` is allowed.
    static func isValidFolder(_ text: String) -> Bool {
        guard !text.hasPrefix("/") else { return false }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let names = parts.last == "" ? parts.dropLast() : parts[...]
        guard !names.isEmpty, names.count <= 8 else { return false }
        return names.allSatisfy { name in
            guard !name.isEmpty, name.count <= 64, name != ".", name != "..", name.first != " ", name.last != " " else { return false }
            return name.unicodeScalars.allSatisfy { s in
                (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "_" || s == "-" || s == " " || s == "."
            }
        }
    }

    /// One path component: `[A-Za-z0-9 _-]+` then `.xcassets`, 1-64 characters before the suffix.
    static func isValidCatalogName(_ name: String) -> Bool {
        guard name.hasSuffix(".xcassets") else { return false }
        let stem = name.dropLast(".xcassets".count)
        guard !stem.isEmpty, stem.count <= 64, stem.first != " ", stem.last != " " else { return false }
        return stem.unicodeScalars.allSatisfy { s in
            (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "_" || s == "-" || s == " "
        }
    }
}
