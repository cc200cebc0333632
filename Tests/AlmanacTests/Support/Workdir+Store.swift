import AlmanacSQLite
import AlmanacStore
import Foundation
import TestSupport
import Testing

/// The store the end-to-end suites run on: SQLite files by default; PostgreSQL when
/// `ALMANAC_TEST_STORE=postgresql` and `ALMANAC_TEST_POSTGRES` names a server (`make test`'s second pass: docs/postgresql.md).
/// Then every database name a test gives (`--db a.db`, `ALMANAC_DB`) is a database of its own on that
/// server, named after the working directory and the name, made empty on first use, and a prepared
/// template is copied with `CREATE DATABASE … TEMPLATE`, as a file is copied (`STRATEGY FILE_COPY`:
/// a copy of the files, not of every page through the WAL, which the standby then replays: measured,
/// a database is made in 100 ms instead of 250 ms under the suites' load). The tests are the same
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

    /// SQL a test runs through `query`, in the dialect of the store the suites run on.
    static func sql(_ sqlite: String, postgres: String) -> String { isPostgres ? postgres : sqlite }

    /// The exit status an example of the docs has on the store the suites run on: `backup` copies an
    /// SQLite file and is refused on a server (64, naming pg_dump: `BackupCommandTests`); the rest
    /// as the docs say.
    static func status(ofExample line: String, _ status: Int32) -> Int32 {
        isPostgres && line.split(separator: " ").contains("backup") ? 64 : status
    }

    /// The engine's name in messages (`SQLite cannot run the SQL`, `(PostgreSQL error 42601)`).
    static var engine: String { isPostgres ? "PostgreSQL" : "SQLite" }

    /// The URL of database `name` on the server.
    static func url(database name: String) -> String { PostgresTestServer.url(database: name) }

    /// Runs `sql` on the server's maintenance database with psql.
    static func admin(_ sql: String) throws { try PostgresTestServer.admin(sql) }

    /// What the store's messages call database `name` on the server, as `PostgresTarget.display`
    /// shows it: `postgresql://USER@HOST:PORT/NAME`, the socket folder as the host.
    static func shown(database name: String) -> String {
        let query = URLComponents(string: postgres ?? "")?.queryItems ?? []
        func value(_ key: String) -> String { query.first { $0.name == key }?.value ?? "" }
        let user = value("user")
        let host = value("host").isEmpty ? "localhost" : value("host")
        let port = value("port").isEmpty ? "5432" : value("port")
        return "postgresql://" + (user.isEmpty ? "" : user + "@") + host + ":" + port + "/" + name
    }

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
        guard TestStore.isPostgres, mapsNames else { return (arguments, environment) }
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

    /// A shell command line with each `--db NAME` in it mapped as `run` maps arguments (the URL quoted
    /// for the shell), for tests that run the binary through `sh -c`.
    func onStore(line: String) throws -> String {
        guard TestStore.isPostgres, mapsNames else { return line }
        var mapped = ""
        var rest = Substring(line)
        while let range = rest.range(of: "--db ") {
            mapped += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let name = rest.prefix { !$0.isWhitespace && !";|&<>'\"".contains($0) }
            let url = try serverURL(String(name))
            mapped += url == String(name) ? url : "'" + url + "'"
            rest = rest[name.endIndex...]
        }
        return mapped + rest
    }

    /// `words` as one shell command line, each quoted, the database names mapped as `run` maps them.
    func shellWords(_ words: [String]) throws -> String {
        try onStore(words, [:]).0.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
    }

    /// The URL for a database file name, the database made on first use. A name that is no plain file
    /// name (a folder, a URL, `:memory:`) is left as it is, for the command to refuse; the full path of
    /// a file directly in this directory counts as its name.
    func serverURL(_ name: String) throws -> String {
        let name = name.hasPrefix(url.path + "/") ? String(name.dropFirst(url.path.count + 1)) : name
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains(":"), !name.hasPrefix("-")
        else { return name }
        let database = serverDatabase(name)
        if !madeDatabases.contains(database) {
            try TestStore.admin("CREATE DATABASE \(database) STRATEGY FILE_COPY")
            madeDatabases.insert(database)
        }
        return TestStore.url(database: database)
    }

    /// What messages call the database a test gave as `name` (`--db NAME`): the name itself on SQLite,
    /// the server's address of its database on PostgreSQL.
    func shown(_ name: String) -> String {
        guard TestStore.isPostgres else { return name }
        let name = name.hasPrefix(url.path + "/") ? String(name.dropFirst(url.path.count + 1)) : name
        return TestStore.shown(database: serverDatabase(name))
    }

    /// Runs `sql` (statements both stores read alike) on database `name` of this directory: the SQLite
    /// file, or its database on the server through psql. For setting up what no command makes.
    func execute(_ sql: String, in name: String = "a.db") throws {
        guard TestStore.isPostgres else { return try SQLiteDatabase(path: path(name)).execute(sql) }
        try psql(["-q", "-v", "ON_ERROR_STOP=1", "-c", sql], name)
    }

    /// The first column of the first row `sql` reads from database `name`, as text (nil for NULL or
    /// no row): the SQLite file, or its database on the server.
    func scalar(_ sql: String, in name: String = "a.db") throws -> String? {
        guard TestStore.isPostgres else {
            return try SQLiteDatabase(path: path(name), mode: .readOnly).scalar(sql)?.textValue
        }
        let out = try psql(["-A", "-t", "-v", "ON_ERROR_STOP=1", "-P", "null=\u{1}", "-c", sql], name)
        let first = out.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return first.isEmpty || first == "\u{1}" ? nil : first
    }

    /// The rows `sql` reads from database `name`, each cell as text ("" for NULL).
    func rows(_ sql: String, in name: String = "a.db") throws -> [[String]] {
        guard TestStore.isPostgres else {
            return try SQLiteDatabase(path: path(name), mode: .readOnly).rows(sql).map { $0.map { $0.textValue ?? "" } }
        }
        let out = try psql(["-A", "-t", "-F", "\u{1F}", "-v", "ON_ERROR_STOP=1", "-c", sql], name)
        return out.split(separator: "\n").map {
            $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        }
    }

    @discardableResult
    private func psql(_ arguments: [String], _ name: String) throws -> String {
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/psql"), ["-X", "-d", try serverURL(name)] + arguments,
            environment: ["PATH": "/usr/bin:/bin"])
        if run.status != 0 { throw TestStore.TestStoreError(message: String(decoding: run.stderr, as: UTF8.self)) }
        return String(decoding: run.stdout, as: UTF8.self)
    }

    /// Moves the library in the SQLite file `name` (the demo makes one whatever the store) into the
    /// server database of that name, as docs/postgresql.md moves one: `export DIR` from the file,
    /// `init` and `import DIR` on the server. The file stays, for the tests about it.
    func moveToServer(_ name: String) throws {
        let folder = ".moving-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path(folder)) }
        let exported = try run(["--db", "./" + name, "export", folder])
        guard exported.status == 0 else { throw TestStore.TestStoreError(message: "export: \(exported.stderr)") }
        let made = try run(["--db", name, "init"])
        guard made.status == 0 else { throw TestStore.TestStoreError(message: "init: \(made.stderr)") }
        let imported = try run(["--db", name, "--today", "2025-12-22", "import", folder])
        guard imported.status == 0 else { throw TestStore.TestStoreError(message: "import: \(imported.stderr)") }
    }

    /// What a command says of database `name`, never made, after `almanac: error: ` (`ошибка: `): no
    /// such file on SQLite; on the server the database is there (made empty on first use), and holds
    /// no Almanac database yet.
    func missing(_ name: String, russian: Bool = false) -> String {
        switch (TestStore.isPostgres, russian) {
        case (false, false): return "no such database: \(name) (create it with almanac init)"
        case (false, true): return "нет такой базы данных: \(name) (создайте её командой almanac init)"
        case (true, false): return "\(shown(name)) holds no Almanac database yet (create one with almanac init)"
        case (true, true): return "в \(shown(name)) ещё нет базы Almanac (создайте её командой almanac init)"
        }
    }

    /// Copies the server database `name` of this directory into `other` (`sampleCopy`).
    func copyServerDatabase(_ name: String, into other: Workdir) throws {
        let database = other.serverDatabase(name)
        try TestStore.admin("CREATE DATABASE \(database) TEMPLATE \(serverDatabase(name)) STRATEGY FILE_COPY")
        other.madeDatabases.insert(database)
    }

    /// Copies the server database of `template` (a prepared folder's `made.db`) as `name`.
    func copyServerDatabase(from template: URL, as name: String) throws {
        let source = Workdir.serverDatabase(in: template, "made.db")
        let database = serverDatabase(name)
        try TestStore.admin("CREATE DATABASE \(database) TEMPLATE \(source) STRATEGY FILE_COPY")
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

extension Trait where Self == ConditionTrait {
    /// A test about SQLite itself: its file (its -wal and -shm, its permissions, its write lock, a
    /// damaged or foreign file, a full disk, a backup to a file) or its own SQL functions and limits
    /// (`printf`, `zeroblob`, the 64 MiB value cap). Run on SQLite only.
    static var sqliteFile: Self { .enabled(if: !TestStore.isPostgres, "about SQLite itself: its file, its functions") }

    /// A test of what no store takes part in (a shell's word splitting, readline), which reads a
    /// database only for values to offer: it runs once, on SQLite, and the values a server gives are
    /// tested by the tests that ask the binary directly.
    static var shellOnly: Self { .enabled(if: !TestStore.isPostgres, "about the shell, the same on either store") }
}
