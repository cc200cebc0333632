import Foundation
import Testing

@testable import AlmanacImport

extension Workdir {
    /// The package's sample files, as a user imports them with `almanac import SampleData`.
    static let sampleFolder = packageRoot.appendingPathComponent("SampleData").path

    /// Copies into this directory, as `name`, a database made by `almanac init` and then
    /// `almanac --db … OPTIONS import SampleData`: made once per test run for each set of options
    /// (`Workdir.prepared`), so a suite whose every test starts from the sample data imports it once.
    func sampleData(_ name: String = "a.db", options: [String] = []) throws {
        let key = (["sample data"] + options).joined(separator: " ")
        try prepared(key, as: name) { template in
            try template.initDatabase("made.db")
            let out = try template.run(["--db", "made.db"] + options + ["import", Self.sampleFolder])
            try #require(out.status == 0, "import SampleData: \(out.stderr)")
        }
    }

    /// Copies into this directory, as `name`, the database `almanac demo` makes: the demo runs once
    /// per test run.
    func demoCopy(_ name: String) throws {
        try prepared("demo", as: name) { try $0.demoDatabase("made.db") }
    }

    /// A directory with the sample database as `almanac.db` (made by `almanac demo`): copy it into
    /// others with `sampleCopy()`, one per run that may change it.
    static func sampleSource() throws -> Workdir {
        let source = try Workdir()
        try source.demoDatabase("almanac.db")
        return source
    }

    /// A new directory with a copy of this one's sample database and the files the examples name
    /// (`ExampleFixtures`): what a user has beside the database after the demo.
    func sampleCopy() throws -> Workdir {
        let copy = try Workdir()
        for file in try FileManager.default.contentsOfDirectory(atPath: url.path) where file.hasPrefix("almanac.db") {
            try FileManager.default.copyItem(atPath: path(file), toPath: copy.path(file))
        }
        if TestStore.isPostgres { try copyServerDatabase("almanac.db", into: copy) }
        try ExampleFixtures.write(into: copy)
        return copy
    }

    /// The environment the examples run in: the binary on PATH, the sample database, and its demo
    /// day as `ALMANAC_TODAY` (nil: the clock's day, as for a user who sets none).
    func exampleEnvironment(today: String? = "2025-12-22") -> [String: String] {
        var environment = [
            "PATH": Workdir.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
            "ALMANAC_DB": path("almanac.db"),
            "TMPDIR": url.path,
        ]
        environment["ALMANAC_TODAY"] = today
        return environment
    }

    /// Runs a command line as a user types it into a shell (quotes, `<`), in the examples' environment.
    func shell(_ line: String, today: String? = "2025-12-22") throws -> Output {
        try run(
            ["-c", line], environment: exampleEnvironment(today: today), executable: URL(fileURLWithPath: "/bin/sh"))
    }
}
