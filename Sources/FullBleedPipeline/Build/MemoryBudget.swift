import Foundation

/// `--memory-budget`: admission of photos by their estimated working memory, on top of `--jobs`.
///
/// A worker asks for its photo's estimate (`AssetPlan.estimatedWorkingBytes`) after planning it from the
/// header and before decoding it, and gives it back when the photo is done. A photo is admitted while the
/// estimates in flight, its own included, stay within the budget, or when nothing else is in flight (a
/// photo larger than the whole budget then runs alone: it cannot be split). Admission is first come,
/// first served, so a large photo waiting for room is not overtaken forever by small ones. The budget
/// decides only when photos start, never what they produce: outputs are the same bytes with or without it.
final class MemoryBudget: @unchecked Sendable {
    /// The budget in bytes.
    let bytes: Int
    private let condition = NSCondition()
    private var inFlight = 0
    private var running = 0
    private var nextTicket = 0
    private var serving = 0

    init(bytes: Int) {
        precondition(bytes > 0)
        self.bytes = bytes
    }

    /// Workers waiting to be admitted (for tests).
    var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return nextTicket - serving
    }

    /// Blocks until `estimate` bytes fit (or nothing else runs), then holds them until `release(_:)`.
    func acquire(_ estimate: Int) {
        condition.lock()
        defer { condition.unlock() }
        let ticket = nextTicket
        nextTicket += 1
        while ticket != serving || (running > 0 && inFlight + estimate > bytes) { condition.wait() }
        inFlight += estimate
        running += 1
        serving += 1
        condition.broadcast()
    }

    /// Gives back what `acquire(estimate)` took.
    func release(_ estimate: Int) {
        condition.lock()
        inFlight -= estimate
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}
