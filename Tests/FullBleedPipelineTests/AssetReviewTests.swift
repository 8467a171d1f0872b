import Foundation
import Testing
@testable import FullBleedPipeline

/// The manifest's `review` (what needs a person's look) and its clearing by the sidecar's `reviewed`
/// digest (docs/review.md).
@Suite struct AssetReviewTests {
    static let photoSHA256 = String(repeating: "ab", count: 32)

    /// An asset record as a manifest entry (each target's definition inline), with one device target per
    /// (name, verdict reason or nil, scrim colour, baked band change).
    static func record(_ targets: [(name: String, reason: String?, scrim: String, change: Double)]) throws -> AssetRecord {
        let entries = targets.map { t in
            """
            {"name": "\(t.name)", "kind": "device", "aspectRatio": 1.005, "headroom": 1.25,
             "device": {"id": "iphone-17-pro", "widthPoints": 402, "heroHeightPoints": 400, "scale": 3, "toolbarBandPoints": 116, "collapseOffsetPoints": 284},
             "crop": {"x": 0, "y": 0, "width": 100, "height": 100, "mode": "attention", "subjectX": 50, "subjectY": 50,
                      "subjectClearsToolbar": \(t.reason == nil)\(t.reason.map { #", "subjectClearsToolbarReason": "\#($0)""# } ?? "")},
             "derivatives": [{"tier": "@3x", "width": 100, "height": 100, "files": [], "scrim": {"bandLightnessChange": \(t.change), "files": []}}],
             "recommendation": {"glyphColor": "\(t.scrim == "white" ? "black" : "white")", "scrollEdgeEffect": "soft", "busyRegions": [],
                                "scrim": {"color": "\(t.scrim)", "edge": "top", "opacity": 0.3, "heightPoints": 150, "heightFraction": 0.375, "stops": [[0, 0.3], [1, 0]]}}}
            """
        }
        let json = """
        {"key": "a-jpg", "source": {"path": "a.jpg", "sha256": "\(photoSHA256)", "bytes": 10, "format": "jpeg", "width": 100, "height": 100, "colorSpace": "srgb"},
         "warnings": [], "targets": [\(entries.joined(separator: ","))]}
        """
        return try JSONDecoder().decode(AssetRecord.self, from: Data(json.utf8))
    }

    @Test func reasonsNameTheirTargetsAndGroup() throws {
        let record = try Self.record([
            ("iphone-17-pro", "subject uncertain (confidence 0.14)", "white", 6.24),
            ("iphone-17-pro-max", "subject uncertain (confidence 0.14)", "white", 4.9),
            ("ipad-pro-13-landscape", "clearing the band needs zoom 1.72x, more than crop.maxZoom 1.5", "black", 12.5),
        ])
        #expect(AssetReview.reasons(record.targets) == [
            "iphone-17-pro, iphone-17-pro-max: subject uncertain (confidence 0.14)",
            "ipad-pro-13-landscape: subject under the band (clearing the band needs zoom 1.72x, more than crop.maxZoom 1.5)",
            "iphone-17-pro: the white scrim is not subtle (it changes the band by 6.2 L*, more than 5)",
            "ipad-pro-13-landscape: the black scrim is not subtle (it changes the band by 12.5 L*, more than 10)",
        ])
        // A clear subject under a subtle scrim (white up to 5 L*, black up to 10) needs no look.
        let fine = try Self.record([("iphone-17-pro", nil, "white", 5), ("ipad-pro-13-landscape", nil, "black", 9.9)])
        #expect(AssetReview.reasons(fine.targets).isEmpty)
        #expect(fine.reviewed(sidecarSHA256: nil).review == nil)
        for reason in ["no subject found", "subject cut by the crop", "subject larger than the crop", "subject under the band",
                       "subject may extend past its box", "the person below the face may be cut by the crop",
                       "subject may be cut by the crop (a salient region of confidence 0.45 may reach past it)"] {
            #expect(AssetReview.reasons(try Self.record([("web", reason, "black", 1)]).targets) == ["web: \(reason)"])
        }
    }

    @Test func aMatchingReviewedDigestClearsTheReviewAndAChangedPhotoBringsItBack() throws {
        let record = try Self.record([("iphone-17-pro", "no subject found", "black", 3)])
        let open = record.reviewed(sidecarSHA256: nil)
        #expect(open.review == ["iphone-17-pro: no subject found"] && !open.reviewed)
        let confirmed = record.reviewed(sidecarSHA256: Self.photoSHA256)
        #expect(confirmed.review == nil && confirmed.reviewed)
        let stale = record.reviewed(sidecarSHA256: String(repeating: "cd", count: 32))
        #expect(stale.review == ["the photo changed since it was reviewed", "iphone-17-pro: no subject found"] && !stale.reviewed)
        // The manifest form: `review` when something needs a look, `reviewed` only when true; both read back.
        let openJSON = String(decoding: try JSONEncoder().encode(open), as: UTF8.self)
        #expect(openJSON.contains(#""review":["iphone-17-pro: no subject found"]"#) && !openJSON.contains("reviewed"))
        let confirmedJSON = try JSONEncoder().encode(confirmed)
        #expect(String(decoding: confirmedJSON, as: UTF8.self).contains(#""reviewed":true"#))
        let back = try JSONDecoder().decode(AssetRecord.self, from: confirmedJSON)
        #expect(back.reviewed && back.review == nil)
        #expect(try JSONDecoder().decode(AssetRecord.self, from: JSONEncoder().encode(open)).review == open.review)
    }

    @Test func theSidecarsReviewedFieldIsValidated() throws {
        let digest = String(repeating: "0123456789ABCDEF", count: 4)
        let sidecar = try Sidecar.parse(Data(#"{"reviewed": {"sha256": "\#(digest)"}}"#.utf8))
        #expect(sidecar.reviewedSHA256 == digest.lowercased())
        let bad: [(String, String)] = [
            (#"{"reviewed": {"sha256": "abc"}}"#, "$.reviewed.sha256"),
            (#"{"reviewed": {"sha256": "\#(String(repeating: "g", count: 64))"}}"#, "$.reviewed.sha256"),
            (#"{"reviewed": {}}"#, "$.reviewed.sha256"),
            (#"{"reviewed": {"sha256": "\#(digest)", "by": "me"}}"#, "$.reviewed.by"),
            (#"{"reviewed": true}"#, "$.reviewed"),
        ]
        for (json, location) in bad {
            #expect(throws: ConfigError.self) { try Sidecar.parse(Data(json.utf8)) }
            do { _ = try Sidecar.parse(Data(json.utf8)) } catch let error as ConfigError {
                #expect(error.location == location, "\(json): \(error)")
            }
        }
    }
}
