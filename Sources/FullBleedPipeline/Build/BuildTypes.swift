import Foundation
import FullBleedCodecs

/// What `fullbleed build` was asked to do.
public struct BuildOptions: Sendable {
    public var inputs: [String]
    public var outputPath: String
    public var jobs: Int
    /// Write nothing; report what is stale or missing.
    public var check: Bool
    /// Rebuild every asset even when unchanged.
    public var force: Bool
    public var shard: Shard?
    public var followSymlinksOutside: Bool
    /// Also write `preview.html` (with the source thumbnails made from each build's own decode).
    public var preview: Bool = false
    /// Also write each asset's analysis report (`AssetReport`, `--report`).
    public var report: Bool = false
    /// Whether assets get their analysis report: asked for, or needed by the preview page (its region
    /// table and outlines come from the reports).
    public var writesReports: Bool { report || preview }
    /// `--memory-budget`: photos start only while their estimated working memory, together, stays within
    /// this many bytes (`MemoryBudget`); nil: only `jobs` limits them.
    public var memoryBudgetBytes: Int?
    /// When another build holds the output folder's lock: wait for it (the default) or fail with exit 4.
    public var waitForLock: Bool = true
    /// `--emit none`: emit nothing, remove what earlier builds emitted into the folder, and forget it (a
    /// later build without `--emit` then emits nothing).
    public var forgetsEmitted: Bool = false
    /// `--emit-dir` was given: it wins over the folder an earlier build emitted into.
    public var emitFolderGiven: Bool = false
    /// Simulated disk faults for the output folder (tests only, through `@testable import`).
    var writeFaults: WriteFaults?

    public init(inputs: [String], outputPath: String, jobs: Int = ParallelRunner.defaultJobs, check: Bool = false,
                force: Bool = false, shard: Shard? = nil, followSymlinksOutside: Bool = false) {
        self.inputs = inputs
        self.outputPath = outputPath
        self.jobs = jobs
        self.check = check
        self.force = force
        self.shard = shard
        self.followSymlinksOutside = followSymlinksOutside
    }
}

/// Progress of a build, delivered in order on one thread at a time.
public enum BuildEvent: Sendable {
    /// `total` assets in this build (shard), of which `toBuild` must be (re)built; `bytesToBuild` is the sum of
    /// their file sizes (for an estimate of the work left).
    case started(total: Int, toBuild: Int, bytesToBuild: Int)
    /// A photo's header was read and its build begins (`megapixels`: width x height of the header / 10^6,
    /// `bytes`: its file size). Photos that fail before their header is read have no such event.
    case assetStarted(path: String, megapixels: Double, bytes: Int)
    /// A photo finished: built, skipped or failed.
    case asset(AssetEvent)
    /// A non-fatal note (skipped symlink, removed stale output).
    case note(String)
    case finished(BuildSummary)
}

public struct AssetEvent: Sendable {
    /// `built`: every target has at least one picture; `partial`: at least one picture, but some target has
    /// none of its own (`targetsWithoutImage`; the generated views fall back to another target's image);
    /// `skipped`: built without error but no tier could be made (the source is too small for every tier;
    /// `reason` says why); `failed`: `error` says why.
    public enum Status: String, Sendable { case built, partial, skipped, unchanged, failed }
    /// 1-based position among the assets that were processed (built, skipped or failed).
    public var done: Int
    public var toBuild: Int
    public var path: String
    public var status: Status
    public var megapixels: Double
    public var seconds: Double
    public var error: String?
    /// The source's file size.
    public var bytes: Int = 0
    /// With `skipped`: why no picture was delivered, one line (`AssetRecord.skipReason`).
    public var reason: String? = nil
    /// With `built`: what needs a person's look (`AssetRecord.review`); nil when nothing does.
    public var review: [String]? = nil
    /// With `built` and `partial`: each tier that was skipped, upscaled or made with less stretch headroom,
    /// in pipeline order (a skipped photo has its one `reason` instead).
    public var tierNotes: [TierNote] = []
    /// With `partial`: the targets that have no picture of their own, in pipeline order.
    public var targetsWithoutImage: [String] = []
}

