// swift-tools-version:6.0
// FullBleed: hero assets for iOS 26-style detail screens.
//
// Module layering (see docs/architecture.md); each target declares exactly the modules it imports:
//   fullbleed (CLI) -> FullBleedPipeline -> FullBleedCore -> FullBleedColor -> FullBleedImage
//                      FullBleedPipeline -> FullBleedCodecs -> FullBleedColor
//   FullBleedColor -> CLCMS2 (the one place lcms2 is used)
//   FullBleedCodecs -> CFullBleedShims (every setjmp) -> C system libraries
//   FullBleedCore -> CFullBleedKernels (plain C hot loops, AVX2 picked at run time; no library)
//   fullbleed (CLI) -> FullBleedReview -> FullBleedPipeline; FullBleedReview -> CFullBleedHTTP -> libmicrohttpd
import PackageDescription

let package = Package(
    name: "FullBleed",
    products: [
        .executable(name: "fullbleed", targets: ["fullbleed"]),
        .library(name: "FullBleedImage", targets: ["FullBleedImage"]),
        .library(name: "FullBleedColor", targets: ["FullBleedColor"]),
        .library(name: "FullBleedCodecs", targets: ["FullBleedCodecs"]),
        .library(name: "FullBleedCore", targets: ["FullBleedCore"]),
        .library(name: "FullBleedPipeline", targets: ["FullBleedPipeline"]),
        .library(name: "FullBleedFaces", targets: ["FullBleedFaces"]),
        // Fuzz targets (libFuzzer + ASan, `make fuzz`): build one at a time with `--product`.
        .executable(name: "FuzzJPEG", targets: ["FuzzJPEG"]),
        .executable(name: "FuzzPNG", targets: ["FuzzPNG"]),
        .executable(name: "FuzzWebP", targets: ["FuzzWebP"]),
        .executable(name: "FuzzProbe", targets: ["FuzzProbe"]),
        .executable(name: "FuzzPipelineJSON", targets: ["FuzzPipelineJSON"]),
        .executable(name: "FuzzSidecar", targets: ["FuzzSidecar"]),
        .executable(name: "FuzzHEIF", targets: ["FuzzHEIF"]),
        // End of fuzz targets.
        // SwiftPM command plugin: `swift package --allow-writing-to-package-directory fullbleed` (docs/xcode.md, "The SwiftPM plugin").
        .plugin(name: "FullBleedPlugin", targets: ["FullBleedPlugin"]),
        // End of plugin.
    ],
    targets: [
        // C system libraries from Debian, or Homebrew on macOS (installed by `make deps`; docs/install.md, "On a Mac").
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"]), .brew(["libheif"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),

        // The one C target: wraps libjpeg/libpng calls whose errors arrive by longjmp.
        .target(name: "CFullBleedShims", dependencies: ["CJPEG", "CPNG"]),

        // Pixel buffer value type, geometry, colour-space tag. No C, no I/O.
        .target(name: "FullBleedImage"),
        // Profiles, transforms, primaries, transfer curves and row converters: the one place lcms2 is used.
        .target(name: "FullBleedColor", dependencies: ["FullBleedImage", "CLCMS2"]),
        // Decode/encode from bytes, sniffing, EXIF, ICC.
        .target(name: "FullBleedCodecs", dependencies: ["FullBleedImage", "FullBleedColor", "CFullBleedShims", "CWebP", "CHeif"]),
        // Pure operations (Image, params) -> Image / metrics. No C library.
        // Plain C hot loops (no library) with AVX2 builds picked at run time; bit-identical to Core's Swift path.
        .target(name: "CFullBleedKernels"),
        .target(name: "FullBleedCore", dependencies: ["FullBleedImage", "FullBleedColor", "CFullBleedKernels"]),
        // Pipeline specs, planning, runner, manifest, writers: the only file-system code.
        .target(name: "FullBleedPipeline", dependencies: ["FullBleedImage", "FullBleedColor", "FullBleedCodecs", "FullBleedCore", "FullBleedFaces", "CCrypto"]),
        // Face detection (docs/subjects.md, "Face detection"): dlib's HOG frontal-face detector through a C++ shim.
        // liblapack/libblas are named by soname: dlib's SVD code in the headers calls LAPACK, and Debian's
        // libdlib-dev does not pull in the unversioned -dev symlinks. FullBleedCore does not depend on this.
        .target(
            name: "CFullBleedFaces",
            // (On macOS, unchecked: Homebrew's dlib, LAPACK from Accelerate; the `:soname` form is GNU ld's.)
            linkerSettings: [.linkedLibrary("dlib"), .linkedLibrary(":liblapack.so.3", .when(platforms: [.linux])),
                             .linkedLibrary(":libblas.so.3", .when(platforms: [.linux])), .linkedFramework("Accelerate", .when(platforms: [.macOS])),
                             .linkedLibrary("pthread")]
        ),
        .target(name: "FullBleedFaces", dependencies: ["FullBleedImage", "FullBleedColor", "CFullBleedFaces"]),
        // The git commit `make build` stamps into the binary for `fullbleed --version` (no library).
        .target(name: "CFullBleedBuildStamp"),
        // `fullbleed review` (docs/review-server.md): libmicrohttpd through a small C shim (its variadic start
        // call and the bounded upload buffer), the loopback server, its page and the sidecar writes.
        .target(name: "CFullBleedHTTP", dependencies: ["CMicroHTTPD"]),
        .target(name: "FullBleedReview", dependencies: ["FullBleedPipeline", "FullBleedCore", "CFullBleedHTTP", "CCrypto"]),
        // Argument parsing, progress, exit codes.
        .executableTarget(name: "fullbleed", dependencies: ["FullBleedPipeline", "FullBleedReview", "FullBleedCore", "FullBleedCodecs", "CFullBleedBuildStamp"]),

        // Shared fixtures and image comparison helpers for every test target.
        .target(name: "FullBleedTestSupport", dependencies: ["FullBleedImage"], path: "Tests/FullBleedTestSupport"),
        .testTarget(name: "FullBleedImageTests", dependencies: ["FullBleedImage", "FullBleedTestSupport"]),
        .testTarget(name: "FullBleedColorTests", dependencies: ["FullBleedColor", "FullBleedImage", "FullBleedCodecs", "FullBleedTestSupport", "CLCMS2"]),
        .testTarget(name: "FullBleedCodecsTests", dependencies: ["FullBleedCodecs", "FullBleedImage", "FullBleedTestSupport"]),
        .testTarget(name: "FullBleedCoreTests", dependencies: ["FullBleedCore", "FullBleedColor", "FullBleedImage", "FullBleedCodecs", "FullBleedTestSupport"]),
        .testTarget(name: "FullBleedPipelineTests", dependencies: ["FullBleedPipeline", "FullBleedCore", "FullBleedColor", "FullBleedCodecs", "FullBleedImage", "FullBleedTestSupport"]),
        .testTarget(name: "FullBleedFacesTests", dependencies: ["FullBleedFaces", "CFullBleedFaces", "FullBleedCodecs", "FullBleedCore", "FullBleedImage", "FullBleedTestSupport"]),
        .testTarget(name: "FullBleedCLITests", dependencies: ["fullbleed", "FullBleedPipeline", "FullBleedCodecs", "FullBleedImage", "FullBleedTestSupport"]),

        // Fuzz targets: files are not main.swift; libFuzzer supplies main (`--sanitize=fuzzer`).
        .target(name: "FuzzSupport", dependencies: ["FullBleedCodecs", "FullBleedImage"], path: "Sources/Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzJPEG", dependencies: ["FuzzSupport", "FullBleedCodecs"], path: "Sources/Fuzz/FuzzJPEG"),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzSupport", "FullBleedCodecs"], path: "Sources/Fuzz/FuzzPNG"),
        .executableTarget(name: "FuzzWebP", dependencies: ["FuzzSupport", "FullBleedCodecs"], path: "Sources/Fuzz/FuzzWebP"),
        .executableTarget(name: "FuzzProbe", dependencies: ["FuzzSupport"], path: "Sources/Fuzz/FuzzProbe"),
        .executableTarget(name: "FuzzPipelineJSON", dependencies: ["FuzzSupport", "FullBleedPipeline"], path: "Sources/Fuzz/FuzzPipelineJSON"),
        .executableTarget(name: "FuzzSidecar", dependencies: ["FuzzSupport", "FullBleedPipeline"], path: "Sources/Fuzz/FuzzSidecar"),
        .executableTarget(name: "FuzzHEIF", dependencies: ["FuzzSupport", "FullBleedCodecs"], path: "Sources/Fuzz/FuzzHEIF"),
        // End of fuzz targets.

        // SwiftPM command plugin: runs `fullbleed build` over a package's Heroes folder.
        .plugin(
            name: "FullBleedPlugin",
            capability: .command(
                intent: .custom(verb: "fullbleed", description: "Build hero assets and manifest.json from the package's Heroes folder with the fullbleed CLI"),
                permissions: [.writeToPackageDirectory(reason: "fullbleed writes the hero derivatives and manifest.json into the package (default Generated/Heroes)")]
            ),
            // No dependency on the `fullbleed` product: SwiftPM would build it in debug before every run; the
            // plugin asks for a release build itself (`packageManager.build`).
            path: "Sources/FullBleedPlugin"
        ),
        // End of plugin.
    ],
    cxxLanguageStandard: .cxx17
)
