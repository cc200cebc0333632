import Foundation
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
        let process = Process()
        process.executableURL = executable ?? Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = url
        var env = ["PATH": "/usr/bin:/bin", "HOME": url.path]
        env.merge(environment) { $1 }
        process.environment = env
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a full pipe never blocks the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self), stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// Creates a database with `almanac init`, the first step of any user's session: no other
    /// command creates one.
    func initDatabase(_ name: String = "a.db") throws {
        let out = try run(["--db", name, "init"])
        try #require(out.status == 0, "init \(name): \(out.stderr)")
    }
}
