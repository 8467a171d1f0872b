import Foundation
import FullBleedPipeline

/// Renders build events: on a terminal the start line and a live progress line (the photos in flight, the
/// megapixel rate and an ETA from the megapixels left, redrawn every second by a timer), one line per asset
/// otherwise, only errors with `--quiet`, newline-delimited JSON with `--json`. Events arrive one at a time;
/// the lock orders them against the timer's redraws.
final class ProgressReporter: @unchecked Sendable {
    enum Mode { case terminal, lines, quiet, json }

    private let mode: Mode
    private let output: Output
    private let lock = NSLock()
    private var lineShown = false
    private var timer: DispatchSourceTimer?

    init(mode: Mode, output: Output) {
        self.mode = mode
        self.output = output
    }

    deinit { timer?.cancel() }

    /// Stops the redraws and clears the live line (a build that threw ends without `.finished`).
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        timer?.cancel()
        timer = nil
        clearLine()
    }

    func handle(_ event: BuildEvent) {
        lock.lock()
        defer { lock.unlock() }
        switch mode {
        case .json: json(event)
        case .quiet: if case .asset(let a) = event, let error = a.error { output.writeError(error) }
        case .lines, .terminal: text(event)
        }
    }

    private func text(_ event: BuildEvent) {
        switch event {
        case .started(let total, let toBuild, let bytes):
            output.writeError("\(total) photos, \(toBuild) to build, \(total - toBuild) unchanged")
            if mode == .terminal && toBuild > 0 { startLiveLine(toBuild: toBuild, bytes: bytes) }
        case .assetStarted(let path, let megapixels, let bytes):
            guard mode == .terminal else { return }
            live.inFlight.append(.init(path: OneLine.escaped(path), megapixels: megapixels, bytes: bytes, started: ContinuousClock.now))
            live.megapixelsSeen += megapixels
            live.bytesSeen += bytes
            drawLiveLine()
        case .note(let note):
            clearLine()
            output.writeError(note)
        case .asset(let a):
            if let error = a.error {
                clearLine()
                output.writeError(Terminal.red(error))
            } else if a.status == .skipped {
                // A skip stays on screen (it is the user's to fix), unlike the progress line.
                clearLine()
                output.writeError((mode == .lines ? "[\(a.done)/\(a.toBuild)] " : "")
                                  + Terminal.yellow("skipped \(OneLine.escaped(a.path)): \(a.reason ?? "no tier could be made")"))
            } else if a.status == .partial {
                // Like a skip, a device without a picture of its own stays on screen.
                clearLine()
                output.writeError((mode == .lines ? "[\(a.done)/\(a.toBuild)] " : "")
                                  + Terminal.yellow("partial \(OneLine.escaped(a.path)) (\(String(format: "%.2f", a.seconds)) s): no picture of its own for "
                                                    + a.targetsWithoutImage.joined(separator: ", ") + " (the generated views show another target's)"))
            } else if mode == .lines {
                output.writeError("[\(a.done)/\(a.toBuild)] built \(OneLine.escaped(a.path)) (\(String(format: "%.2f", a.seconds)) s)")
            }
            if !a.tierNotes.isEmpty { clearLine() }
            for note in a.tierNotes { output.writeError(Terminal.yellow(Self.warningLine(note, path: a.path))) }
            if mode == .terminal { finishedInLiveLine(a) }
        case .finished(let s):
            timer?.cancel()
            timer = nil
            clearLine()
            let outOfDate = s.stale.filter { $0.state != .failed }, stillFailing = s.stale.filter { $0.state == .failed }
            if !outOfDate.isEmpty {
                output.write("Stale or missing (\(outOfDate.count)):")
                for entry in outOfDate { output.write("  " + OneLine.escaped(entry.description)) }
            }
            if !stillFailing.isEmpty {
                output.write("Still failing, as recorded (\(stillFailing.count)):")
                for entry in stillFailing { output.write("  " + OneLine.escaped(entry.description)) }
            }
            var line = s.manifestPath == nil ? Self.checkCounts(s) : Self.buildCounts(s)
            line += String(format: " in %.2f s", s.seconds)
            if s.megapixels > 0 && s.seconds > 0 { line += String(format: " (%.1f MP/s)", s.megapixels / s.seconds) }
            if let manifest = s.manifestPath { line += " -> \(manifest)" }
            output.write(line)
            for line in Self.reviewLines(s) { output.write(line) }
        }
    }

    /// Heroes listed by name in the one-line review summary before it says how many more.
    static let reviewNamesShown = 5

    /// What needs a person's look: one line (`3 of 40 heroes need a look: a.jpg, b.jpg, c.jpg`), then one
    /// line per listed asset with its reasons (the first `BuildRunner.reviewListed`, then where the others
    /// are); nothing when no hero needs a look.
    static func reviewLines(_ s: BuildSummary) -> [String] {
        guard s.reviewCount > 0 else { return [] }
        let paths = s.review.map { OneLine.escaped($0.path) }
        var names = paths.prefix(reviewNamesShown).joined(separator: ", ")
        if s.reviewCount > min(paths.count, reviewNamesShown) { names += " and \(s.reviewCount - min(paths.count, reviewNamesShown)) more" }
        let verb = s.reviewCount == 1 ? "needs" : "need"
        var lines = ["\(s.reviewCount) of \(s.heroes) hero\(s.heroes == 1 ? "" : "es") \(verb) a look: \(names)"]
        for (path, reasons) in s.review { lines.append("  \(OneLine.escaped(path)): \(reasons.map(OneLine.escaped).joined(separator: "; "))") }
        if s.reviewCount > s.review.count {
            lines.append("  and \(s.reviewCount - s.review.count) more: their reasons are in the manifest's review fields and the preview page")
        }
        return lines
    }

    /// One tier not made as planned: `warning: beach.jpg: iphone-17-pro @3x 1206x1200 skipped: the crop is only
    /// 1181x1074 (would need 1.12x upscaling)`.
    static func warningLine(_ note: TierNote, path: String) -> String {
        "warning: \(OneLine.escaped(path)): \(note.target) \(note.message)"
    }

    /// The counts of a build: `3 built, 1 unchanged, 0 failed` (with partial, skipped, tiers skipped or reduced,
    /// resumed and removed when not 0).
    static func buildCounts(_ s: BuildSummary) -> String {
        var line = "\(s.built) built" + (s.partial > 0 ? " (\(s.partial) partial)" : "") + ", \(s.unchanged) unchanged, "
        if s.skipped > 0 { line += "\(s.skipped) skipped (too small for every tier), " }
        line += "\(s.failed) failed"
        if s.tierNotes > 0 { line += ", \(s.tierNotes) tier\(s.tierNotes == 1 ? "" : "s") skipped, upscaled or reduced" }
        if s.resumed > 0 { line += ", \(s.resumed) resumed from an interrupted build" }
        if s.removed > 0 { line += ", \(s.removed) stale outputs removed" }
        return line
    }

    /// The counts of `--check`, which builds nothing: `1 stale, 3 unchanged`, with `2 new` (photos never built)
    /// and `1 other output stale or missing` (the manifest, an output of a deleted photo, the catalog) when not 0.
    static func checkCounts(_ s: BuildSummary) -> String {
        var parts = ["\(s.staleSources) stale"]
        if s.newSources > 0 { parts.append("\(s.newSources) new") }
        parts.append("\(s.unchanged) unchanged")
        if s.failed > 0 { parts.append("\(s.failed) failed") }
        let other = s.stale.count - s.staleSources - s.newSources - s.failed
        if other > 0 { parts.append("\(other) other output\(other == 1 ? "" : "s") stale or missing") }
        return parts.joined(separator: ", ")
    }

    /// What the live line is drawn from (terminal mode only).
    private struct Live {
        struct Photo {
            var path: String
            var megapixels: Double
            var bytes: Int
            var started: ContinuousClock.Instant
        }
        var started = ContinuousClock.now
        var done = 0, toBuild = 0
        var megapixelsDone = 0.0, megapixelsSeen = 0.0
        var bytesToBuild = 0, bytesSeen = 0
        var inFlight: [Photo] = []
    }
    private var live = Live()

    private func startLiveLine(toBuild: Int, bytes: Int) {
        live = Live(toBuild: toBuild, bytesToBuild: bytes)
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.lock.lock()
            defer { self.lock.unlock() }
            if self.timer != nil { self.drawLiveLine() }
        }
        self.timer = timer
        timer.resume()
    }

    private func finishedInLiveLine(_ a: AssetEvent) {
        live.done = a.done
        live.megapixelsDone += a.megapixels
        if let index = live.inFlight.firstIndex(where: { $0.path == OneLine.escaped(a.path) }) {
            live.inFlight.remove(at: index)
        } else {
            // Failed before its header was read: no start event, so its size is accounted here.
            live.bytesSeen += a.bytes
        }
        drawLiveLine()
    }

    /// The line of `ProgressLine`, rewritten in place on stderr.
    private func drawLiveLine() {
        let now = ContinuousClock.now
        let snapshot = ProgressLine.Snapshot(
            done: live.done, toBuild: live.toBuild, megapixelsDone: live.megapixelsDone, bytesToBuild: live.bytesToBuild,
            bytesSeen: live.bytesSeen, megapixelsSeen: live.megapixelsSeen,
            inFlight: live.inFlight.map { .init(path: $0.path, megapixels: $0.megapixels, bytes: $0.bytes, secondsRunning: Self.seconds(now - $0.started)) },
            elapsedSeconds: Self.seconds(now - live.started))
        let text = ProgressLine.text(snapshot, width: Terminal.standardErrorColumns)
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
        lineShown = true
    }

    private static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    private func clearLine() {
        guard lineShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        lineShown = false
    }

    private func json(_ event: BuildEvent) {
        var object: [String: Any]
        switch event {
        case .started(let total, let toBuild, _): object = ["event": "started", "total": total, "toBuild": toBuild]
        case .assetStarted: return
        case .note(let note): object = ["event": "note", "message": note]
        case .asset(let a):
            for note in a.tierNotes {
                jsonLine(["event": "tier", "path": a.path, "target": note.target, "tier": note.tier, "status": note.kind.rawValue,
                          "message": note.message])
            }
            object = ["event": "asset", "path": a.path, "status": a.status.rawValue, "done": a.done, "toBuild": a.toBuild,
                      "seconds": (a.seconds * 1000).rounded() / 1000, "megapixels": (a.megapixels * 1000).rounded() / 1000]
            if let error = a.error { object["error"] = error }
            if let reason = a.reason { object["reason"] = reason }
            if let review = a.review { object["review"] = review }
            if !a.targetsWithoutImage.isEmpty { object["targetsWithoutImage"] = a.targetsWithoutImage }
        case .finished(let s):
            object = ["event": "finished", "total": s.total, "built": s.built, "unchanged": s.unchanged, "partial": s.partial, "skipped": s.skipped, "failed": s.failed, "tierWarnings": s.tierNotes,
                      "removed": s.removed, "resumed": s.resumed, "seconds": (s.seconds * 1000).rounded() / 1000]
            if !s.stale.isEmpty {
                object["stale"] = s.stale.map { entry in
                    ["path": entry.path, "state": entry.state.rawValue].merging(entry.reason.map { ["reason": $0] } ?? [:]) { a, _ in a }
                }
            }
            if let manifest = s.manifestPath { object["manifest"] = manifest }
            if s.manifestPath != nil { object["needReview"] = s.reviewCount }
        }
        jsonLine(object)
    }

    private func jsonLine(_ object: [String: Any]) {
        if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) {
            output.write(String(decoding: data, as: UTF8.self))
        }
    }
}
