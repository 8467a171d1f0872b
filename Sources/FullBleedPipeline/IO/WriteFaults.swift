import Foundation

/// A disk that fills up, for tests of `OutputDirectory`: every byte written through an output folder
/// that carries these faults is counted, and once `bytesUntilFull` are spent each write fails with
/// `errorNumber` (ENOSPC by default), after a short write of the bytes that still fitted, as a real full
/// file system does. Internal on purpose: reached only through `@testable import`, never by the CLI.
final class WriteFaults: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int
    /// The errno reported once the budget is spent.
    let errorNumber: Int32

    init(bytesUntilFull: Int, errorNumber: Int32 = ENOSPC) {
        remaining = max(0, bytesUntilFull)
        self.errorNumber = errorNumber
    }

    /// How many of `count` bytes the next write may store (0: fail it with `errorNumber`); spends them.
    func allow(_ count: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let granted = min(count, remaining)
        remaining -= granted
        return granted
    }
}
