// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Almanac",
    products: [
        .executable(name: "almanac", targets: ["almanac"]),
        .library(name: "AlmanacKit", targets: ["AlmanacKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CCSV",
            providers: [.apt(["libcsv-dev"])]
        ),
        .executableTarget(
            name: "EmbedTool",
            path: "Sources/EmbedTool"
        ),
        .plugin(
            name: "EmbedResources",
            capability: .buildTool(),
            dependencies: ["EmbedTool"]
        ),
        .target(
            name: "AlmanacKit",
            dependencies: ["CSQLite", "CCSV"],
            plugins: ["EmbedResources"]
        ),
        .executableTarget(
            name: "almanac",
            dependencies: ["AlmanacKit"]
        ),
        // What both test targets use: a pseudo-terminal, for the tests that need a real terminal.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "AlmanacKitTests",
            dependencies: ["AlmanacKit", "CSQLite", "TestSupport"],
            // Golden files are read from the source tree by path, not bundled.
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "AlmanacTests",
            dependencies: ["almanac", "AlmanacKit", "TestSupport"]
        ),
    ]
)
