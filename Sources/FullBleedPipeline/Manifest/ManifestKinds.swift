import FullBleedCodecs
import FullBleedCore

/// What a target is made for.
public enum TargetKind: String, Sendable, Codable, Hashable {
    /// An iOS device class (points, scale tiers, the toolbar band).
    case device
    /// A web page (pixel widths, no toolbar).
    case web
}

/// Which picture a derivative file holds.
public enum DerivativeKind: String, Sendable, Codable, Hashable {
    /// The hero as delivered.
    case plain
    /// The hero with the recommended top gradient baked in (for apps that cannot draw it live).
    case scrim
}

/// What became of a planned derivative tier (`Derivative.Status`).
public enum DerivativeStatus: String, Sendable, Codable, Hashable {
    /// Made at the planned pixel size with the planned stretch headroom.
    case exact
    /// Made with less stretch headroom than planned (the source is too small for all of it).
    case reducedHeadroom = "reduced-headroom"
    /// Made larger than the source allows (the pipeline's `"upscale": "upscale"`).
    case upscaled
    /// Not made: the source is too small and the pipeline does not upscale.
    case skipped

    public init(_ status: Derivative.Status) {
        switch status {
        case .exact: self = .exact
        case .reducedHeadroom: self = .reducedHeadroom
        case .upscaled: self = .upscaled
        case .skipped: self = .skipped
        }
    }

    /// Whether a picture (and files) exist for the tier.
    public var isProduced: Bool { self != .skipped }
}

/// A part of a baked background extension: the whole canvas, or one edge's strip alone. Encoded as
/// `"canvas"` and `"strip-leading"`, `"strip-trailing"`, `"strip-top"`, `"strip-bottom"`.
public enum ExtensionPart: Sendable, Hashable, Codable, CustomStringConvertible {
    case canvas
    case strip(ExtensionEdge)

    public var description: String {
        switch self {
        case .canvas: return "canvas"
        case .strip(let edge): return "strip-\(edge.rawValue)"
        }
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text == "canvas" {
            self = .canvas
        } else if text.hasPrefix("strip-"), let edge = ExtensionEdge(rawValue: String(text.dropFirst(6))) {
            self = .strip(edge)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown extension part \"\(text)\""))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The step of a build at which a source failed.
public enum FailureStage: String, Sendable, Codable, Hashable {
    /// Its bytes could not be read.
    case read
    /// Its asset key collides with another source's.
    case naming
    /// Its sidecar file is unreadable or invalid.
    case sidecar
    /// The header could not be read (not an image, over the pixel limit, ...).
    case probe
    /// The derivative plan is impossible.
    case plan
    case decode
    /// The conversion to sRGB (`"color": "srgb"`) failed.
    case color
    /// The background extension could not be made.
    case `extension`
    case encode
    /// ThumbHash, BlurHash, average colour or palette could not be made.
    case placeholders
    /// Its outputs could not be written (full disk, ...).
    case write
    /// The external subject detector failed or answered badly (`SubjectDetectorError`).
    case detect

    /// The word in one-line errors: `photo.jpg: colour conversion failed: ...`.
    public var displayName: String { self == .color ? "colour conversion" : rawValue }
}

extension FailureStage {
    /// The stage a build error belongs to.
    public init(of error: Error) {
        switch error {
        case let error as ProcessingError: self = error.stage
        case is SubjectDetectorError: self = .detect
        case let error as CodecError:
            switch error.stage {
            case .probe: self = .probe
            case .decode: self = .decode
            case .encode: self = .encode
            }
        case let error as SystemError: self = error.operation == .read || error.operation == .list ? .read : .write
        case is ConfigError: self = .sidecar
        default: self = .decode
        }
    }
}

extension TargetRecord {
    /// The delivered tiers (made, not scrim variants), in record order.
    public var producedDerivatives: [DerivativeRecord] {
        derivatives.filter { $0.kind == .plain && $0.status.isProduced }
    }

    /// The tiers that were not made.
    public var skippedDerivatives: [DerivativeRecord] {
        derivatives.filter { $0.kind == .plain && !$0.status.isProduced }
    }

    /// The baked-gradient variant of `derivative`'s tier, if the build made one.
    public func scrimDerivative(for derivative: DerivativeRecord) -> DerivativeRecord? {
        derivatives.first { $0.kind == .scrim && $0.tier == derivative.tier }
    }

    /// The baked-gradient variants.
    public var scrimDerivatives: [DerivativeRecord] { derivatives.filter { $0.kind == .scrim } }

    /// The extension canvases (one per produced tier of an extended target).
    public var extensionCanvases: [ExtensionRecord] { (extensions ?? []).filter { $0.part == .canvas } }
}
