import Foundation
import Testing
import FullBleedImage
import FullBleedTestSupport
import FullBleedCore

#if DEBUG
private let isOptimizedBuild = false
#else
private let isOptimizedBuild = true
#endif

/// The issue's closing measurement: the iPad canvas (640-px extensions, sigma 48 px) in release.
/// Prints timings and the measured effective sigmas; checks the canvases it times.
@Suite(.serialized, .timingOnly, .enabled(if: isOptimizedBuild, "timings are only meaningful in release: swift test -c release --filter BackgroundExtensionTimingTests"))
struct BackgroundExtensionTimingTests {
    /// A photo-like RGB8 image (smooth gradients plus fine detail), generated quickly.
    static func photo(width: Int, height: Int) -> Image {
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                samples[i] = UInt8(truncatingIfNeeded: x * 255 / width + (x * y) % 7)
                samples[i + 1] = UInt8(truncatingIfNeeded: y * 255 / height + (x ^ y) % 13)
                samples[i + 2] = UInt8(truncatingIfNeeded: 128 + ((x / 16 + y / 16) % 2) * 60)
            }
        }
        return Image(width: width, height: height, layout: .rgb, samples: samples)
    }

    /// Process CPU time (user + system) in seconds: all threads, so it includes the parallel workers
    /// (and anything else the test process runs at the same time).
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// The best wall time of `runs` runs, the mean process CPU time per run, and the last result.
    static func bestOf(_ runs: Int, _ work: () throws -> Image) rethrows -> (seconds: Double, cpuSeconds: Double, result: Image) {
        var best = Double.infinity
        var result: Image?
        let cpuStart = processCPUSeconds()
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let image = try work()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            result = image
        }
        return (best, (processCPUSeconds() - cpuStart) / Double(runs), result!)
    }

    @Test(arguments: [
        // (input width, edges, expected canvas width): 2752 x 2064 as the canvas, then as the input.
        (1472, [ExtensionEdge.leading, .trailing], 2752),
        (2112, [ExtensionEdge.leading], 2752),
        (2752, [ExtensionEdge.leading, .trailing], 4032),
    ])
    func iPadCanvas(inputWidth: Int, edges: [ExtensionEdge], canvasWidth: Int) throws {
        let image = Self.photo(width: inputWidth, height: 2064)
        let parameters = ExtensionParameters(edges: edges, lengthPoints: ExtensionLengths(all: 320), sigmaPoints: 24, scale: 2)
        let geometry = try BackgroundExtension.geometry(of: image, parameters: parameters)
        let (seconds, cpuSeconds, canvas) = try Self.bestOf(5) { try BackgroundExtension.canvas(of: image, parameters: parameters) }
        #expect(canvas.size == PixelSize(width: canvasWidth, height: 2064))
        #expect(canvas.cropped(to: geometry.originalRect) == image)
        let strips = try Self.bestOf(5) { try BackgroundExtension.strips(of: image, parameters: parameters)[.leading]! }
        // The FullBleedImage format conversions inside it: linearising the input, encoding the strips' pixels.
        let linearise = Self.bestOf(3) { image.linearPremultiplied() }
        let extensionPixels = canvas.width * canvas.height - image.width * image.height
        let floatStrips = Image(width: extensionPixels / 2064, height: 2064, format: linearise.result.format)
        let encode = Self.bestOf(3) { floatStrips.converted(to: image.format) }
        print("iPad canvas: input \(image.size): of which FullBleedImage conversions: linearPremultiplied"
              + " \(String(format: "%.1f", linearise.seconds * 1000)) ms, encoding \(floatStrips.size) float strips"
              + " \(String(format: "%.1f", encode.seconds * 1000)) ms")
        print("iPad canvas: input \(image.size), edges \(edges.map(\.rawValue)), canvas \(canvas.size), sigma \(geometry.sigmaPixels) px"
              + " (k = \(geometry.blur.reductionFactor), reduced sigma \(geometry.blur.reducedSigma)):"
              + " canvas \(String(format: "%.1f", seconds * 1000)) ms (CPU \(String(format: "%.1f", cpuSeconds * 1000)) ms),"
              + " strips \(String(format: "%.1f", strips.seconds * 1000)) ms (CPU \(String(format: "%.1f", strips.cpuSeconds * 1000)) ms)")
    }
}

/// What the timing suite renders, checked in every `make test` (one render each, no timing).
@Suite struct BackgroundExtensionIPadCanvasTests {
    @Test(arguments: [
        (1472, [ExtensionEdge.leading, .trailing], 2752),
        (2112, [ExtensionEdge.leading], 2752),
        (2752, [ExtensionEdge.leading, .trailing], 4032),
    ])
    func iPadCanvasKeepsTheOriginalPixels(inputWidth: Int, edges: [ExtensionEdge], canvasWidth: Int) throws {
        let image = BackgroundExtensionTimingTests.photo(width: inputWidth, height: 2064)
        let parameters = ExtensionParameters(edges: edges, lengthPoints: ExtensionLengths(all: 320), sigmaPoints: 24, scale: 2)
        let geometry = try BackgroundExtension.geometry(of: image, parameters: parameters)
        let canvas = try BackgroundExtension.canvas(of: image, parameters: parameters)
        #expect(canvas.size == PixelSize(width: canvasWidth, height: 2064))
        #expect(canvas.cropped(to: geometry.originalRect) == image)
    }

    /// The three-pass extended box's measured sigma against the request (SPEC 4.2).
    @Test func effectiveSigmas() {
        for sigma in [2.0, 8, 24, 48, 64] {
            let horizontal = ImpulseResponse.effectiveSigma(sigma: sigma, axis: .horizontal).sigma
            let vertical = ImpulseResponse.effectiveSigma(sigma: sigma, axis: .vertical).sigma
            let plan = GaussianBlurPlan(sigma: sigma)
            print("effective sigma for \(sigma) px (k = \(plan.reductionFactor)): x \(String(format: "%.6f", horizontal)),"
                  + " y \(String(format: "%.6f", vertical)) (error \(String(format: "%+.2e", horizontal / sigma - 1)))")
            #expect(abs(horizontal / sigma - 1) < 0.03 && abs(vertical / sigma - 1) < 0.03)
        }
    }
}
