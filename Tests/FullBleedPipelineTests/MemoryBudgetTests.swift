import Foundation
import Testing
@testable import FullBleedPipeline
import FullBleedCodecs
import FullBleedImage

/// `--memory-budget`'s admission (`MemoryBudget`) and the estimate it admits by.
@Suite struct MemoryBudgetTests {
    /// What the holders of a budget held at once, recorded by the holders themselves.
    final class Ledger: @unchecked Sendable {
        private let lock = NSLock()
        private var held = 0, holders = 0
        private(set) var peakHeld = 0, peakHolders = 0
        private(set) var overBudgetWithOthers = false
        private(set) var admitted: [String] = []

        func enter(_ bytes: Int, budget: Int, name: String = "") {
            lock.lock()
            held += bytes
            holders += 1
            peakHeld = max(peakHeld, held)
            peakHolders = max(peakHolders, holders)
            if holders > 1 && held > budget { overBudgetWithOthers = true }
            admitted.append(name)
            lock.unlock()
        }

        func leave(_ bytes: Int) {
            lock.lock()
            held -= bytes
            holders -= 1
            lock.unlock()
        }

        var order: [String] {
            lock.lock()
            defer { lock.unlock() }
            return admitted
        }
    }

    @Test func photosInFlightNeverExceedTheBudgetTogether() {
        let budget = MemoryBudget(bytes: 1_000)
        let ledger = Ledger()
        // Sizes from 50 to 1,400: some fit three at a time, some only alone, one is larger than the budget.
        let sizes = (0..<120).map { 50 + ($0 * 7_919) % 1_351 }
        _ = ParallelRunner.map(sizes, jobs: 6) { _, size in
            budget.acquire(size)
            defer { budget.release(size) }
            ledger.enter(size, budget: budget.bytes)
            usleep(UInt32(200 + size))   // long enough for the others to try to start beside it
            ledger.leave(size)
            return size
        }
        #expect(!ledger.overBudgetWithOthers)
        #expect(sizes.max()! > budget.bytes && ledger.peakHeld >= sizes.max()!, "the photo larger than the budget ran, alone")
        #expect(ledger.peakHolders > 1, "small photos still ran side by side")
        #expect(budget.waiting == 0)
    }

    @Test func aPhotoLargerThanTheBudgetRunsAloneInsteadOfWaitingForever() {
        let budget = MemoryBudget(bytes: 100)
        budget.acquire(500)
        budget.release(500)
        budget.acquire(40)
        budget.acquire(60)   // 100: fits exactly
        budget.release(40)
        budget.release(60)
        #expect(budget.waiting == 0)
    }

    @Test func admissionIsFirstComeFirstServed() throws {
        let budget = MemoryBudget(bytes: 100)
        let ledger = Ledger()
        budget.acquire(60)
        let group = DispatchGroup()
        func start(_ name: String, _ bytes: Int) {
            group.enter()
            Thread {
                budget.acquire(bytes)
                ledger.enter(bytes, budget: budget.bytes, name: name)
                ledger.leave(bytes)
                budget.release(bytes)
                group.leave()
            }.start()
        }
        // 95 does not fit beside the 60 held; 10 would, but arrived second. Once the large photo is in, the
        // small one no longer fits beside it either, so the order the holders record is the admission order.
        start("large", 95)
        while budget.waiting < 1 { usleep(1_000) }
        start("small", 10)
        while budget.waiting < 2 { usleep(1_000) }
        usleep(20_000)
        #expect(ledger.order.isEmpty, "nothing is admitted past the large photo at the head of the queue")
        budget.release(60)
        group.wait()
        #expect(ledger.order == ["large", "small"])
    }

    @Test func theEstimateCountsThePixelsTheDecodeProduces() throws {
        // A 4000x3000 JPEG header for a pipeline whose tiers need 1/4 of it decodes at 1000x750.
        let info = ImageInfo(format: .jpeg, size: PixelSize(width: 4000, height: 3000), storedSize: PixelSize(width: 4000, height: 3000),
                             orientation: .up, colorModel: "rgb", bitDepth: 8, hasAlpha: false, colorSpace: .sRGB, frameCount: 1, details: [])
        var options = DecodeOptions()
        options.minimumSize = PixelSize(width: 900, height: 700)
        #expect(Codecs.decodedSize(of: info, options: options) == PixelSize(width: 1000, height: 750))
        var png = info
        png.format = .png
        #expect(Codecs.decodedSize(of: png, options: options) == PixelSize(width: 4000, height: 3000))
        // A still WebP stored sideways (orientation 6): reduced in stored pixels, reported upright.
        var webp = info
        (webp.format, webp.storedSize, webp.size, webp.orientation) = (.webp, PixelSize(width: 3000, height: 4000), PixelSize(width: 4000, height: 3000), .right)
        let webpSize = Codecs.decodedSize(of: webp, options: options)
        #expect(webpSize.width >= 900 && webpSize.height >= 700 && webpSize.width < 4000 && webpSize.width * 3 == webpSize.height * 4)
        webp.details = ["lossy", "animated"]
        #expect(Codecs.decodedSize(of: webp, options: options) == PixelSize(width: 4000, height: 3000))
    }
}
