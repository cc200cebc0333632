// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Almanac",
    products: [
        .executable(name: "almanac", targets: ["almanac"]),
        .library(name: "AlmanacKit", targets: ["AlmanacKit"]),
        .library(name: "AlmanacKinds", targets: ["AlmanacKinds"]),
        .library(name: "AlmanacStore", targets: ["AlmanacStore"]),
        .library(name: "AlmanacSQLite", targets: ["AlmanacSQLite"]),
        .library(name: "AlmanacPostgres", targets: ["AlmanacPostgres"]),
        .library(name: "AlmanacText", targets: ["AlmanacText"]),
        .library(name: "AlmanacArguments", targets: ["AlmanacArguments"]),
        .library(name: "AlmanacOutput", targets: ["AlmanacOutput"]),
        .library(name: "AlmanacServer", targets: ["AlmanacServer"]),
        .library(name: "AlmanacImport", targets: ["AlmanacImport"]),
        .library(name: "AlmanacViews", targets: ["AlmanacViews"]),
    ],
    dependencies: [
        // SHA-256 of imported files (import_log): BoringSSL's, with the CPU's SHA instructions.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        // almanac serve: HTTP/1.1 on SwiftNIO, with its parser's size limits, accept back-off, idle
        // timeouts, graceful shutdown, a router and an in-process test client (docs/serve.md). Its
        // optional swift-configuration support is left off (no trait).
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0", traits: []),
        // What Hummingbird is built on, named by the server: NIO's channel handlers (the answer to a
        // request the parser refuses), HTTP types, the logger, the service group.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.24.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // PostgreSQL's own client library (what psql uses): connections, the COPY protocol, cancel.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // libical (what Evolution and KDE read calendars with): iCalendar files, their time zones and
        // the expansion of recurrence rules.
        .systemLibrary(
            name: "CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
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
        // The store: what the worlds, import, export and reports need of a database (connections,
        // statements, transactions, the failures they report, a statement's deadline), as protocols
        // and values. No engine: nothing in it names SQLite.
        .target(
            name: "AlmanacStore"
        ),
        // The store on SQLite, through its C API: connections, statements, transactions, migrations,
        // the online copy. The only target that imports CSQLite. No world, no zone.
        .target(
            name: "AlmanacSQLite",
            dependencies: ["AlmanacStore", "CSQLite"]
        ),
        // The store on PostgreSQL, through libpq: connections, statements in text form, transactions,
        // COPY FROM STDIN, the migrations under an advisory lock. The only target that imports CLibPQ.
        .target(
            name: "AlmanacPostgres",
            dependencies: ["AlmanacStore", "CLibPQ"]
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
        // The command line's grammar: arguments read into checked values, help, the manual page and
        // completion (the lists of names it completes are handed in). No database, no world.
        .target(
            name: "AlmanacArguments",
            dependencies: ["AlmanacText"]
        ),
        // What every world shares: the kinds' definitions and rules' vocabulary (columns, values,
        // changes, violations), the kinds' names, the store's failures in Almanac's words, the
        // embedded data files. No engine, no world, no output.
        .target(
            name: "AlmanacKinds",
            dependencies: ["AlmanacArguments", "AlmanacText", "AlmanacStore"],
            plugins: ["EmbedResources"]
        ),
        // The worlds, each an API of values over the store: none may use another's (but the quiz the
        // library's settings), the output (how they look is AlmanacViews'), the importer, the pages or SQLite.
        // Advent calendars: holidays, their 24 doors, the order they open in, the calendar state.
        .target(
            name: "AlmanacCalendar",
            dependencies: ["AlmanacArguments", "AlmanacKinds", "AlmanacStore", "AlmanacText"]
        ),
        // iCalendar (RFC 5545) through libical: a file's events read as values, events written as a
        // calendar, recurrence rules expanded. No database, no world. The only target that imports CLibical.
        .target(
            name: "AlmanacICal",
            dependencies: ["AlmanacText", "CLibical"]
        ),
        // Events grouped by day: the agenda over a range of days in a zone, one event, adding and editing.
        .target(
            name: "AlmanacEvents",
            dependencies: ["AlmanacArguments", "AlmanacKinds", "AlmanacStore", "AlmanacText", "AlmanacICal"]
        ),
        // Library loans: the rules of a loan, the listing and its changes, the overdue check and its notices, the library's settings.
        .target(
            name: "AlmanacBooks",
            dependencies: ["AlmanacArguments", "AlmanacKinds", "AlmanacStore", "AlmanacText"]
        ),
        // Countries and the flag quiz: the directory of countries, dealing questions, answers and their scoring.
        .target(
            name: "AlmanacQuiz",
            dependencies: [
                "AlmanacArguments", "AlmanacKinds", "AlmanacStore", "AlmanacText", "AlmanacBooks",
            ]
        ),
        // The snowman animation: its properties and settings, their rules, the timeline and the playback clock.
        .target(
            name: "AlmanacAnimation",
            dependencies: ["AlmanacArguments", "AlmanacKinds", "AlmanacStore", "AlmanacText"]
        ),
        // How the worlds look: their tables, pictures, cards and the quiz's console, rendered by
        // AlmanacOutput's Renderer. Above the worlds, below the commands and pages.
        .target(
            name: "AlmanacViews",
            dependencies: [
                "AlmanacArguments", "AlmanacKinds", "AlmanacOutput", "AlmanacStore", "AlmanacText",
                "AlmanacICal", "AlmanacCalendar", "AlmanacEvents", "AlmanacBooks", "AlmanacQuiz", "AlmanacAnimation",
            ]
        ),
        // Import and export, one room: CSV read with libcsv into each kind's rules and the store, the
        // kinds' registry, the rejects, export, backup, the reference data. Above the worlds.
        .target(
            name: "AlmanacImport",
            dependencies: [
                "AlmanacArguments", "AlmanacKinds", "AlmanacOutput", "AlmanacText", "AlmanacStore",
                "AlmanacCalendar", "AlmanacEvents", "AlmanacBooks", "AlmanacQuiz", "AlmanacAnimation", "CCSV",
                "AlmanacICal",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "AlmanacKit",
            dependencies: [
                "AlmanacArguments", "AlmanacKinds", "AlmanacOutput", "AlmanacText", "AlmanacStore", "AlmanacSQLite",
                "AlmanacPostgres",
                "AlmanacCalendar", "AlmanacEvents", "AlmanacBooks", "AlmanacQuiz", "AlmanacAnimation", "AlmanacImport",
                "AlmanacViews",
            ]
        ),
        // almanac serve: the worlds' pages over HTTP, with their forms. Uses the worlds as the commands do.
        .target(
            name: "AlmanacServer",
            dependencies: [
                "AlmanacArguments", "AlmanacKinds", "AlmanacOutput", "AlmanacText", "AlmanacStore",
                "AlmanacCalendar", "AlmanacEvents", "AlmanacBooks", "AlmanacQuiz", "AlmanacAnimation", "AlmanacImport",
                "AlmanacViews", "AlmanacKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "almanac",
            dependencies: [
                "AlmanacArguments", "AlmanacKinds", "AlmanacOutput", "AlmanacText", "AlmanacStore",
                "AlmanacCalendar", "AlmanacEvents", "AlmanacBooks", "AlmanacQuiz", "AlmanacAnimation", "AlmanacImport",
                "AlmanacViews", "AlmanacKit", "AlmanacServer",
            ]
        ),
        // What both test targets use: a pseudo-terminal, for the tests that need a real terminal.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "AlmanacKitTests",
            dependencies: [
                "AlmanacArguments", "AlmanacKinds", "AlmanacOutput", "AlmanacText", "AlmanacStore", "AlmanacSQLite",
                "AlmanacPostgres",
                "CSQLite", "AlmanacICal",
                "AlmanacCalendar", "AlmanacEvents", "AlmanacBooks", "AlmanacQuiz", "AlmanacAnimation", "AlmanacImport",
                "AlmanacViews", "AlmanacKit", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // Golden files are read from the source tree by path, not bundled.
            exclude: ["Goldens"]
        ),
        // The server in process, through Hummingbird's test client: no socket, no child process.
        .testTarget(
            name: "AlmanacServerTests",
            dependencies: [
                "AlmanacArguments", "AlmanacKinds", "AlmanacOutput", "AlmanacText", "AlmanacStore",
                "AlmanacCalendar", "AlmanacEvents", "AlmanacBooks", "AlmanacQuiz", "AlmanacAnimation", "AlmanacImport",
                "AlmanacViews", "AlmanacKit", "AlmanacServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "AlmanacTests",
            dependencies: [
                "AlmanacArguments", "AlmanacKinds", "AlmanacOutput", "AlmanacText", "AlmanacStore",
                "AlmanacCalendar", "AlmanacEvents", "AlmanacBooks", "AlmanacQuiz", "AlmanacAnimation", "AlmanacImport",
                "AlmanacViews", "AlmanacKit", "almanac", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ]
)
