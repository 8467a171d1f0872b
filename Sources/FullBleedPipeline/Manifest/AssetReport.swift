import Foundation
import FullBleedCore

/// One asset's analysis report (`build --report`, the file `AssetRecord.report` names, by default
/// `<asset>/analysis.json`): what was measured to reach the manifest's recommendations, for people and
/// tools that check them; apps need none of it. Deterministic JSON like the manifest.
/// JSON Schema: `Pipelines/schema/analysis.schema.json`.
public struct AssetReport: Sendable, Codable, Equatable {
    public static let currentSchemaVersion = 1
    /// The `{variant}` and `{ext}` the naming template gets for the report's path.
    public static let variantName = "analysis"
    public static let fileExtension = "json"
    public static let mimeType = "application/json"

    public var schemaVersion: Int
    /// The asset's key and source path, as in the manifest.
    public var key: String
    public var source: String
    /// What the photo is about, found once for every target (`attention` crops keep them whole and, where
    /// they can, below the toolbar band; the box they judge is the manifest's `subjectBox`); nil when none
    /// was found.
    public var subjects: [SubjectRecord]?
    public var targets: [TargetReport]

    public init(key: String, source: String, subjects: [SubjectRecord]?, targets: [TargetReport]) {
        schemaVersion = Self.currentSchemaVersion
        self.key = key
        self.source = source
        self.subjects = subjects
        self.targets = targets
    }

    /// The report of the target named `name`.
    public func target(named name: String) -> TargetReport? { targets.first { $0.name == name } }

    /// Deterministic JSON, like the manifest's.
    public func encoded() throws -> [UInt8] { try DeterministicJSON.encode(self) }

    public static func decode(_ bytes: [UInt8]) throws -> AssetReport {
        try JSONDecoder().decode(AssetReport.self, from: Data(bytes))
    }
}

/// One target's analysis.
public struct TargetReport: Sendable, Codable, Equatable {
    public var name: String
    /// The share of the photo's figure mass (`SaliencyMap.objectness`) the chosen crop shows, the part
    /// under the toolbar band counted at 0.25 (0...1, higher is better; `CropPlan.score`), six decimals.
    public var cropScore: Double
    /// Every glyph region's measurements (luminance percentiles, contrast both ways, busy verdicts, the
    /// scrim each tone needs), the full recommendation they lead to and the analysis parameters; nil
    /// when the target is not analysed.
    public var legibility: ToolbarAnalysis?
    /// The background extension's geometry per tier (blur sigma and kernel, lengths, parameters); nil
    /// without an extension.
    public var extensions: [ExtensionReport]?
}

/// The background extension of one tier, as rendered.
public struct ExtensionReport: Sendable, Codable, Equatable {
    public var tier: String
    public var geometry: ExtensionGeometry
}
