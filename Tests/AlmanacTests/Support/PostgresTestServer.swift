import Foundation
import TestSupport
import Testing

/// The server the PostgreSQL suites use: `ALMANAC_TEST_POSTGRES`, a libpq URI as scripts/pg-cluster prints it.
enum PostgresTestServer {
    static let url = setting("ALMANAC_TEST_POSTGRES")

    /// The URL of database `name` on that server.
    static func url(database name: String) -> String { url.map { on($0, database: name) } ?? name }

    /// The standby's URL (`ALMANAC_TEST_POSTGRES_REPLICA`), nil when there is none.
    static let replica = setting("ALMANAC_TEST_POSTGRES_REPLICA")

    /// The URL of database `name` on the standby.
    static func replicaURL(database name: String) -> String { replica.map { on($0, database: name) } ?? name }

    /// An environment variable's value, nil when it is unset or empty.
    private static func setting(_ name: String) -> String? {
        let value = ProcessInfo.processInfo.environment[name] ?? ""
        return value.isEmpty ? nil : value
    }

    /// `base` (`postgresql:///DB?host=…`) with database `name` in place of its own.
    private static func on(_ base: String, database name: String) -> String {
        guard let range = base.range(of: "postgresql:///") else { return name }
        let rest = base[range.upperBound...]
        return "postgresql:///" + name + (rest.firstIndex(of: "?").map { String(rest[$0...]) } ?? "")
    }

    /// Runs `sql` on the server's `postgres` database with psql.
    static func admin(_ sql: String) throws {
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/psql"),
            ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url(database: "postgres"), "-c", sql],
            environment: ["PATH": "/usr/bin:/bin"])
        if run.status != 0 { throw TestStore.TestStoreError(message: String(decoding: run.stderr, as: UTF8.self)) }
    }
}

/// The binary started without waiting for it (several at once), its output read when it ends.
final class Spawned {
    let process = Process()
    let stdout = Pipe()
    let stderr = Pipe()

    init(_ arguments: [String], in dir: Workdir) throws {
        process.executableURL = Workdir.binary
        process.arguments = arguments
        process.currentDirectoryURL = dir.url
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": dir.url.path]
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Waits for the end: the exit status and all it printed.
    func wait() throws -> (status: Int32, stdout: Data, stderr: Data) {
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, out, err)
    }
}