/// One tier that is not made as planned: skipped (the source is too small and the pipeline does not
/// upscale), upscaled, or made with less stretch headroom than the pipeline asks for.
public struct TierNote: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case skipped
        case upscaled
        case reducedHeadroom = "reduced-headroom"
    }
    /// The target's name, e.g. `iphone-17-pro`.
    public var target: String
    /// The tier's label, e.g. `@3x` or `860w`.
    public var tier: String
    public var kind: Kind
    /// Why, one line: `@3x 1320x1200 skipped: the crop is only 1181x1074 (would need 1.12x upscaling)`.
    public var message: String

    public init(target: String, tier: String, kind: Kind, message: String) {
        self.target = target
        self.tier = tier
        self.kind = kind
        self.message = message
    }
}

/// The counts add up: `built + unchanged + skipped + failed == total` (with `--check`, `built` and
/// `skipped` are 0 and `unchanged` counts every up-to-date asset).
public struct BuildSummary: Sendable {
    public var total: Int
    /// Assets (re)built that delivered at least one picture (`partial` ones included).
    public var built: Int
    /// Of `built`, the assets with a target that has no picture of its own (`AssetEvent.Status.partial`).
    public var partial: Int = 0
    /// Tiers of the `built` assets that were skipped, upscaled or made with less headroom (`TierNote`).
    public var tierNotes: Int = 0
    /// Assets reused from the previous build that deliver at least one picture.
    public var unchanged: Int
    /// Assets, rebuilt or reused, that deliver no picture (`AssetRecord.skipReason`): not a failure.
    public var skipped: Int = 0
    public var failed: Int
    /// Output files removed because their source is gone or no longer produces them.
    public var removed: Int
    /// With `--check`: sources to (re)build, recorded failures that still fail, and outputs to write or remove.
    public var stale: [StaleEntry]
    /// With `--check`: of the `stale` entries, the sources built (or failed) before that changed, and the
    /// sources never built. Recorded failures that still fail are counted in `failed`.
    public var staleSources = 0
    public var newSources = 0
    public var megapixels: Double
    public var seconds: Double
    /// Where the manifest was written (nil with `--check`).
    public var manifestPath: String?
    public var failures: [FailureRecord]
    /// The preview page written with `preview` (nil otherwise).
    public var preview: PreviewWriter.Result?
    /// Photos finished by an interrupted build and taken over (neither rebuilt nor counted in `built`).
    public var resumed: Int = 0
    /// Assets in the manifest that deliver pictures (built, unchanged or resumed); 0 with `--check`.
    public var heroes: Int = 0
    /// How many assets of the manifest have heroes that need a person's look (`AssetRecord.review`); 0 with
    /// `--check`.
    public var reviewCount: Int = 0
    /// The first `BuildRunner.reviewListed` of those assets in manifest order (by source path), with their
    /// reasons; the rest are in the manifest and the preview. A build of many photos holds no more than these.
    public var review: [(path: String, reasons: [String])] = []
}


/// One thing `--check` found out of date: `path` (relative to the output folder, or a source path) and what a
/// build would do about it.
public struct StaleEntry: Sendable, Equatable, CustomStringConvertible {
    public enum State: String, Sendable {
        /// Built before; its source, sidecar, pipeline or output changed: a build remakes it.
        case stale
        /// Never built (or missing from the folder): a build makes it.
        case missing
        /// The manifest records its failure and its source and sidecar are the same as when it failed: a
        /// build tries it again and it fails again (exit 1, 0 with `--allow-failures`).
        case failed
        /// An output nothing makes any more (of a deleted source, no longer emitted): a build removes it.
        case removed
    }

    public var path: String
    public var state: State
    /// Why, one line: the recorded error of a failure, what changed, why an output goes; nil when the state says it all.
    public var reason: String?

    public init(_ path: String, _ state: State, reason: String? = nil) {
        self.path = path
        self.state = state
        self.reason = reason
    }

    /// `beach.jpg: stale`, `bad.jpg: failed (decode failed (jpeg): Premature end of JPEG file)`,
    /// `old-jpg/x.jpg: output of a deleted source`.
    public var description: String {
        switch (state, reason) {
        case (.removed, let reason?): "\(path): \(reason)"
        case (_, let reason?): "\(path): \(state.rawValue) (\(reason))"
        case (_, nil): "\(path): \(state.rawValue)"
        }
    }
}
