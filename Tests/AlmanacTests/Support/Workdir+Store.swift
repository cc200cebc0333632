import Foundation
import TestSupport

/// The store the end-to-end suites run on: SQLite files by default; PostgreSQL when
/// `ALMANAC_TEST_STORE=postgresql` and `ALMANAC_TEST_POSTGRES` names a server (not yet part of `make test`: docs/postgresql.md).
/// Then every database name a test gives (`--db a.db`, `ALMANAC_DB`) is a database of its own on that
/// server, named after the working directory and the name, made empty on first use, and a prepared
/// template is copied with `CREATE DATABASE … TEMPLATE`, as a file is copied. The tests are the same
/// tests: the suite is a parameter, not a sample.
enum TestStore {
    /// The server's URL when the suites run on PostgreSQL, else nil.
    static let postgres: String? = {
        let environment = ProcessInfo.processInfo.environment
        guard environment["ALMANAC_TEST_STORE"] == "postgresql", let url = environment["ALMANAC_TEST_POSTGRES"],
            !url.isEmpty
        else { return nil }
        return url
    }()

    /// True when the suites run on PostgreSQL.
    static var isPostgres: Bool { postgres != nil }

    /// The URL of database `name` on the server.
    static func url(database name: String) -> String { PostgresTestServer.url(database: name) }

    /// Runs `sql` on the server's maintenance database with psql.
    static func admin(_ sql: String) throws { try PostgresTestServer.admin(sql) }

    struct TestStoreError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

extension Workdir {
    /// The database name on the server for the file name `name` in this directory.
    func serverDatabase(_ name: String) -> String {
        let tag = url.lastPathComponent.replacingOccurrences(of: "almanac-e2e-", with: "").prefix(12).lowercased()
        let clean = name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return "t_" + tag.replacingOccurrences(of: "-", with: "") + "_" + String(clean.prefix(40))
    }

    /// The arguments and environment with every database file name replaced by its database on the
    /// server (made empty when it is not there yet), when the suites run on PostgreSQL.
    func onStore(_ arguments: [String], _ environment: [String: String]) throws -> ([String], [String: String]) {
        guard TestStore.isPostgres else { return (arguments, environment) }
        var arguments = arguments
        var environment = environment
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--db", index + 1 < arguments.count {
                arguments[index + 1] = try serverURL(arguments[index + 1])
                index += 1
            } else if arguments[index].hasPrefix("--db=") {
                arguments[index] = "--db=" + (try serverURL(String(arguments[index].dropFirst(5))))
            }
            index += 1
        }
        if let name = environment["ALMANAC_DB"], !name.isEmpty { environment["ALMANAC_DB"] = try serverURL(name) }
        return (arguments, environment)
    }

    /// The URL for a database file name, the database made on first use. A name that is no plain file
    /// name (a folder, a URL, `:memory:`) is left as it is, for the command to refuse.
    func serverURL(_ name: String) throws -> String {
        guard !name.isEmpty, !name.contains("/"), !name.contains(":"), !name.hasPrefix("-") else { return name }
        let database = serverDatabase(name)
        if !madeDatabases.contains(database) {
            try TestStore.admin("CREATE DATABASE \(database)")
            madeDatabases.insert(database)
        }
        return TestStore.url(database: database)
    }

    /// Copies the server database of `template` (a prepared folder's `made.db`) as `name`.
    func copyServerDatabase(from template: URL, as name: String) throws {
        let source = Workdir.serverDatabase(in: template, "made.db")
        let database = serverDatabase(name)
        try TestStore.admin("CREATE DATABASE \(database) TEMPLATE \(source)")
        madeDatabases.insert(database)
    }

    static func serverDatabase(in folder: URL, _ name: String) -> String {
        let tag = folder.lastPathComponent.replacingOccurrences(of: "almanac-e2e-", with: "").prefix(12).lowercased()
        let clean = name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return "t_" + tag.replacingOccurrences(of: "-", with: "") + "_" + String(clean.prefix(40))
    }

    /// Drops the databases this directory made.
    func dropServerDatabases() {
        guard PostgresTestServer.url != nil else { return }
        for database in madeDatabases { try? TestStore.admin("DROP DATABASE IF EXISTS \(database) WITH (FORCE)") }
    }
}
