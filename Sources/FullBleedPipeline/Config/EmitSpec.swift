import Foundation

/// What a build writes for an app project besides the images (`"emit"` in a pipeline, `--emit` on the
/// command line): an Xcode asset catalog and a Swift source file, both pure functions of the manifest.
///
/// The emit settings are left out of the pipeline's content hash: they change no pixel, so turning them on
/// or renaming the catalog never re-encodes anything. The emitted files are compared with what is on disk
/// after every build and rewritten only when their content differs.
public struct EmitSpec: Sendable, Hashable {
    /// What can be emitted.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `OUT/<catalogName>`: one image set per hero, scrim variant and extension canvas.
        case xcassets
        /// `OUT/<swiftTypeName>.swift`: a value per hero with image names, recommendation and layout numbers.
        case swift
    }

    public var xcassets: Bool
    public var swift: Bool
    /// Folder name of the asset catalog inside the output folder, ending in `.xcassets`.
    public var catalogName: String
    /// Name of the generated Swift namespace (an `enum`); the file is `<swiftTypeName>.swift`.
    public var swiftTypeName: String

    public static let defaultCatalogName = "Heroes.xcassets"
    public static let defaultSwiftTypeName = "Heroes"
    public static let `default` = EmitSpec(xcassets: false, swift: false, catalogName: defaultCatalogName,
                                           swiftTypeName: defaultSwiftTypeName)

    public init(xcassets: Bool, swift: Bool, catalogName: String, swiftTypeName: String) {
        self.xcassets = xcassets
        self.swift = swift
        self.catalogName = catalogName
        self.swiftTypeName = swiftTypeName
    }

    /// Whether anything is emitted.
    public var isEnabled: Bool { xcassets || swift }

    /// The generated Swift file, relative to the output folder.
    public var swiftFileName: String { swiftTypeName + ".swift" }

    /// Turns on `kinds` in addition to those already on (`--emit` is OR-ed with the pipeline).
    public mutating func enable(_ kinds: some Sequence<Kind>) {
        for kind in kinds {
            switch kind {
            case .xcassets: xcassets = true
            case .swift: swift = true
            }
        }
    }

    /// Parses a `--emit` value: a comma-separated list of kinds. Throws a message naming the bad value.
    public static func kinds(parsing text: String) throws -> [Kind] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        return try names.map { name in
            guard let kind = Kind(rawValue: name) else {
                throw ConfigError(location: "--emit", message: "expected a comma-separated list of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(name)\"")
            }
            return kind
        }
    }

    /// Parses the pipeline's `"emit"` object: `{"xcassets": true, "swift": true, "catalogName": "Heroes.xcassets",
    /// "swiftTypeName": "Heroes"}`, every field optional.
    static func parse(_ reader: inout JSONObjectReader) throws -> EmitSpec {
        var spec = EmitSpec.default
        spec.xcassets = try reader.bool("xcassets") ?? false
        spec.swift = try reader.bool("swift") ?? false
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
