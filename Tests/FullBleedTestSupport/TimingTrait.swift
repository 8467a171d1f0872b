import Foundation
import Testing

/// Timing-only tests (they print how long something takes and assert no time) run under `make bench`
/// (`make bench-timings`) or with `FULLBLEED_TIMING=1`, never in every `make test`. Tests that also
/// check a result keep that check in `make test` and repeat the work for timing only when enabled.
public enum TimingTests {
    /// Whether timing runs are asked for (`FULLBLEED_TIMING=1`).
    public static var enabled: Bool { ProcessInfo.processInfo.environment["FULLBLEED_TIMING"] == "1" }

    /// How many times to repeat a measured body: `timed` when timings are asked for, else once (the result
    /// is still checked).
    public static func runs(_ timed: Int) -> Int { enabled ? timed : 1 }

    /// Prints a timing line only when timings are asked for.
    public static func report(_ line: @autoclosure () -> String) {
        if enabled { print(line()) }
    }

    public static let disabledMessage = "timing-only: make bench-timings, or FULLBLEED_TIMING=1 swift test -c release --filter NAME"
}

extension Trait where Self == ConditionTrait {
    /// Disables a timing-only test or suite unless `FULLBLEED_TIMING=1` (set by `make bench-timings`).
    public static var timingOnly: Self {
        .enabled(if: TimingTests.enabled, Comment(rawValue: TimingTests.disabledMessage))
    }
}
