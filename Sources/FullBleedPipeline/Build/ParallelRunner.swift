import Foundation

/// Runs a closure over items on a fixed number of worker threads: at most `jobs` items are in flight at
/// once (so at most `jobs` decoded sources are in memory), items are started in input order (or most
/// expensive first when costs are given), and results come back in input order whatever the scheduling,
/// which keeps everything downstream deterministic.
public enum ParallelRunner {
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, _ body: @escaping @Sendable (Int, Item) -> Result
    ) -> [Result] {
        map(items, jobs: jobs, costs: nil) { index, item, _ in body(index, item) }
    }

    /// What a worker knows about the run when it takes an item.
    public struct Slot: Sendable {
        /// True when no item is left waiting and `jobs > 1`: the other workers are idle or about to be,
        /// so this item may spread its own work over the cores (the tail of a batch).
        public var mayUseAllCores: Bool
    }

    /// - Parameter costs: optional relative cost of each item (e.g. bytes). Items are then *started*
    ///   most expensive first (longest-processing-time-first scheduling shortens the tail of a batch),
    ///   while results still come back in input order. Equal costs keep input order.
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, costs: [Double]?, _ body: @escaping @Sendable (Int, Item, Slot) -> Result
    ) -> [Result] {
        let workers = max(1, min(jobs, items.count))
        var order = Array(items.indices)
        if let costs, costs.count == items.count {
            order.sort { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
        }
        let state = RunnerState<Result>(order: order)
        if workers == 1 {
            for index in order { state.store(body(index, items[index], Slot(mayUseAllCores: false)), at: index) }
            return state.results()
        }
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                while let (index, remaining) = state.nextIndex() {
                    state.store(body(index, items[index], Slot(mayUseAllCores: remaining == 0)), at: index)
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
    private let order: [Int]
    private var slots: [Result?]

    init(order: [Int]) {
        self.order = order
        slots = Array(repeating: nil, count: order.count)
    }

    /// The next item to start and how many are still waiting after it.
    func nextIndex() -> (index: Int, remaining: Int)? {
        lock.lock()
        defer { lock.unlock() }
        guard next < order.count else { return nil }
        next += 1
        return (order[next - 1], order.count - next)
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
