import Foundation

/// The throwaway PostgreSQL cluster the store suites run against: a primary and a hot standby of it,
/// which `make test` starts with scripts/pg-cluster and names in the environment. Without it (a plain
/// `swift test`, or no server binaries) `primary` is nil and the PostgreSQL suites are skipped with
/// `skipReason`. Any server can stand in for the primary with `ALMANAC_TEST_POSTGRES`; the restart
/// helpers need the cluster's folder and binaries (`ALMANAC_TEST_PG_DIR`, `ALMANAC_TEST_PG_BINDIR`).
public enum PostgresServer {
    /// One of the cluster's two servers: its data is in the folder of that name under `directory`.
    public enum Node: String, Sendable {
        case primary
        case standby
    }

    /// The primary's libpq connection string (`ALMANAC_TEST_POSTGRES`), or nil when there is none.
    public static let primary: String? = environment("ALMANAC_TEST_POSTGRES")

    /// The hot standby's connection string (`ALMANAC_TEST_POSTGRES_REPLICA`), or nil when there is none.
    public static let replica: String? = environment("ALMANAC_TEST_POSTGRES_REPLICA")

    /// Why the PostgreSQL suites are skipped when `primary` is nil.
    public static let skipReason = "no PostgreSQL cluster: run make test, or set ALMANAC_TEST_POSTGRES"

    /// The cluster's folder (`ALMANAC_TEST_PG_DIR`): `primary/`, `standby/`, their logs and sockets.
    public static let directory: String? = environment("ALMANAC_TEST_PG_DIR")

    /// The folder of the server's programs (`ALMANAC_TEST_PG_BINDIR`): pg_ctl, psql.
    public static let binaries: String? = environment("ALMANAC_TEST_PG_BINDIR")

    /// How long pg_ctl waits for a server to start or stop before it fails.
    static let waitSeconds = 30

    /// Restarts `node` with a fast shutdown (`pg_ctl restart -m fast`: open connections are cut, what
    /// is committed stays), returning once it accepts connections again. The fault tests' restart.
    public static func restart(_ node: Node = .primary) throws {
        try pgCtl(node, ["restart", "-m", "fast"])
    }

    /// Stops `node` with a fast shutdown, returning once it is down (a standby that is down, for the
    /// fallback tests). `start` brings it back.
    public static func stop(_ node: Node) throws {
        try pgCtl(node, ["stop", "-m", "fast"])
    }

    /// Starts `node` again after `stop`, returning once it accepts connections (a standby then
    /// reconnects to the primary and catches up on its own).
    public static func start(_ node: Node) throws {
        try pgCtl(node, ["start"])
    }

    /// Creates a fresh, empty database `almanac_test_<random>` on the primary for one test and returns
    /// its connection string (the primary's, naming that database). `dropDatabase` removes it.
    public static func createDatabase() throws -> String {
        guard let primary else { throw Failure(message: skipReason) }
        let name = "almanac_test_" + UUID().uuidString.lowercased().filter { $0 != "-" }
        try psql(["-c", "CREATE DATABASE \(name)"])
        return connectionString(primary, database: name)
    }

    /// The standby's connection string for the database `url` (from `createDatabase`) names, or nil
    /// without a standby. CREATE DATABASE is replayed there like any other change.
    public static func replica(of url: String) -> String? {
        guard let replica, let name = testDatabase(in: url) else { return nil }
        return connectionString(replica, database: name)
    }

    /// Drops the database `createDatabase` made (`url` is what it returned), closing any connection a
    /// test left open to it. Refuses a database that is not one of `createDatabase`'s.
    public static func dropDatabase(_ url: String) throws {
        guard let name = testDatabase(in: url) else {
            throw Failure(message: "not a database PostgresServer.createDatabase made: \(url)")
        }
        try psql(["-c", "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"])
    }

    /// A test that could not reach or drive the cluster, with what the tool printed on standard error.
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    // MARK: - Running the programs

    /// Runs `pg_ctl ARGUMENTS` on `node`'s data as the cluster's owner, waiting (`-w`) at most
    /// `waitSeconds`. The server's output goes to its log, so no pipe of ours stays open in it.
    static func pgCtl(_ node: Node, _ arguments: [String]) throws {
        guard let directory, let binaries else {
            throw Failure(message: "ALMANAC_TEST_PG_DIR and ALMANAC_TEST_PG_BINDIR are not set: run make test")
        }
        try pgCtl(node, arguments, directory: directory, binaries: binaries)
    }

    /// `pg_ctl ARGUMENTS` on `node` of the cluster in `directory` (a private one: `PrivateCluster`).
    public static func pgCtl(_ node: Node, _ arguments: [String], directory: String, binaries: String) throws {
        let data = directory + "/" + node.rawValue
        let run = try runAsOwner(
            binaries + "/pg_ctl",
            ["-D", data, "-l", data + ".log", "-w", "-t", String(waitSeconds), "-s"] + arguments, in: directory)
        guard run.status == 0 else {
            throw Failure(
                message: "pg_ctl \(arguments.joined(separator: " ")) on the \(node.rawValue) exited \(run.status): "
                    + String(decoding: run.stderr, as: UTF8.self) + " (log: \(data).log)")
        }
    }

