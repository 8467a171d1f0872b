import Testing
@testable import fullbleed
@testable import FullBleedPipeline

/// The terminal progress line as pure functions: the photos in flight, the rate and an ETA from megapixels.
@Suite struct ProgressLineTests {
    typealias Snapshot = ProgressLine.Snapshot

    static func snapshot(done: Int = 1, toBuild: Int = 4, megapixelsDone: Double = 12, bytesToBuild: Int = 40_000_000,
                         bytesSeen: Int = 20_000_000, megapixelsSeen: Double = 24, inFlight: [ProgressLine.InFlight] = [],
                         elapsed: Double = 2) -> Snapshot {
        Snapshot(done: done, toBuild: toBuild, megapixelsDone: megapixelsDone, bytesToBuild: bytesToBuild, bytesSeen: bytesSeen,
                 megapixelsSeen: megapixelsSeen, inFlight: inFlight, elapsedSeconds: elapsed)
    }

    @Test func lineNamesThePhotosInFlightWithRateAndETA() {
        // 12 MP done in 2 s: 6 MP/s. In flight: b (12 MP, just started). Not started: 20 MB at 24 MP / 20 MB = 24 MP.
        let s = Self.snapshot(inFlight: [.init(path: "b.jpg", megapixels: 12, bytes: 10_000_000, secondsRunning: 0)])
        #expect(ProgressLine.rate(s) == 6)
        #expect(ProgressLine.etaSeconds(s) == 6)   // (12 + 24) MP / 6 MP/s
        #expect(ProgressLine.text(s) == "[1/4] b.jpg  6.0 MP/s  ETA 6 s")
    }

    @Test func etaWeighsPhotosByMegapixelsNotByCount() {
        // One photo of four done, but it was the small one: the ETA is not 3x the time so far.
        let small = Self.snapshot(done: 1, toBuild: 4, megapixelsDone: 1, bytesToBuild: 49_000_000, bytesSeen: 1_000_000, megapixelsSeen: 1, elapsed: 1)
        // 48 MB left at 1 MP per MB = 48 MP at 1 MP/s.
        #expect(ProgressLine.etaSeconds(small) == 48)
        // The photo in flight is credited with its share of the rate: 2 s at 3 MP/s of its 12 MP.
        let running = Self.snapshot(done: 1, toBuild: 2, megapixelsDone: 6, bytesToBuild: 2, bytesSeen: 2, megapixelsSeen: 18,
                                    inFlight: [.init(path: "a.jpg", megapixels: 12, bytes: 1, secondsRunning: 2)], elapsed: 2)
        #expect(ProgressLine.etaSeconds(running) == 2)   // (12 - 3 * 2) MP / 3 MP/s
        // Before any photo finishes the rate, hence the ETA, is unknown.
        let first = Self.snapshot(done: 0, megapixelsDone: 0, inFlight: [.init(path: "a.jpg", megapixels: 12, bytes: 1, secondsRunning: 1)])
        #expect(ProgressLine.etaSeconds(first) == nil)
        #expect(ProgressLine.text(first) == "[0/4] a.jpg  ETA --")
    }

    @Test func namesFitTheWidth() {
        #expect(ProgressLine.names(["a.jpg", "b.jpg"], width: 40) == "a.jpg, b.jpg")
        #expect(ProgressLine.names(["first-long-name.jpg", "second-long-name.jpg"], width: 30) == "first-long-name.jpg +1 more")
        #expect(ProgressLine.names(["folder/sub/very-long-file-name.jpg"], width: 20) == "...ong-file-name.jpg")
        #expect(ProgressLine.names([], width: 20) == "")
        let s = Self.snapshot(inFlight: (1...6).map { .init(path: "photo-number-\($0).heic", megapixels: 1, bytes: 1, secondsRunning: 0) })
        let line = ProgressLine.text(s, width: 60)
        #expect(line.count <= 59, "\(line)")
        #expect(line.hasPrefix("[1/4] photo-number-1.heic +5 more"), "\(line)")
        #expect(ProgressLine.text(Self.snapshot(done: 4, inFlight: [])).hasPrefix("[4/4]  6.0 MP/s"))
    }

    @Test func durations() {
        #expect(ProgressLine.duration(0) == "0 s")
        #expect(ProgressLine.duration(41.2) == "42 s")
        #expect(ProgressLine.duration(185) == "3 min 05 s")
        #expect(ProgressLine.duration(3720) == "1 h 02 min")
    }

    @Test func checkCountsSayWhatIsStaleAndNothingBuilt() {
        var s = BuildSummary(total: 4, built: 0, unchanged: 3, failed: 0, removed: 0, stale: [StaleEntry("sk_chelsea.png", .stale)],
                             megapixels: 0, seconds: 0, manifestPath: nil, failures: [], preview: nil)
        s.staleSources = 1
        #expect(ProgressReporter.checkCounts(s) == "1 stale, 3 unchanged")
        s.stale += [StaleEntry("new.jpg", .missing), StaleEntry("manifest.json", .missing)]
        s.newSources = 1
        #expect(ProgressReporter.checkCounts(s) == "1 stale, 1 new, 3 unchanged, 1 other output stale or missing")
        // A recorded failure that still fails is counted as failed, not as stale, new or other.
        s.stale += [StaleEntry("bad.jpg", .failed, reason: "decode failed (jpeg): Premature end of JPEG file")]
        s.failed = 1
        #expect(ProgressReporter.checkCounts(s) == "1 stale, 1 new, 3 unchanged, 1 failed, 1 other output stale or missing")
        #expect(s.stale.last?.description == "bad.jpg: failed (decode failed (jpeg): Premature end of JPEG file)")
    }
}

/// The build summary's review lines: every hero that needs a look is counted; the first ones the build
/// listed are named with their reasons, and the rest are pointed to rather than printed.
@Suite struct ReviewSummaryLineTests {
    static func summary(count: Int, listed: Int) -> BuildSummary {
        var summary = BuildSummary(total: count + 2, built: count + 2, unchanged: 0, skipped: 0, failed: 0, removed: 0, stale: [],
                                   megapixels: 0, seconds: 0, manifestPath: "out/manifest.json", failures: [], preview: nil)
        summary.heroes = count + 2
        summary.reviewCount = count
        summary.review = (0..<listed).map { (String(format: "p%02d.jpg", $0), ["iphone: subject cut"]) }
        return summary
    }

    @Test func everyListedHeroGetsItsReasons() {
        let lines = ProgressReporter.reviewLines(Self.summary(count: 2, listed: 2))
        #expect(lines == ["2 of 4 heroes need a look: p00.jpg, p01.jpg",
                          "  p00.jpg: iphone: subject cut", "  p01.jpg: iphone: subject cut"])
    }

    @Test func heroesBeyondTheListedOnesAreCountedAndPointedTo() {
        let lines = ProgressReporter.reviewLines(Self.summary(count: 3_000, listed: BuildRunner.reviewListed))
        #expect(lines.first == "3000 of 3002 heroes need a look: p00.jpg, p01.jpg, p02.jpg, p03.jpg, p04.jpg and 2995 more")
        #expect(lines.count == 1 + BuildRunner.reviewListed + 1)
        #expect(lines.last == "  and 2980 more: their reasons are in the manifest's review fields and the preview page")
    }

    @Test func noLinesWhenNothingNeedsALook() {
        #expect(ProgressReporter.reviewLines(Self.summary(count: 0, listed: 0)).isEmpty)
    }
}
