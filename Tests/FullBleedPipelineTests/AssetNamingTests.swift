import Testing
@testable import FullBleedPipeline

@Suite struct AssetNamingTests {
    @Test func plainNamesStayReadable() {
        #expect(AssetNaming.assetKey(forRelativePath: "a.jpg") == "a-jpg")
        #expect(AssetNaming.assetKey(forRelativePath: "trips/2024/beach_1.webp") == "trips/2024/beach_1-webp")
    }

    @Test func sameStemDifferentFormatsDoNotCollide() {
        #expect(AssetNaming.assetKey(forRelativePath: "a.jpg") != AssetNaming.assetKey(forRelativePath: "a.png"))
    }

    @Test func namesThatCollideAfterSanitisingStayDistinct() {
        let inputs = ["a b.jpg", "a_b.jpg", "a\nb.jpg", "a\u{FF}b.jpg", "ä b.jpg", "a?b.jpg"]
        let keys = inputs.map(AssetNaming.assetKey(forRelativePath:))
        #expect(Set(keys).count == inputs.count)
        for key in keys {
            #expect(key.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 })
        }
    }

    @Test func dotsAndTraversalCannotEscape() {
        for path in ["../../etc/passwd", "..", ".hidden.jpg", "a/../b.jpg"] {
            let key = AssetNaming.assetKey(forRelativePath: path)
            #expect(!key.split(separator: "/").contains { $0 == ".." || $0 == "." || $0.hasPrefix(".") }, "\(path) -> \(key)")
        }
    }
}
