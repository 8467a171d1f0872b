import Foundation
import Testing
import FullBleedColor
@testable import FullBleedPipeline
import FullBleedTestSupport

@Suite struct SwiftSourceEmitterTests {
    @Test(arguments: [
        ("lomiri_Bridge_by_Sander_Klootwijk-jpg", "lomiriBridgeBySanderKlootwijkJpg"),
        ("IMG_0042-JPG", "img0042JPG"),
        ("2024-06-trip-jpg", "hero202406TripJpg"),
        ("trip/sk_chelsea-png", "tripSkChelseaPng"),
        ("Beach.Day-jpg-1a2b3c4d", "beachDayJpg1a2b3c4d"),
        ("---", "hero"),
    ])
    func memberNamesAreLowerCamelCase(key: String, expected: String) {
        #expect(SwiftIdentifier.memberName(forKey: key) == expected)
    }

    @Test func collisionsKeywordsAndReservedNamesResolveDeterministically() {
        let names = SwiftIdentifier.uniqueMemberNames(forKeys: ["a-b-jpg", "a_b-jpg", "all", "default", "a.b-jpg"],
                                                      reserved: SwiftSourceEmitter.reservedMemberNames)
        #expect(names == ["aBJpg", "aBJpg_2", "all_2", "`default`", "aBJpg_3"])
        #expect(SwiftIdentifier.isValidTypeName("Heroes") && SwiftIdentifier.isValidTypeName("_Heroes2"))
        #expect(!SwiftIdentifier.isValidTypeName("struct") && !SwiftIdentifier.isValidTypeName("My-Heroes") && !SwiftIdentifier.isValidTypeName(""))
        #expect(SwiftIdentifier.stringLiteral("a\"b\\c\n\u{1}\\(x)") == #""a\"b\\c\n\u{1}\\(x)""#)
    }

