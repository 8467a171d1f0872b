import Foundation
import FullBleedCodecs

/// One file an emitter wants in the output folder.
public struct EmittedFile: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// These exact bytes.
        case bytes([UInt8])
        /// The same bytes as another output (a path relative to the output folder): hard-linked when the file
        /// system allows it, copied otherwise.
        case copy(of: String)
        /// The SDR base of another output that is an Ultra HDR JPEG (a path relative to the output folder):
        /// its bytes without the gain map (`Codecs.standardDynamicRangeJPEG(strippingGainMapFrom:)`).
        case baseRendition(of: String)
    }

    /// Relative to the output folder.
    public var path: String
    public var content: Content
}

/// What one emitter makes, held in memory: its files in writing order (its streamed file last), and the
/// folder it owns entirely (every other file in it is stale and removed), if any. A pure function of the
/// records and the pipeline's settings, so the same build gives the same bytes. Builds do not make these
/// (`EmitSession` streams the same files to the output folder); tests and tools that hold a manifest do.
public struct EmitPlan: Sendable, Equatable {
    public var files: [EmittedFile]
    /// A folder relative to the output folder that only this emitter writes to, or nil.
    public var ownedFolder: String?

    /// The plans of every emitter `spec.emit` enables, for the build that `manifest` records; throws the
    /// `ConfigError` a build would (clashing names, outputs inside an emit folder).
    public static func plans(manifest: Manifest, spec: PipelineSpec) throws -> [EmitPlan] {
        try EmitSession.collect(spec: spec, records: EmitRecords(manifest))
    }

    /// One emitter's walk over `records`, collected.
    static func collect(_ emitter: some Emitter, records: EmitRecords) throws -> EmitPlan {
        try EmitSession.collect([emitter], records: records, spec: nil)[0]
    }
}
