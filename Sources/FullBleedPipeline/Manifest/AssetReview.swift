import Foundation
import FullBleedCore

/// What in a built asset needs a person's look before its heroes ship: the manifest's `review`, a list of
/// reasons in plain words, each naming the targets it applies to (`iphone-17-pro, ipad-pro-13: subject
/// uncertain (confidence 0.14)`). Absent when nothing needs a look, or when a person confirmed the heroes
/// of these very bytes (the sidecar's `"reviewed": {"sha256": ...}` equal to the photo's SHA-256: the
/// manifest then says `"reviewed": true`).
///
/// The reasons:
/// - every crop whose `subjectClearsToolbar` is false, by what its reason says: `no subject found`,
///   `subject uncertain (confidence c)`, `subject cut by the crop` / `subject larger than the crop`,
///   `subject may extend past its box` (the box is whole and clear, the margin its detector leaves is not:
///   `SubjectExtent`), `the person below the face may be cut by the crop` (a face is whole and clear, the
///   body it may have is not), `subject may be cut by the crop (a salient region of confidence c may reach
///   past it)` (another confident region's box is whole, the margin its detector leaves is not), `subject
///   may be cut by the crop (it cuts through another salient figure, which may belong to the subject)`, or
///   `subject under the band` (with the crop's reason in parentheses when it says more, e.g. the zoom the
///   band would need);
/// - a baked top scrim that is not subtle: a white one changing the band by more than
///   `whiteScrimLightnessChange` L*, any one by more than `scrimLightnessChange` L* (the largest
///   `bandLightnessChange` of the target's `-scrim` tiers, measured on the delivered pixels);
/// - a hard scroll edge (`scrollEdgeEffectReason`: `no scrim stays subtle`, `cluttered band`).
/// - when the sidecar's `reviewed` names other bytes and something else needs a look: `the photo changed
///   since it was reviewed`, first.
public enum AssetReview {
    /// A baked white scrim changing the band by more than this mean CIE L* (0-100) is a veil over the photo.
    public static let whiteScrimLightnessChange = 5.0
    /// Any baked scrim changing the band by more than this mean CIE L* is not subtle (a gradient that strong is
    /// baked only under a pipeline text box, or where a pipeline raises `hardEdgeLightnessChange`).
    public static let scrimLightnessChange = ToolbarAnalysisParameters.subtleScrimLightnessChange

    /// The reasons `targets` need a look, grouped by reason (targets in their order, reasons in order of first
    /// appearance; an unsubtle scrim once per colour, with the largest change); empty when nothing does.
    public static func reasons(_ targets: [TargetRecord]) -> [String] {
        var order: [String] = []
        var names: [String: [String]] = [:]
        func add(_ reason: String, _ target: String) {
            if names[reason] == nil { order.append(reason) }
            names[reason, default: []].append(target)
        }
        var scrims: [(color: ScrimColor, change: Double, target: String)] = []
        for target in targets {
            if let crop = cropReason(target.crop) { add(crop, target.name) }
            if let scrim = unsubtleScrim(target) { scrims.append((scrim.color, scrim.change, target.name)) }
            if let edge = target.recommendation?.scrollEdgeEffectReason { add("hard scroll edge (\(edge.rawValue))", target.name) }
        }
        for color in [ScrimColor.white, .black] {
            let these = scrims.filter { $0.color == color }
            guard let largest = these.map(\.change).max() else { continue }
            let limit = color == .white ? whiteScrimLightnessChange : scrimLightnessChange
            let reason = "the \(color.rawValue) scrim is not subtle (it changes the band by \(these.count > 1 ? "up to " : "")"
                + "\(String(format: "%.1f", largest)) L*, more than \(Int(limit)))"
            for scrim in these { add(reason, scrim.target) }
        }
        return order.map { "\(names[$0]!.joined(separator: ", ")): \($0)" }
    }

    /// The target's baked top scrim when it is not subtle: its colour and the largest `bandLightnessChange`
    /// of its `-scrim` tiers; nil when it is subtle or none is baked.
    static func unsubtleScrim(_ target: TargetRecord) -> (color: ScrimColor, change: Double)? {
        guard let change = target.derivatives.filter({ $0.kind == .scrim }).compactMap(\.bandLightnessChange).max(),
              let color = target.recommendation?.scrim?.color else { return nil }
        return change > (color == .white ? whiteScrimLightnessChange : scrimLightnessChange) ? (color, change) : nil
    }

    /// The crop's verdict as a review reason; nil when the subject is whole and clear of the band.
    static func cropReason(_ crop: CropRecord) -> String? {
        guard !crop.subjectClearsToolbar else { return nil }
        let reason = crop.subjectClearsToolbarReason ?? "no subject found"
        let named = ["no subject found", "subject uncertain", "subject cut", "subject larger than the crop", "subject under the band",
                     CropPlanner.subjectMayExtendReason, CropPlanner.personMayBeCutReason, CropPlanner.regionMayBeCutReason]
        return named.contains { reason.hasPrefix($0) } ? reason : "subject under the band (\(reason))"
    }

    /// The record's `review` and `reviewed` for the sidecar's `reviewed` digest (nil: none given).
    static func judged(_ record: AssetRecord, reviewedSHA256: String?) -> (review: [String]?, reviewed: Bool) {
        if let reviewedSHA256, reviewedSHA256 == record.source.sha256 { return (nil, true) }
        var reasons = reasons(record.targets)
        guard !reasons.isEmpty else { return (nil, false) }
        if reviewedSHA256 != nil { reasons.insert("the photo changed since it was reviewed", at: 0) }
        return (reasons, false)
    }
}

extension AssetRecord {
    /// The record with its `review` and `reviewed` set from its targets and the sidecar's `reviewed` digest.
    func reviewed(sidecarSHA256 digest: String?) -> AssetRecord {
        var record = self
        (record.review, record.reviewed) = AssetReview.judged(self, reviewedSHA256: digest)
        return record
    }
}