    /// Runs `psql ARGUMENTS` on the primary's maintenance database `postgres`, stopping at the first
    /// error, with neither ~/.psqlrc nor a prompt.
    static func psql(_ arguments: [String]) throws {
        guard let primary else { throw Failure(message: skipReason) }
        let executable = binaries.map { $0 + "/psql" } ?? onPath("psql")
        guard let executable else { throw Failure(message: "psql is not on PATH (make test-deps installs it)") }
        let run = try ChildProcess.run(
            URL(fileURLWithPath: executable),
            ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", connectionString(primary, database: "postgres")] + arguments,
            environment: ProcessInfo.processInfo.environment)
        guard run.status == 0 else {
            throw Failure(message: "psql exited \(run.status): " + String(decoding: run.stderr, as: UTF8.self))
        }
    }

    /// Runs `executable` as the owner of `folder`: PostgreSQL's programs refuse root, so a test run as
    /// root goes through runuser to the user scripts/pg-cluster gave the cluster to (postgres).
    /// Runs in `folder`, which that user can read (root's working folder may not be), with no
    /// descriptor above 2 (`closingDescriptors`).
    static func runAsOwner(_ executable: String, _ arguments: [String], in folder: String) throws -> ChildProcess {
        var command = [executable] + arguments
        if geteuid() == 0,
            let owner = try FileManager.default.attributesOfItem(atPath: folder)[.ownerAccountName] as? String,
            owner != "root"
        {
            let places = ["/usr/sbin/runuser", "/sbin/runuser"]
            guard let runuser = places.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                throw Failure(message: "runuser is missing: it runs pg_ctl as \(owner)")
            }
            command = [runuser, "-u", owner, "--"] + command
        }
        return try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), ["-c", closingDescriptors, "bash"] + command,
            environment: ProcessInfo.processInfo.environment, directory: URL(fileURLWithPath: folder))
    }

    /// A bash script that closes every descriptor above 2, then runs its arguments. Foundation's
    /// Process learns that a child ended when the last holder of a socket it passes down closes it;
    /// a server pg_ctl starts outlives pg_ctl and would hold that socket (pg_ctl -l only replaces 0, 1
    /// and 2), so `waitUntilExit` would return only once the server stopped.
    static let closingDescriptors = #"""
        for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; exec "$@"
        """#

    // MARK: - Connection strings

    /// `base` naming the database `name` instead: a URI's path is replaced (its host, port and
    /// parameters kept); a `keyword=value` string gets `dbname=` at its end, where the last one wins.
    public static func connectionString(_ base: String, database name: String) -> String {
        guard let scheme = ["postgresql://", "postgres://"].first(where: { base.hasPrefix($0) }) else {
            return base + " dbname=" + name
        }
        let query = base.firstIndex(of: "?") ?? base.endIndex
        let authority = base[base.index(base.startIndex, offsetBy: scheme.count)..<query]
        let path = authority.firstIndex(of: "/") ?? query
        return String(base[..<path]) + "/" + name + String(base[query...])
    }

    /// The `almanac_test_…` database `url` names, or nil when it names another.
    static func testDatabase(in url: String) -> String? {
        guard let start = url.range(of: "almanac_test_") else { return nil }
        let name = url[start.lowerBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return name.count == "almanac_test_".count + 32 ? String(name) : nil
    }

    /// A variable of the test's environment, nil when unset or empty.
    static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `program` in a folder of PATH, or nil.
    static func onPath(_ program: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
            .map { String($0) + "/" + program }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A cluster of one test's own (`scripts/pg-cluster`), for the fault tests: restarting or stopping
/// its servers cuts no other test's connections. Stopped and removed by `stop()`.
public final class PrivateCluster {
    public let directory: String
    /// The primary's and the standby's connection strings (database `almanac`).
    public let primary: String
    public let replica: String
    let binaries: String

    /// Starts a primary and a hot standby in a new folder under the temporary folder.
    public init(packageRoot: URL) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "almanac-pg-" + UUID().uuidString.prefix(8).lowercased()
        ).path
        directory = folder
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [packageRoot.appendingPathComponent("scripts/pg-cluster").path, "start", folder],
            environment: ProcessInfo.processInfo.environment)
        guard run.status == 0 else {
            throw PostgresServer.Failure(
                message: "pg-cluster start exited \(run.status): " + String(decoding: run.stderr, as: UTF8.self))
        }
        var values: [String: String] = [:]
        for line in String(decoding: run.stdout, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...]).trimmingCharacters(
                in: CharacterSet(charactersIn: "'"))
        }
        primary = values["ALMANAC_TEST_POSTGRES"] ?? ""
        replica = values["ALMANAC_TEST_POSTGRES_REPLICA"] ?? ""
        binaries = values["ALMANAC_TEST_PG_BINDIR"] ?? ""
    }

    /// `pg_ctl ARGUMENTS` on one of its servers (`restart -m fast`, `stop -m fast`, `start`).
    public func pgCtl(_ node: PostgresServer.Node, _ arguments: [String]) throws {
        try PostgresServer.pgCtl(node, arguments, directory: directory, binaries: binaries)
    }

    /// Stops both servers and removes the folder.
    public func stop() {
        _ = try? ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [
                URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("scripts/pg-cluster").path, "stop", directory,
            ],
            environment: ProcessInfo.processInfo.environment)
    }
}
