import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCore

/// Timings for the report, run on demand: `FULLBLEED_TIMING=1 swift test -c release --filter ResampleBenchmark`.
/// A 24 MP JPEG (the 48 MP corpus photo reduced to 6000x4000, q90) to the three iPhone 16:9 tiers,
/// with and without shrink-on-load.
@Suite(.timingOnly, .requiresCorpus)
struct ResampleBenchmarkTests {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test func twentyFourMegapixelsToThreeTiers() throws {
        let large = try Codecs.decode(TestPaths.bytes(TestPaths.corpusFile("edge/large_8000x6000.jpg"))).image
        let source = large.resized(to: PixelSize(width: 6000, height: 4000), from: PixelRect(x: 0, y: 375, width: 8000, height: 5250))
        let bytes = try Codecs.encode(source, as: .jpeg(JPEGEncodeOptions(quality: 90, progressive: false)))
        let target = HeroTarget.web16x9
        var log: [String] = []

        var full = large
        let decodeFull = try Self.seconds { full = try Codecs.decode(bytes).image }
        let crop = CropPlanner.cropSize(for: full.size, aspectRatio: target.aspectRatio)
        let rect = PixelRect(x: 0, y: (full.height - crop.height) / 2, width: crop.width, height: crop.height)
        let plan = try DerivativePlan(target: target, cropSize: crop)
        var outputs: [Image] = []
        let resizeFull = Self.seconds { outputs = plan.produced.map { full.resized(to: $0.pixelSize, from: rect) } }
        let serial = Self.seconds {
            _ = plan.produced.map { full.resized(to: $0.pixelSize, from: rect, options: ResampleOptions(parallel: false)) }
        }
        log.append("24 MP full decode \(decodeFull) s; 3 tiers \(resizeFull) s (serial \(serial) s)")

        // Shrink-on-load per tier: the smallest decode at least twice the tier.
        var shrinkTotal = 0.0
        for derivative in plan.produced {
            let single = try DerivativePlan(target: .web(widths: [derivative.pixelSize.width], aspectRatio: target.aspectRatio), cropSize: crop)
            var small = try Codecs.decode(bytes, options: DecodeOptions(minimumSize: PixelSize(width: 1, height: 1)))
            let time = try Self.seconds {
                small = try Codecs.decode(bytes, options: DecodeOptions(minimumSize: single.minimumDecodeSize(sourceSize: full.size)))
                let smallCrop = CropPlanner.cropSize(for: small.image.size, aspectRatio: target.aspectRatio)
                let smallRect = PixelRect(x: 0, y: (small.image.height - smallCrop.height) / 2, width: smallCrop.width, height: smallCrop.height)
                _ = small.image.resized(to: derivative.pixelSize, from: smallRect)
            }
            shrinkTotal += time
            log.append("\(derivative.pixelSize): shrink-on-load 1/\(Int(1 / small.loadScale)) decode + resize \(time) s")
        }
        log.append("shrink-on-load total \(shrinkTotal) s versus \(decodeFull + resizeFull) s")
        let linear = Self.seconds { _ = full.linearPremultipliedResized(to: PixelSize(width: 1290, height: 726), from: rect) }
        log.append("float path 24 MP -> 1290x726: \(linear) s")
        var attentionPlan: CropPlan?
        let attention = Self.seconds { attentionPlan = CropPlanner.plan(full, for: .device(.iPhone17Pro)) }
        log.append("attention crop plan on 24 MP (256-px analysis): \(attention) s, \(attentionPlan.map { "\($0.rect)" } ?? "")")
        print(log.joined(separator: "\n"))
        #expect(outputs.map(\.size) == plan.produced.map(\.pixelSize))
    }
}

/// Serial engine throughput on a synthetic 24 MP image, for profiling:
/// `FULLBLEED_TIMING=1 swift test -c release --filter ResampleEngineBenchmark`.
@Suite(.timingOnly)
struct ResampleEngineBenchmarkTests {
    @Test func serialThroughput() {
        var source = Image(width: 6000, height: 4000, format: .rgb8)
        source.withUnsafeMutableSamples(as: UInt8.self) { p in
            for i in 0..<p.count { p[i] = UInt8(truncatingIfNeeded: (i &* 2654435761) >> 13) }
        }
        var lines: [String] = []
        for size in [PixelSize(width: 1290, height: 726), PixelSize(width: 430, height: 242), PixelSize(width: 5000, height: 3000)] {
            let start = DispatchTime.now().uptimeNanoseconds
            let out = source.resized(to: size, options: ResampleOptions(parallel: false))
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            lines.append("24 MP -> \(size) serial: \(seconds) s (\(Double(source.width * source.height) / seconds / 1e6) Mpx/s in)")
            #expect(out.size == size)
        }
        print(lines.joined(separator: "\n"))
    }
}
