import Foundation

/// Runs a closure over items on a fixed number of worker threads: at most `jobs` items are in flight at
/// once (so at most `jobs` decoded sources are in memory), items are taken in input order, and results
/// come back in input order whatever the scheduling, which keeps everything downstream deterministic.
public enum ParallelRunner {
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, _ body: @escaping @Sendable (Int, Item) -> Result
    ) -> [Result] {
        let workers = max(1, min(jobs, items.count))
        let state = RunnerState<Result>(count: items.count)
        if workers == 1 {
            for (index, item) in items.enumerated() { state.store(body(index, item), at: index) }
            return state.results()
        }
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                while let index = state.nextIndex() {
                    state.store(body(index, items[index]), at: index)
                }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        return state.results()
    }

    /// The number of CPU cores the process may use (the default for `--jobs`).
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

/// Shared state of one `ParallelRunner.map` call, protected by a lock.
private final class RunnerState<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private var slots: [Result?]

    init(count: Int) {
        self.count = count
        slots = Array(repeating: nil, count: count)
    }

    func nextIndex() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ result: Result, at index: Int) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    func results() -> [Result] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
