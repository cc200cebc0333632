import Foundation
import Testing
import TestSupport

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

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
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
    func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:], executable: URL? = nil) throws -> Output {
        var env = ["PATH": "/usr/bin:/bin", "HOME": url.path]
        env.merge(environment) { $1 }
        let run = try ChildProcess.run(executable ?? Self.binary, arguments, environment: env, input: input.map { Data($0.utf8) },
                                       directory: url)
        return Output(status: run.status,
            stdout: String(decoding: run.stdout, as: UTF8.self), stderr: String(decoding: run.stderr, as: UTF8.self))
    }

    /// Creates a database with `almanac init`, the first step of any user's session: no other
    /// command creates one.
    func initDatabase(_ name: String = "a.db") throws {
        let out = try run(["--db", name, "init"])
        try #require(out.status == 0, "init \(name): \(out.stderr)")
    }
}