    /// The `swiftc` beside the `swift` on PATH.
    static func swiftc() throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(folder) + "/swiftc"
            if FileManager.default.isExecutableFile(atPath: String(folder) + "/swift"), FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no swiftc beside swift on PATH"])
    }

    /// Runs `executable arguments` and returns its exit status and combined output.
    static func run(_ executable: String, _ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static let mainSource = #"""
    func text(_ value: String?) -> String { value ?? "-" }
    for hero in TestHeroes.all {
        print("hero \(hero.id) \(hero.sourcePath) alt=\(text(hero.altText)) image=\(text(hero.imageName)) scrim=\(text(hero.scrimImageName))")
        for t in hero.targets {
            let scrim = t.toolbar?.scrim.map { "\($0.color.red)/\($0.opacity)/\($0.heightPoints)/\($0.stops.count)/\($0.stops.last!.opacity)" }
            print("target \(t.deviceID) \(t.idiom.rawValue) image=\(text(t.imageName)) scrimImage=\(text(t.scrimImageName)) extended=\(text(t.extendedImageName)) "
                  + "scheme=\(text(t.toolbar?.colorScheme.rawValue)) edge=\(text(t.toolbar?.scrollEdgeStyle.rawValue)) scrim=\(text(scrim)) "
                  + "collapse=\(t.layout.map { "\($0.collapseOffsetPoints)" } ?? "-") stretch=\(t.layout.map { "\($0.maximumStretch)" } ?? "-")")
        }
        print("placeholders \(text(hero.thumbHash)) \(text(hero.blurHash)) \(hero.averageColor.map { "\($0.red) \($0.green) \($0.blue) \($0.alpha)" } ?? "-")")
    }
    print("named \(text(TestHeroes.named("sk_retina-jpg")?.id)) \(TestHeroes.skRetinaJpg.toolbar == TestHeroes.skRetinaJpg.targets.first?.toolbar) \(TestHeroes.catalogName)")
    let hero = TestHeroes.skRetinaJpg
    for (idiom, width) in [(TestHeroes.Idiom.ipad, 744.0), (.ipad, 1056), (.iphone, 402), (.iphone, 375), (.iphone, 300), (nil, 744)] as [(TestHeroes.Idiom?, Double)] {
        print("select \(idiom?.rawValue ?? "none") \(width) -> \(text(hero.target(for: idiom, widthPoints: width)?.deviceID))")
    }
    let phone = hero.targets[0]
    for offset in [-1000.0, -40, 0, 71, phone.collapseOffsetPoints, 2000] {
        print("scroll \(offset) progress=\(phone.collapseProgress(scrollOffsetPoints: offset)) title=\(phone.showsInlineTitle(scrollOffsetPoints: offset)) stretch=\(phone.stretchScale(scrollOffsetPoints: offset))")
    }
    print("keyword \(TestHeroes.`default`.id) \(TestHeroes.skRetinaJpg_2.id)")
    """#

    /// What `mainSource` must print for `manifest`, computed here from the manifest records.
    static func expectedOutput(_ manifest: Manifest) -> String {
        func text(_ value: String?) -> String { value ?? "-" }
        var lines: [String] = []
        for asset in manifest.assets {
            let devices = asset.targets.filter { $0.kind == .device }
            let plain = devices.contains { $0.derivatives.contains { !$0.files.isEmpty && $0.kind == .plain } }
            // The hero's own sets hold the first device of each idiom; a later device's scrim is in its own set.
            var idioms: Set<Bool> = []
            let heroSetDevices = devices.filter { idioms.insert($0.device!.id.hasPrefix("ipad")).inserted }
            let scrimmed = heroSetDevices.contains { $0.derivatives.contains { !$0.files.isEmpty && $0.kind == .scrim } }
            lines.append("hero \(asset.key) \(asset.source.path) alt=\(text(asset.altText)) image=\(plain ? asset.key : "-") scrim=\(scrimmed ? asset.key + "-scrim" : "-")")
            var firstOfIdiom: Set<String> = []
            for target in devices {
                let device = target.device!
                let idiom = device.id.hasPrefix("ipad") ? "ipad" : "iphone"
                let base = firstOfIdiom.insert(idiom).inserted ? asset.key : asset.key + "-" + device.id
                let hasScrim = target.derivatives.contains { $0.kind == .scrim }
                let hasCanvas = (target.extensions ?? []).contains { $0.part == .canvas }
                let recommendation = target.recommendation
                let scheme = recommendation.map { $0.glyphColor == .white ? "dark" : "light" }
                let scrim = recommendation?.scrim.map { "\($0.color == .white ? 1.0 : 0.0)/\($0.opacity)/\($0.heightPoints)/\($0.stops.count)/\($0.stops.last!.opacity)" }
                lines.append("target \(device.id) \(idiom) image=\(base) scrimImage=\(hasScrim ? base + "-scrim" : "-") extended=\(hasCanvas ? base + "-extended" : "-") "
                             + "scheme=\(text(scheme)) edge=\(text(recommendation?.scrollEdgeEffect.rawValue)) scrim=\(text(scrim)) "
                             + "collapse=\(device.maximumStretch == nil ? "-" : "\(device.collapseOffsetPoints)") stretch=\(device.maximumStretch.map { "\($0)" } ?? "-")")
            }
            let p = asset.placeholders
            lines.append("placeholders \(text(p?.thumbHash?.base64)) \(text(p?.blurHash?.string)) \(p?.averageColor.flatMap(SRGBColor.init(hex:)).map { "\($0.red) \($0.green) \($0.blue) \($0.alpha)" } ?? "-")")
        }
        lines.append("named sk_retina-jpg true Test Heroes.xcassets")
        // Device selection, computed here independently: the idiom's targets (all when none), closest width, first on a tie.
        let retina = manifest.assets.first { $0.key == "sk_retina-jpg" }!
        let devices = retina.targets.filter { $0.kind == .device }.map { $0.device! }
        for (idiom, width) in [("ipad", 744.0), ("ipad", 1056), ("iphone", 402), ("iphone", 375), ("iphone", 300), ("none", 744)] {
            let ofIdiom = devices.filter { ($0.id.hasPrefix("ipad") ? "ipad" : "iphone") == idiom }
            let pool = ofIdiom.isEmpty ? devices : ofIdiom
            let best = pool.enumerated().min { a, b in
                let (da, db) = (abs(a.element.widthPoints - width), abs(b.element.widthPoints - width))
                return da != db ? da < db : a.offset < b.offset
            }?.element.id
            lines.append("select \(idiom) \(width) -> \(text(best))")
        }
        let layout = retina.targets.first { $0.kind == .device }!.device!
        for offset in [-1000.0, -40, 0, 71, layout.collapseOffsetPoints, 2000] {
            let progress = min(max(offset / layout.collapseOffsetPoints, 0), 1)
            let stretch = min(1 + max(-offset, 0) / layout.heroHeightPoints, max(layout.maximumStretch!, 1))
            lines.append("scroll \(offset) progress=\(progress) title=\(offset >= layout.collapseOffsetPoints) stretch=\(stretch)")
        }
        lines.append("keyword default sk.retina-jpg")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func generatedSwiftCompilesAndHoldsTheManifestValues() throws {
        let fixture = try EmitFixture("swift")
        defer { fixture.remove() }
        try fixture.build()
        var manifest = try fixture.manifest()
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.out + "/Xcode/TestHeroes.swift"))
                == Data(SwiftSourceEmitter.source(manifest: manifest, spec: fixture.spec).utf8))

        // Hostile keys and text: a keyword, a collision, quotes, backslashes, interpolation and a newline.
        var keyword = manifest.assets[0]
        keyword.key = "default"
        keyword.source.path = "default"
        keyword.altText = "A \"quoted\" \\(not interpolated) alt\nwith a newline"
        var collision = manifest.assets[0]
        collision.key = "sk.retina-jpg"
        collision.source.path = "sk.retina.jpg"
        manifest.assets += [keyword, collision]
        let source = SwiftSourceEmitter.source(manifest: manifest, spec: fixture.spec)
        #expect(source.contains("public static let skRetinaJpg_2 = Hero("))
        #expect(source.contains("#if canImport(SwiftUI)") && source.contains("scrollEdgeEffectStyle") && source.contains("if #available(iOS 26.0, *)"))
        #expect(SwiftSourceEmitter.source(manifest: manifest, spec: fixture.spec) == source)

        let work = fixture.directory.path + "/swiftc"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try Data(source.utf8).write(to: URL(fileURLWithPath: work + "/TestHeroes.swift"))
        try Data(Self.mainSource.utf8).write(to: URL(fileURLWithPath: work + "/main.swift"))
        let compile = try Self.run(try Self.swiftc(), ["-swift-version", "6", "-warnings-as-errors", "-o", work + "/heroes", "TestHeroes.swift", "main.swift"], in: work)
        try #require(compile.status == 0, "swiftc failed:\n\(compile.output)")
        let run = try Self.run(work + "/heroes", [], in: work)
        #expect(run.status == 0)
        #expect(run.output == Self.expectedOutput(manifest))
        // On an iPad width the iPad target is chosen, on the iPhone 17 Pro width the iPhone 17 Pro one.
        #expect(run.output.contains("select ipad 744.0 -> ipad-mini") && run.output.contains("select iphone 402.0 -> iphone-17-pro"), "\(run.output)")
    }

    /// The SwiftUI part, type-checked against a stub of exactly the SwiftUI and UIKit declarations it
    /// uses (`Tests/Fixtures/swiftui-stub`, each signature copied from Apple's documentation): once as
    /// with the iOS 26 SDK, once as with the iOS 18 SDK (its compiler is older than 6.2, so the
    /// `#if compiler(>=6.2)` branches drop out; the stub then lacks the iOS 26 declarations). `#if os(iOS)`
    /// is taken as on iOS. A wrong label, type or a missing guard fails here.
    @Test func theSwiftUIPartTypeChecksWithTheIOS18AndIOS26SDKs() throws {
        let fixture = try EmitFixture("swiftui-stub")
        defer { fixture.remove() }
        try fixture.build()
        let source = SwiftSourceEmitter.source(manifest: try fixture.manifest(), spec: fixture.spec)
        #expect(source.contains("#if os(iOS)") && source.contains("#if compiler(>=6.2)") && source.contains("public struct HeroHeader"))
        let onIOS = source.replacingOccurrences(of: "#if os(iOS)", with: "#if true")
        let work = fixture.directory.path + "/typecheck"
        let stub = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/swiftui-stub").path
        let swiftc = try Self.swiftc()

        func typecheck(_ text: String, sdk: String) throws -> (status: Int32, output: String) {
            let folder = work + "/" + sdk
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for module in ["UIKit", "SwiftUI"] {  // SwiftUI's Image(uiImage:) takes UIKit's UIImage
                let flags = sdk == "ios26" && module == "SwiftUI" ? ["-D", "FULLBLEED_STUB_IOS26"] : []
                let built = try Self.run(swiftc, ["-swift-version", "6", "-parse-as-library", "-warnings-as-errors", "-emit-module", "-module-name", module, "-I", folder]
                                         + flags + ["-emit-module-path", folder + "/\(module).swiftmodule", stub + "/\(module).swift"], in: folder)
                try #require(built.status == 0, "stub \(module) (\(sdk)) failed:\n\(built.output)")
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/TestHeroes.swift"))
            return try Self.run(swiftc, ["-swift-version", "6", "-typecheck", "-warnings-as-errors", "-I", folder, "TestHeroes.swift"], in: folder)
        }

        let ios26 = try typecheck(onIOS, sdk: "ios26")
        #expect(ios26.status == 0, "iOS 26 SDK:\n\(ios26.output)")
        let ios18 = try typecheck(onIOS.replacingOccurrences(of: "compiler(>=6.2)", with: "false"), sdk: "ios18")
        #expect(ios18.status == 0, "iOS 18 SDK:\n\(ios18.output)")
        // The check can fail: without the compiler guard the iOS 18 SDK lacks the iOS 26 API.
        let unguarded = try typecheck(onIOS, sdk: "ios18")
        #expect(unguarded.status != 0 && unguarded.output.contains("ScrollEdgeEffectStyle"), "\(unguarded.output)")
        // A Linux target does not enforce iOS availability: every call of an iOS 26 declaration (those the
        // stub marks @available(iOS 26.0, *)) must sit in an `if #available(iOS 26.0, *)` inside `#if compiler(>=6.2)`.
        let stubText = try String(contentsOfFile: stub + "/SwiftUI.swift", encoding: .utf8).split(separator: "\n").map(String.init)
        var ios26Names: [String] = []
        for (index, line) in stubText.enumerated() where line.contains("@available(iOS 26.0, *)") && index + 1 < stubText.count {
            let next = stubText[index + 1]
            if let range = next.range(of: "func ") { ios26Names.append(String(next[range.upperBound...].prefix { $0 != "(" && $0 != "<" })) }
        }
        #expect(ios26Names.sorted() == ["backgroundExtensionEffect", "scrollEdgeEffectStyle"])
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() where ios26Names.contains(where: { line.contains(".\($0)(") }) {
            let before = lines[..<index]
            #expect(before.last { $0.contains("#available(") }?.contains("if #available(iOS 26.0, *)") == true, "line \(index + 1): \(line)")
            #expect(before.last { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#if ") }?.trimmingCharacters(in: .whitespaces) == "#if compiler(>=6.2)",
                    "line \(index + 1): \(line)")
        }
    }
}
