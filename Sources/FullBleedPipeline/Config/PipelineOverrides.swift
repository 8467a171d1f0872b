import FullBleedCore

/// `fullbleed build --upscale POLICY --naming NAMING`: pipeline settings changed for one build without a copy
/// of the pipeline file. Each is written into the pipeline's JSON before it is validated, so a build with
/// `--upscale upscale` is the same build, with the same content hash, as one with a pipeline file that says
/// `"tiers": {"upscale": "upscale"}` (and reuses its outputs).
public struct PipelineOverrides: Sendable, Hashable {
    /// `tiers.upscale`: what to do with a tier larger than the crop.
    public var upscale: UpscalePolicy?
    /// `naming`: the output path template.
    public var naming: String?

    public init(upscale: UpscalePolicy? = nil, naming: String? = nil) {
        self.upscale = upscale
        self.naming = naming
    }

    /// The `--naming` shorthands: `hashed` puts the first 8 hex digits of each file's SHA-256 in its name
    /// (cache busting), `plain` is the default template.
    public static let namingShorthands: [(name: String, template: String)] = [
        ("plain", "{asset}/{variant}.{ext}"),
        ("hashed", "{asset}/{variant}.{hash}.{ext}"),
    ]

    /// Parses `--upscale`: `skip` or `upscale`.
    public static func upscale(parsing text: String) throws -> UpscalePolicy {
        guard let policy = UpscalePolicy(rawValue: text) else {
            throw ConfigError(location: "--upscale", message: "expects skip (leave out a tier larger than the crop, the default) or upscale (enlarge it, with a warning), found \"\(OneLine.escaped(text))\"")
        }
        return policy
    }

    /// Parses `--naming`: `plain`, `hashed`, or a template with `{asset}`, `{variant}`, `{ext}` and optionally `{hash}`.
    public static func naming(parsing text: String) throws -> String {
        if let shorthand = namingShorthands.first(where: { $0.name == text }) { return shorthand.template }
        do {
            try PipelineLoader.validateNaming(text, at: "--naming")
        } catch let error as ConfigError {
            throw ConfigError(location: "--naming", message: "expects plain, hashed or a template such as {asset}/{variant}.{hash}.{ext}: \(error.message), found \"\(OneLine.escaped(text))\"")
        }
        return text
    }

    /// `document` with the overridden fields set.
    func applied(to document: JSONValue) -> JSONValue {
        guard upscale != nil || naming != nil, case .object(var root) = document else { return document }
        if let upscale {
            var tiers: [String: JSONValue] = [:]
            if case .object(let fields)? = root["tiers"] { tiers = fields }
            tiers["upscale"] = .string(upscale.rawValue)
            root["tiers"] = .object(tiers)
        }
        if let naming { root["naming"] = .string(naming) }
        return .object(root)
    }
}
