/// The typed steps of one asset's build, in the order they run (`AssetPlan.steps` lists those a pipeline
/// needs; the manifest records the ones that ran). `fullbleed inspect` runs the same plan up to `encode`.
public enum BuildStep: String, Sendable, Codable, Hashable, CaseIterable, Comparable {
    /// Decode once (shrink-on-load to the largest size any target needs), orientation applied.
    case decode
    /// Convert to sRGB (`"color": "srgb"`); absent when the pipeline keeps the source profile.
    case color
    /// Find the subject and plan each target's crop.
    case crop
    /// Resample every produced tier from the crop.
    case tiers
    /// Measure the toolbar band and text boxes; recommend glyphs, scrim and scroll edge.
    case analyse
    /// Bake the recommended gradient into `-scrim` variants.
    case bake
    /// Render the background extension canvases (and cut their strips).
    case extend
    /// Carry the source's HDR gain map to every tier, scrim and extension picture (`"hdr": "keep"` and a
    /// source with a gain map): cropped, resampled in the log domain, removed under the glyph regions.
    case gainMap = "gain-map"
    /// Encode every picture into the pipeline's output formats.
    case encode
    /// ThumbHash, BlurHash, average colour, palette.
    case placeholders
    /// The asset's analysis report (`--report`, `AssetReport`); the manifest names it in `report`, not here.
    case report
    /// A small sRGB JPEG of the source for the preview page (`--preview`); not recorded in the manifest.
    case previewThumbnail = "preview-thumbnail"

    public static func < (lhs: BuildStep, rhs: BuildStep) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
