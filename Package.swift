// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MarkupKit",
    products: [
        .library(name: "MarkupModel", targets: ["MarkupModel"]),
        .library(name: "MarkupFormat", targets: ["MarkupFormat"]),
        .library(name: "MarkupInk", targets: ["MarkupInk"]),
        .executable(name: "markupkit", targets: ["markupkit"]),
        .executable(name: "markupkit-bench", targets: ["markupkit-bench"]),
    ],
    targets: [
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        .target(name: "MarkupModel"),
        .target(name: "MarkupFormat", dependencies: ["MarkupModel", "CZlib"]),
        .target(name: "MarkupInk", dependencies: ["MarkupModel"]),
        .target(name: "MarkupTestSupport", dependencies: ["MarkupModel"]),

        .executableTarget(
            name: "markupkit",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupTestSupport"]
        ),
        .executableTarget(
            name: "markupkit-bench",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupInk", "MarkupTestSupport"]
        ),

        .testTarget(name: "MarkupModelTests", dependencies: ["MarkupModel", "MarkupTestSupport"]),
        .testTarget(name: "MarkupInkTests", dependencies: ["MarkupModel", "MarkupInk", "MarkupTestSupport"]),
        .testTarget(
            name: "MarkupFormatTests",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupTestSupport"]
        ),
        .testTarget(
            name: "MarkupCLITests",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupTestSupport", "markupkit"]
        ),
    ]
)
