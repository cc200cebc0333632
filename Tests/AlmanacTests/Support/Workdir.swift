import Foundation
import TestSupport
import Testing

/// A temporary working directory in which the built `almanac` binary is run, as a user would run it
/// (after xsv's `Workdir`). Removed when released.
final class Workdir {
    /// What one run printed and how it ended.
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    let url: URL
    /// The databases made on the PostgreSQL server for this directory (`Workdir+Store.swift`).
    var madeDatabases: Set<String> = []
    /// False for the suites that compare the two stores themselves: their file names stay SQLite files
    /// whichever store the other suites run on.
    let mapsNames: Bool

    /// The binary under test: `$ALMANAC_BINARY`, else `almanac` beside the test bundle in `.build`.
    static let binary: URL = {
        if let override = ProcessInfo.processInfo.environment["ALMANAC_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return bundle.deletingLastPathComponent().appendingPathComponent("almanac")
    }()

    /// The package root, for tests that read the sources.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A new directory; `mapsNames` false keeps its database file names files on either store.
    init(mapsNames: Bool = true) throws {
        self.mapsNames = mapsNames
        url = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        dropServerDatabases()
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of a file in the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes a file into the directory.
    func write(_ name: String, _ contents: String) throws {
        try Data(contents.utf8).write(to: url.appendingPathComponent(name))
    }

    /// Runs the binary (or `executable`) in the directory with a clean environment: only PATH, plus
    /// `environment`. Standard input is empty unless `input` is given.
    @discardableResult
    func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:], executable: URL? = nil)
        throws -> Output
    {
        var (arguments, environment) = try onStore(arguments, environment)
        // A command line for a shell (`sh -c LINE`, `bash -c LINE`): its `--db NAME`s are mapped too.
        if let shell = executable?.lastPathComponent, ["sh", "bash"].contains(shell),
            let index = arguments.firstIndex(of: "-c"), index + 1 < arguments.count
        {
            arguments[index + 1] = try onStore(line: arguments[index + 1])
        }
        var env = ["PATH": "/usr/bin:/bin", "HOME": url.path]
        env.merge(environment) { $1 }
        let run = try ChildProcess.run(
            executable ?? Self.binary, arguments, environment: env, input: input.map { Data($0.utf8) },
            directory: url)
        return Output(
            status: run.status,
            stdout: String(decoding: run.stdout, as: UTF8.self), stderr: String(decoding: run.stderr, as: UTF8.self))
    }

    /// Starts the binary in the directory at the terminal `pty`, as a user would: its standard input,
    /// output and error are the terminal, the environment is PATH, HOME and `environment`, and no
    /// signal is blocked (the test runner's threads block some, and a child inherits the mask of the
    /// thread that starts it).
    func start(at pty: PseudoTerminal, _ arguments: [String], environment: [String: String]) throws -> Process {
        let (arguments, environment) = try onStore(arguments, environment)
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = url
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": url.path].merging(environment) { $1 }
        let terminal = FileHandle(fileDescriptor: pty.terminal, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        var clean = sigset_t()
        var saved = sigset_t()
        sigemptyset(&clean)
        pthread_sigmask(SIG_SETMASK, &clean, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
        return process
    }

    /// Runs `almanac demo --keep` (with `arguments`), which makes the sample database in a new temporary
    /// folder of its own, and moves that database here as `name`, with its -wal and -shm, and the
    /// sample files into `sample-data/`. Returns what the demo printed.
    @discardableResult
    func demoDatabase(_ name: String = "almanac.db", arguments: [String] = [], environment: [String: String] = [:])
        throws -> Output
    {
        let temporary = url.appendingPathComponent(".demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let out = try run(
            ["demo", "--keep"] + arguments, environment: environment.merging(["TMPDIR": temporary.path]) { $1 })
        try #require(out.status == 0, "demo: \(out.stderr)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        try #require(folders.count == 1 && folders[0].hasPrefix("almanac-demo-"), "the demo's folder: \(folders)")
        let made = temporary.appendingPathComponent(folders[0])
        for suffix in ["", "-wal", "-shm"]
        where FileManager.default.fileExists(atPath: made.appendingPathComponent("almanac.db" + suffix).path) {
            try FileManager.default.moveItem(
                at: made.appendingPathComponent("almanac.db" + suffix), to: url.appendingPathComponent(name + suffix))
        }
        if !FileManager.default.fileExists(atPath: path("sample-data")) {
            try FileManager.default.moveItem(
                at: made.appendingPathComponent("sample-data"), to: url.appendingPathComponent("sample-data"))
        }
        if TestStore.isPostgres { try moveToServer(name) }
        return out
    }

    /// A database as `almanac init` makes it, the first step of any user's session: no other
    /// command creates one. `init` runs once per test run; each call copies what it made.
    func initDatabase(_ name: String = "a.db") throws {
        try prepared("init", as: name) { template in
            let out = try template.run(["--db", "made.db", "init"])
            try #require(out.status == 0, "init: \(out.stderr)")
        }
    }

    /// Copies into this directory, as `name`, the database `made.db` that `make` builds in a
    /// directory of its own: built once per test run for each `key`, so a suite whose every test
    /// starts from the same data (the sample files imported, say) does the work once.
    func prepared(_ key: String, as name: String, make: (Workdir) throws -> Void) throws {
        let source = try Templates.shared.folder(key, make: make)
        if TestStore.isPostgres { try copyServerDatabase(from: source, as: name) }
        for file in try FileManager.default.contentsOfDirectory(atPath: source.path) where file.hasPrefix("made.db") {
            try FileManager.default.copyItem(
                atPath: source.appendingPathComponent(file).path,
                toPath: path(name + file.dropFirst("made.db".count)))
        }
    }
}

/// The folders `Workdir.prepared` builds, one per key, kept for the whole test run and removed at
/// its end.
final class Templates: @unchecked Sendable {
    static let shared = Templates()
    private let lock = NSRecursiveLock()
    private var folders: [String: Workdir] = [:]

    private init() {
        atexit { Templates.shared.removeAll() }
    }

    private func removeAll() {
        lock.lock()
        folders.removeAll()
        lock.unlock()
    }

    /// The folder for `key`, built by `make` the first time it is asked for. Building holds the
    /// lock: tests that need the same template wait for it rather than build it twice.
    func folder(_ key: String, make: (Workdir) throws -> Void) throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let made = folders[key] { return made.url }
        let folder = try Workdir()
        try make(folder)
        folders[key] = folder
        return folder.url
    }
}
