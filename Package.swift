// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MarkupKit",
    products: [
        .library(name: "MarkupCore", targets: ["MarkupCore"]),
        .library(name: "MarkupModel", targets: ["MarkupModel"]),
        .library(name: "MarkupFormat", targets: ["MarkupFormat"]),
        .library(name: "MarkupInk", targets: ["MarkupInk"]),
        .library(name: "MarkupRender", targets: ["MarkupRender"]),
        .library(name: "MarkupInterchange", targets: ["MarkupInterchange"]),
        .library(name: "MarkupEditor", targets: ["MarkupEditor"]),
        .library(name: "MarkupStore", targets: ["MarkupStore"]),
        .library(name: "MarkupServer", targets: ["MarkupServer"]),
        .executable(name: "markupkit", targets: ["markupkit"]),
        .executable(name: "markupkit-bench", targets: ["markupkit-bench"]),
    ],
    targets: [
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CWebSockets", pkgConfig: "libwebsockets", providers: [.apt(["libwebsockets-dev"])]),
        .systemLibrary(name: "CJSON", pkgConfig: "libcjson", providers: [.apt(["libcjson-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .systemLibrary(name: "CEpoll"),

        // The Foundation-free core: compiled here for the native build, and by `make wasm` (with
        // MarkupInk and MarkupInkWasm) into the browser's ink module.
        .target(name: "MarkupCore"),
        .target(name: "MarkupModel", dependencies: ["MarkupCore", "CCrypto"]),
        .target(name: "MarkupFormat", dependencies: ["MarkupModel", "CZlib", "CDeflate"]),
        .target(name: "MarkupInk", dependencies: ["MarkupCore"]),
        .target(name: "MarkupRender", dependencies: ["MarkupModel", "MarkupFormat", "MarkupInk", "CCairo", "CPango", "CGdkPixbuf", "CPoppler"]),
        .target(name: "MarkupInterchange", dependencies: ["MarkupModel", "MarkupFormat", "MarkupInk", "MarkupRender", "MarkupEditor", "CLibXML2", "CJSON", "CZlib"]),
        .target(name: "MarkupEditor", dependencies: ["MarkupModel", "MarkupInk"]),
        .target(name: "MarkupStore", dependencies: ["MarkupModel", "MarkupFormat", "CSQLite", "CLibPQ"]),
        .target(
            name: "MarkupServer",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupInk", "MarkupRender", "MarkupInterchange", "MarkupEditor", "MarkupStore", "CWebSockets", "CJSON"],
            resources: [.copy("Web")]
        ),
        .target(name: "MarkupTestSupport", dependencies: ["MarkupModel", "MarkupInk", "CCairo"]),

        .executableTarget(
            name: "markupkit",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupInk", "MarkupRender", "MarkupInterchange", "MarkupStore", "MarkupServer", "MarkupTestSupport"]
        ),
        .executableTarget(
            name: "markupkit-bench",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupInk", "MarkupRender", "MarkupInterchange", "MarkupEditor", "MarkupStore", "MarkupServer", "MarkupTestSupport", "CCairo", "CEpoll"]
        ),

        .testTarget(name: "MarkupModelTests", dependencies: ["MarkupModel", "MarkupTestSupport"]),
        .testTarget(name: "MarkupInkTests", dependencies: ["MarkupModel", "MarkupInk", "MarkupTestSupport"]),
        .executableTarget(
            name: "markupkit-fuzz",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupInterchange", "MarkupRender", "MarkupEditor", "MarkupStore", "MarkupServer", "MarkupTestSupport"]
        ),
        .executableTarget(
            name: "markupkit-autosave-probe",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupStore", "MarkupTestSupport"]
        ),
        .testTarget(
            name: "MarkupStoreTests",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupStore", "MarkupTestSupport", "markupkit-autosave-probe"]
        ),
        .testTarget(
            name: "MarkupServerTests",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupInk", "MarkupEditor", "MarkupStore", "MarkupServer", "MarkupInterchange", "MarkupTestSupport", "markupkit"]
        ),
        .testTarget(name: "MarkupEditorTests", dependencies: ["MarkupModel", "MarkupInk", "MarkupEditor", "MarkupTestSupport"]),
        .testTarget(
            name: "MarkupRenderTests",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupInk", "MarkupRender", "MarkupTestSupport", "CCairo", "CGdkPixbuf"],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "MarkupInterchangeTests",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupInk", "MarkupRender", "MarkupInterchange", "MarkupTestSupport", "CCairo"]
        ),
        .testTarget(
            name: "MarkupFormatTests",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupTestSupport"]
        ),
        .testTarget(
            name: "MarkupCLITests",
            dependencies: ["MarkupModel", "MarkupFormat", "MarkupRender", "MarkupStore", "MarkupServer", "MarkupTestSupport", "markupkit", "markupkit-fuzz"]
        ),
    ]
)
