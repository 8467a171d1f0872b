// swift-tools-version:6.0
// A tiny app package that uses the FullBleed command plugin (PluginTests copies it and points the
// dependency at the repository root):
//   swift package --allow-writing-to-package-directory fullbleed --pipeline Pipelines/fixture.json
import PackageDescription

let package = Package(
    name: "HeroFixture",
    products: [.library(name: "HeroFixture", targets: ["HeroFixture"])],
    dependencies: [
        .package(name: "FullBleed", path: "../../.."),
    ],
    targets: [
        .target(name: "HeroFixture"),
    ]
)
