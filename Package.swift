// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Almanac",
    products: [
        .executable(name: "almanac", targets: ["almanac"]),
        .library(name: "AlmanacKit", targets: ["AlmanacKit"]),
        .library(name: "AlmanacSQLite", targets: ["AlmanacSQLite"]),
        .library(name: "AlmanacText", targets: ["AlmanacText"]),
        .library(name: "AlmanacOutput", targets: ["AlmanacOutput"]),
        .library(name: "AlmanacServer", targets: ["AlmanacServer"]),
    ],
    dependencies: [
        // SHA-256 of imported files (import_log): BoringSSL's, with the CPU's SHA instructions.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
        // almanac serve: a small HTTP/1.1 server on the system's sockets (epoll), with no other dependency.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.0"),
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
        // The layers, lowest first; each may use only those below it (docs/architecture.md).
        // SQLite through its C API: connections, statements, transactions, migrations. No world, no zone.
        .target(
            name: "AlmanacSQLite",
            dependencies: ["CSQLite"]
        ),
        // Words and time: errors, translations, plurals, formats, dates, zones, display width.
        // No database, no world.
        .target(
            name: "AlmanacText",
            plugins: ["EmbedResources"]
        ),
        // Tables, formats and the renderer, HTML and SVG, the terminal, and the checked writer with the
        // output-path guard that every byte written goes through. No database, no world.
        .target(
            name: "AlmanacOutput",
            dependencies: ["AlmanacText"]
        ),
        .target(
            name: "AlmanacKit",
            dependencies: [
                "AlmanacOutput", "AlmanacText", "AlmanacSQLite", "CSQLite", "CCSV",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            plugins: ["EmbedResources"]
        ),
        // almanac serve: the worlds' pages over HTTP, with their forms. Uses the worlds as the commands do.
        .target(
            name: "AlmanacServer",
            dependencies: [
                "AlmanacKit", "AlmanacOutput", "AlmanacText", "AlmanacSQLite",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "almanac",
            dependencies: ["AlmanacKit", "AlmanacOutput", "AlmanacText", "AlmanacSQLite", "AlmanacServer"]
        ),
        // What both test targets use: a pseudo-terminal, for the tests that need a real terminal.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "AlmanacKitTests",
            dependencies: [
                "AlmanacKit", "AlmanacOutput", "AlmanacText", "AlmanacSQLite", "CSQLite", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // Golden files are read from the source tree by path, not bundled.
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "AlmanacTests",
            dependencies: [
                "almanac", "AlmanacKit", "AlmanacOutput", "AlmanacText", "AlmanacSQLite", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ]
)
