import AlmanacKit
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacText

/// Where the database is: only `init` creates one, and no name may give a database that vanishes.
@Suite struct DatabaseLocationTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func refusal(_ body: () throws -> Void) -> AlmanacError? {
        do { try body() } catch let error as AlmanacError { return error } catch { return nil }
        return nil
    }

    @Test func theOptionThenTheEnvironmentThenTheDefault() throws {
        #expect(try DatabaseLocation.resolve(option: "x.db", environment: ["ALMANAC_DB": "env.db"]) == "x.db")
        #expect(try DatabaseLocation.resolve(option: nil, environment: ["ALMANAC_DB": "env.db"]) == "env.db")
        #expect(try DatabaseLocation.resolve(option: nil, environment: ["ALMANAC_DB": ""]) == "./almanac.db")
        #expect(try DatabaseLocation.resolve(option: nil, environment: [:]) == "./almanac.db")
    }

    /// Names SQLite would turn into a database that vanishes, or read as a URI with options, are
    /// usage errors naming where they came from. `./file:x.db` is still a file.
    @Test(arguments: [
        ("", "database.error.empty-path"), (":memory:", "database.error.memory"),
        ("file:x.db?mode=memory", "database.error.uri"), ("file::memory:", "database.error.uri"),
        ("file:x.db", "database.error.uri"),
    ])
    func namesThatAreNotFilesAreUsageErrors(_ name: String, _ key: String) throws {
        let given = refusal { _ = try DatabaseLocation.resolve(option: name, environment: [:]) }
        #expect(given?.failure == .usage && given?.key == key && given?.arguments["source"] == "--db")
        if !name.isEmpty {
            let inherited = refusal { _ = try DatabaseLocation.resolve(option: nil, environment: ["ALMANAC_DB": name]) }
            #expect(inherited?.failure == .usage && inherited?.arguments["source"] == "ALMANAC_DB")
        }
        #expect(try DatabaseLocation.resolve(option: "./file:x.db", environment: [:]) == "./file:x.db")
    }

    @Test func everyCommandButInitNeedsAFileThatIsThere() throws {
        let missing = refusal { try DatabaseLocation.requireExisting(directory.path("none.db")) }
        #expect(missing?.failure == .missingInput && missing?.key == "database.error.missing")
        #expect(
            missing?.message(.english) == "no such database: \(directory.path("none.db")) (create it with almanac init)"
        )
        let folder = refusal { try DatabaseLocation.requireExisting(directory.url.path) }
        #expect(folder?.failure == .missingInput && folder?.key == "database.error.is-folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [])
    }

    @Test func initNeedsAFolderToCreateItIn() throws {
        try DatabaseLocation.requireCreatable(directory.path("new.db"))
        let folder = refusal { try DatabaseLocation.requireCreatable(directory.url.path) }
        #expect(folder?.failure == .cannotCreate && folder?.key == "database.error.is-folder")
        let noFolder = refusal { try DatabaseLocation.requireCreatable(directory.path("no/such/new.db")) }
        #expect(noFolder?.failure == .cannotCreate && noFolder?.key == "database.error.no-folder")
        #expect(noFolder?.arguments["folder"] == directory.path("no/such"))
    }

    /// `Store` checks the path itself, so a caller that skips `resolve` cannot create a database.
    @Test func theStoreCreatesNothingOutsideInit() throws {
        let path = directory.path("none.db")
        #expect(refusal { _ = try Store.open(path) }?.key == "database.error.missing")
        #expect(refusal { _ = try Store.openReadOnly(path) }?.key == "database.error.missing")
        #expect(refusal { _ = try Store.open(":memory:") }?.failure == .usage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [])
    }
}
