import Foundation
import FullBleedPipeline

/// Renders build events: a live progress line on a terminal, one line per asset otherwise, only errors
/// with `--quiet`, newline-delimited JSON with `--json`. Called from one thread at a time.
final class ProgressReporter: @unchecked Sendable {
    enum Mode { case terminal, lines, quiet, json }

    private let mode: Mode
    private let output: Output
    private var lineShown = false

    init(mode: Mode, output: Output) {
        self.mode = mode
        self.output = output
    }

    func handle(_ event: BuildEvent) {
        switch mode {
        case .json: json(event)
        case .quiet: if case .asset(let a) = event, let error = a.error { output.writeError(error) }
        case .lines, .terminal: text(event)
        }
    }

    private func text(_ event: BuildEvent) {
        switch event {
        case .started(let total, let toBuild):
            if total == 0 { output.writeError("fullbleed: no photos found (jpg, jpeg, png, webp)") }
            else if mode == .lines { output.writeError("\(total) photos, \(toBuild) to build, \(total - toBuild) unchanged") }
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
            } else if mode == .lines {
                output.writeError("[\(a.done)/\(a.toBuild)] built \(OneLine.escaped(a.path)) (\(String(format: "%.2f", a.seconds)) s)")
            }
            if mode == .terminal { progressLine(a) }
        case .finished(let s):
            clearLine()
            if !s.stale.isEmpty {
                output.write("Stale or missing (\(s.stale.count)):")
                for line in s.stale { output.write("  " + line) }
            }
            var line = "\(s.built) built, \(s.unchanged) unchanged, "
            if s.skipped > 0 { line += "\(s.skipped) skipped (too small for every tier), " }
            line += "\(s.failed) failed"
            if s.resumed > 0 { line += ", \(s.resumed) resumed from an interrupted build" }
            if s.removed > 0 { line += ", \(s.removed) stale outputs removed" }
            line += String(format: " in %.2f s", s.seconds)
            if s.megapixels > 0 && s.seconds > 0 { line += String(format: " (%.1f MP/s)", s.megapixels / s.seconds) }
            if let manifest = s.manifestPath { line += " -> \(manifest)" }
            output.write(line)
        }
    }

    private let started = ContinuousClock.now
    private var megapixelsDone = 0.0

    /// `[done/total] current-file  MP/s  ETA`, rewritten in place on stderr.
    private func progressLine(_ a: AssetEvent) {
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        megapixelsDone += a.megapixels
        let eta = a.done > 0 ? seconds / Double(a.done) * Double(a.toBuild - a.done) : 0
        var name = OneLine.escaped(a.path)
        if name.count > 40 { name = "..." + name.suffix(37) }
        let rate = seconds > 0 ? megapixelsDone / seconds : 0
        let text = String(format: "[%d/%d] %@  %.1f MP/s  ETA %.0f s", a.done, a.toBuild, name, rate, eta)
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
        lineShown = true
    }

    private func clearLine() {
        guard lineShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        lineShown = false
    }

    private func json(_ event: BuildEvent) {
        var object: [String: Any]
        switch event {
        case .started(let total, let toBuild): object = ["event": "started", "total": total, "toBuild": toBuild]
        case .note(let note): object = ["event": "note", "message": note]
        case .asset(let a):
            object = ["event": "asset", "path": a.path, "status": a.status.rawValue, "done": a.done, "toBuild": a.toBuild,
                      "seconds": (a.seconds * 1000).rounded() / 1000, "megapixels": (a.megapixels * 1000).rounded() / 1000]
            if let error = a.error { object["error"] = error }
            if let reason = a.reason { object["reason"] = reason }
        case .finished(let s):
            object = ["event": "finished", "total": s.total, "built": s.built, "unchanged": s.unchanged, "skipped": s.skipped, "failed": s.failed,
                      "removed": s.removed, "resumed": s.resumed, "seconds": (s.seconds * 1000).rounded() / 1000]
            if !s.stale.isEmpty { object["stale"] = s.stale }
            if let manifest = s.manifestPath { object["manifest"] = manifest }
        }
        if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) {
            output.write(String(decoding: data, as: UTF8.self))
        }
    }
}
