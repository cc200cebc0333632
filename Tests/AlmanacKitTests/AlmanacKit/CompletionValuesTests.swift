import AlmanacStore
import Foundation
import Testing

@testable import AlmanacArguments
@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite
@testable import AlmanacText

/// The lists completion reads: from the database named on the line, without creating or changing
/// anything, empty on any problem; and the system's time-zone names.
@Suite struct CompletionValuesTests {
    let directory: TemporaryDirectory
    var path: String { directory.path("almanac.db") }

    init() throws {
        directory = try TemporaryDirectory()
        let database = try Store.create(directory.path("almanac.db"))
        let kinds: [ImportKind] = [.holidays, .doors, .animationProperties, .animationSettings]
        let files = kinds.map { (kind: $0, path: SampleDatabase.sampleFolder.appendingPathComponent($0.fileName).path) }
        _ = try Importer(database: database, options: ImportOptions(today: LocalDate("2025-12-22")!)).run(files)
    }

    func values(_ list: CompletionList, _ line: [String], prefix: String = "", environment: [String: String] = [:])
        -> [String]
    {
        let invocation = ArgumentScanner(
            globals: [CommandSpec.Option(names: ["--db"], valueName: "path")],
            lookup: { _ in
                CommandSpec(
                    path: [], options: [CommandSpec.Option(names: ["--reports-dir"], valueName: "dir")],
                    positionals: [CommandSpec.Positional(valueName: "name", isOptional: true)])
            }
        ).scan(line)
        return CompletionValues.values(list, invocation, prefix: prefix, environment: environment)
    }

    func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    }

    @Test func readsTheDatabaseNamedOnTheLineAndCreatesNothing() throws {
        let before = try listing()
        let hash = try Data(contentsOf: directory.url.appendingPathComponent("almanac.db"))
        #expect(values(.holidays, ["--db", path]) == ["christmas", "hanukkah", "new-year", "rozhdestvo"])
        #expect(values(.holidays, [], prefix: "h", environment: ["ALMANAC_DB": path]) == ["hanukkah"])
        #expect(values(.settings, ["--db=" + path]).first == "Wobble")
        #expect(values(.propertyAssignments, ["--db", path], prefix: "op") == ["opacity="])
        #expect(try listing() == before, "no -wal or -shm file is left")
        #expect(try Data(contentsOf: directory.url.appendingPathComponent("almanac.db")) == hash)
    }

    @Test func readsThroughTheLogWhileAWriterHasItOpen() throws {
        let writer = try Store.open(path)
        try writer.execute("INSERT INTO holidays (key, title) VALUES ('diwali', 'Diwali')")
        #expect(values(.holidays, ["--db", path], prefix: "d") == ["diwali"])
    }

    @Test func anyProblemGivesAnEmptyList() throws {
        #expect(values(.holidays, ["--db", directory.path("missing.db")]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing.db")))
        try Data("not a database at all, just text that is long enough".utf8).write(
            to: directory.url.appendingPathComponent("text.db"))
        #expect(values(.settings, ["--db", directory.path("text.db")]).isEmpty)
        let other = try SQLiteDatabase(path: directory.path("other.db"), mode: .create)
        try other.execute("CREATE TABLE notes (body TEXT)")
        #expect(values(.holidays, ["--db", directory.path("other.db")]).isEmpty)
    }

    @Test func reportsAndTheirParameters() throws {
        #expect(values(.reports, [], prefix: "overdue") == ["overdue-books"])
        #expect(values(.reportParameters, ["overdue-books"]) == ["as_of=", "within="])
        #expect(values(.reportParameters, ["no-such-report"]).isEmpty)
        try "-- name: mine\n-- param: who text = me\nSELECT :who AS who\n".write(
            toFile: directory.path("mine.sql"), atomically: true, encoding: .utf8)
        #expect(values(.reports, ["--reports-dir", directory.url.path], prefix: "m") == ["mine"])
        #expect(values(.reportParameters, ["mine", "--reports-dir", directory.url.path]) == ["who="])
    }

    @Test func fixedLists() {
        #expect(values(.kinds, [], prefix: "animation") == ["animation-properties", "animation-settings"])
        #expect(values(.locales, []) == ["en", "ru"])
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Berlin"),
            "no tz database in /usr/share/zoneinfo"))
    func zoneNamesAreTheSystemsZoneFiles() {
        let all = CompletionValues.zoneNames(prefix: "")
        for name in ["Europe/Berlin", "Asia/Kolkata", "US/Eastern", "UTC", "CET", "EST5EDT", "Etc/GMT+3"] {
            #expect(all.contains(name), "\(name)")
        }
        #expect(
            !all.contains {
                $0.hasPrefix("posix/") || $0.hasPrefix("right/") || $0.hasSuffix(".tab") || $0 == "posixrules"
            })
        #expect(CompletionValues.zoneNames(prefix: "Europe/Mos") == ["Europe/Moscow"])
    }
}
