import Foundation
import FullBleedCore
import FullBleedPipeline

/// The review page's data (`GET /api/assets`, and each save's answer): per asset, the preview's section
/// (frames, crops, bands, numbers) as HTML with image URLs under `files/`, what needs a look, the verdicts,
/// and what the sidecar says. Heroes that need a look come first.
enum ReviewData {
    static func assets(_ snapshot: ReviewSession.Snapshot, outputRoot: String) -> [String: Any] {
        let manifest = snapshot.manifest
        let reports = manifest.map { PreviewWriter.reports(of: $0, outputRoot: outputRoot) } ?? [:]
        let records = (manifest?.assets ?? []).map { asset(_: $0, snapshot: snapshot, outputRoot: outputRoot, report: reports[$0.key]) }
        let ordered = records.enumerated().sorted { a, b in
            let lookA = (a.element["reasons"] as? [String])?.isEmpty == false, lookB = (b.element["reasons"] as? [String])?.isEmpty == false
            return lookA != lookB ? lookA : a.offset < b.offset
        }.map(\.element)
        var result: [String: Any] = [
            "generation": snapshot.generation,
            "assets": ordered,
            "failures": (manifest?.failures ?? []).map { ["source": $0.source, "error": $0.error] },
            "pipeline": manifest?.pipeline.name ?? "",
        ]
        if let error = snapshot.error { result["error"] = error }
        return result
    }

    /// One asset's entry (`report`: its analysis report when already read; read from the folder otherwise).
    static func asset(_ asset: AssetRecord, snapshot: ReviewSession.Snapshot, outputRoot: String, report: AssetReport? = nil) -> [String: Any] {
        let report = report ?? asset.report.flatMap { file in
            (try? FileSystem.readFile(outputRoot + "/" + file.path, limit: Manifest.maximumBytes).bytes).flatMap { try? AssetReport.decode($0) }
        }
        let thumbnail = PreviewWriter.thumbnailPath(for: asset)
        let options = PreviewPage.Options(outputFolderURL: "files/",
                                          sourceThumbnails: FileSystem.exists(outputRoot + "/" + thumbnail) ? [asset.key: "files/" + thumbnail] : [:],
                                          reports: report.map { [asset.key: $0] } ?? [:])
        let width = Double(max(1, asset.source.width)), height = Double(max(1, asset.source.height))
        var entry: [String: Any] = [
            "key": asset.key,
            "source": asset.source.path,
            "width": asset.source.width,
            "height": asset.source.height,
            "sha256": asset.source.sha256,
            "reasons": reviewReasons(asset),
            "reviewed": asset.reviewed,
            "html": PreviewPage.section(for: asset, options: options),
            "targets": asset.targets.map { target -> [String: Any] in
                var item: [String: Any] = ["name": target.name, "device": target.device != nil,
                                           "subjectClearsToolbar": target.crop.subjectClearsToolbar,
                                           "crop": ["x": target.crop.x, "y": target.crop.y, "width": target.crop.width, "height": target.crop.height]]
                if let reason = target.crop.subjectClearsToolbarReason { item["reason"] = reason }
                if let glyphs = target.recommendation?.glyphColor { item["glyphColor"] = "\(glyphs)" }
                if target.recommendation?.glyphColorChosenByPerson == true { item["glyphColorChosenByPerson"] = true }
                return item
            },
            "recommendedGlyphs": recommendedGlyphs(asset),
        ]
        // The box the crop judged, as fractions of the displayed photo: where the editor starts.
        if let box = asset.targets.lazy.compactMap({ $0.crop.subjectBox }).first {
            entry["subjectBox"] = ["x": Double(box.x) / width, "y": Double(box.y) / height,
                                   "width": Double(box.width) / width, "height": Double(box.height) / height]
        }
        if let photo = snapshot.sources[asset.source.path] {
            entry["sidecar"] = sidecarState(photo: photo, sourceSHA256: asset.source.sha256)
        }
        return entry
    }

    /// Why a hero needs a look, in plain words: the manifest's `review` (the build's judgment: crop
    /// verdicts, an unsubtle baked scrim, a hard scroll edge; absent when nothing needs a look or the photo
    /// is marked reviewed), and a skipped photo's reason. Empty when nothing needs a look.
    static func reviewReasons(_ asset: AssetRecord) -> [String] {
        (asset.skipReason.map { ["skipped: \($0)"] } ?? []) + (asset.review ?? [])
    }

    /// The toolbar glyph tones the analysis recommends over the asset's toolbar targets (a person's choice
    /// aside), each once, in target order: what the page's "recommended" option names.
    static func recommendedGlyphs(_ asset: AssetRecord) -> [String] {
        var tones: [String] = []
        for target in asset.targets {
            guard let record = target.recommendation, record.toolbarColorScheme != nil else { continue }
            let tone = (record.recommendedGlyphColor ?? record.glyphColor).rawValue
            if !tones.contains(tone) { tones.append(tone) }
        }
        return tones
    }

    /// What the photo's sidecar says, for the editor: its subject or focus, its glyph tone, whether it
    /// marks these bytes reviewed, or why it cannot be read.
    static func sidecarState(photo: String, sourceSHA256: String) -> [String: Any] {
        let path = Sidecar.path(forSource: photo)
        var state: [String: Any] = ["file": (path as NSString).lastPathComponent, "exists": FileSystem.exists(path)]
        do {
            guard let sidecar = try Sidecar.load(forSource: photo) else { return state }
            if let subject = sidecar.subject {
                state["subject"] = ["x": subject.x, "y": subject.y, "width": subject.width, "height": subject.height]
            }
            if case .focal(let x, let y)? = sidecar.cropMode { state["focus"] = [x, y] }
            if let tone = sidecar.glyphTone { state["glyphs"] = tone.rawValue }
            if let reviewed = sidecar.reviewedSHA256 {
                state["reviewed"] = reviewed == sourceSHA256
                state["reviewedStale"] = reviewed != sourceSHA256
            }
        } catch {
            state["error"] = OneLine.escaped("\(error)")
        }
        return state
    }
}
