import Foundation

/// The live progress line on a terminal, as pure functions of what the build reported so far (tested without
/// a clock): `[3/10] beach.jpg, dusk.heic  41.2 MP/s  ETA 12 s`.
///
/// The work is counted in source megapixels (width x height of the header, before shrink-on-load), not in
/// photos, so a 48 MP photo weighs as much as twelve 4 MP ones.
enum ProgressLine {
    /// One photo being built: its header's megapixels, its file size, and how long ago it started.
    struct InFlight: Equatable {
        var path: String
        var megapixels: Double
        var bytes: Int
        var secondsRunning: Double
    }

    /// What the reporter knows at one moment.
    struct Snapshot {
        var done: Int
        var toBuild: Int
        /// Megapixels of the photos finished so far (failed ones count 0).
        var megapixelsDone: Double
        /// Sum of the file sizes of every photo to build, and of those started or finished so far.
        var bytesToBuild: Int
        var bytesSeen: Int
        /// Megapixels of the photos started or finished so far (their headers were read).
        var megapixelsSeen: Double
        /// In the order they started.
        var inFlight: [InFlight]
        var elapsedSeconds: Double
    }

    /// Megapixels per second over the whole build so far (nil before the first photo finishes).
    static func rate(_ s: Snapshot) -> Double? {
        guard s.megapixelsDone > 0, s.elapsedSeconds > 0 else { return nil }
        return s.megapixelsDone / s.elapsedSeconds
    }

    /// Seconds left: the megapixels not yet done over the rate so far (nil while the rate is unknown).
    ///
    /// Megapixels not done: each photo in flight less what it did at its share of the rate (at most all of
    /// it), plus the photos not started yet, whose megapixels are estimated from their file sizes with the
    /// megapixels-per-byte of the photos seen so far.
    static func etaSeconds(_ s: Snapshot) -> Double? {
        guard let rate = rate(s) else { return nil }
        let share = rate / Double(max(1, s.inFlight.count))
        let inFlightLeft = s.inFlight.reduce(0.0) { $0 + max(0, $1.megapixels - share * $1.secondsRunning) }
        let bytesLeft = max(0, s.bytesToBuild - s.bytesSeen)
        let perByte = s.bytesSeen > 0 ? s.megapixelsSeen / Double(s.bytesSeen) : 0
        return (inFlightLeft + perByte * Double(bytesLeft)) / rate
    }

    /// The names of the photos in flight fitting in `width` characters: `a.jpg, b.jpg`, then `a.jpg +2 more`,
    /// long names shortened from the front (`...ong/path/photo.jpg`).
    static func names(_ paths: [String], width: Int) -> String {
        guard let first = paths.first else { return "" }
        let all = paths.joined(separator: ", ")
        if all.count <= width { return all }
        let more = paths.count > 1 ? " +\(paths.count - 1) more" : ""
        let room = max(8, width - more.count)
        return (first.count <= room ? first : "..." + first.suffix(room - 3)) + more
    }

    /// The whole line, at most `width` characters (the terminal's columns less one, so it never wraps).
    static func text(_ s: Snapshot, width: Int = 80) -> String {
        let counter = "[\(s.done)/\(s.toBuild)]"
        var tail = ""
        if let rate = rate(s) { tail += "  " + String(format: "%.1f MP/s", rate) }
        tail += "  ETA " + (etaSeconds(s).map(duration) ?? "--")
        let room = max(8, width - 1 - counter.count - 1 - tail.count)
        let inFlight = names(s.inFlight.map(\.path), width: room)
        return counter + (inFlight.isEmpty ? "" : " " + inFlight) + tail
    }

    /// `42 s`, `3 min 05 s`, `1 h 02 min`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        if total < 60 { return "\(total) s" }
        if total < 3600 { return "\(total / 60) min \(pad2(total % 60)) s" }
        return "\(total / 3600) h \(pad2(total % 3600 / 60)) min"
    }

    private static func pad2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
