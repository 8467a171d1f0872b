import Foundation
import Testing
import FullBleedPipeline

@Suite struct ParallelRunnerTests {
    @Test(arguments: [1, 2, 4, 16])
    func resultsComeBackInInputOrder(jobs: Int) {
        let items = Array(0..<200)
        let results = ParallelRunner.map(items, jobs: jobs) { index, item in
            // Uneven work so that completion order differs from input order.
            var x = 0
            for k in 0..<((item * 7919) % 5000) { x &+= k }
            return (index, item * 2, x >= 0)
        }
        #expect(results.map(\.0) == items)
        #expect(results.map(\.1) == items.map { $0 * 2 })
    }

    @Test func neverMoreThanJobsInFlight() {
        final class Counter: @unchecked Sendable {
            let lock = NSLock()
            var current = 0, peak = 0
        }
        let counter = Counter()
        _ = ParallelRunner.map(Array(0..<40), jobs: 3) { _, _ in
            counter.lock.lock(); counter.current += 1; counter.peak = max(counter.peak, counter.current); counter.lock.unlock()
            usleep(2000)
            counter.lock.lock(); counter.current -= 1; counter.lock.unlock()
            return 0
        }
        #expect(counter.peak <= 3)
        #expect(counter.peak >= 2)
    }

    @Test func emptyInputGivesEmptyOutput() {
        #expect(ParallelRunner.map([Int](), jobs: 4) { _, x in x }.isEmpty)
    }
}
