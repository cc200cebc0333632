import Foundation

/// Python 3, the reference the time tests compare with: its `zoneinfo` reads the system's tz
/// database, its `datetime` counts days in the proleptic Gregorian calendar, and its `time` module
/// asks the C library (glibc) for POSIX TZ rules. `make deps` installs it.
public enum Python {
    /// `python3` on PATH, or nil when there is none.
    public static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Why the comparisons with Python cannot run here, or nil when they can.
    public static let missing: String? = executable == nil ? "python3 is not on PATH (make deps installs it)" : nil

    /// Runs `script` with `arguments`, `input` on its standard input and `environment` added to the
    /// test's own; its standard output. A failing script is an error carrying its standard error.
    public static func run(
        _ script: String, arguments: [String] = [], input: String = "", environment: [String: String] = [:]
    ) throws -> String {
        guard let executable else { throw Failure(message: missing ?? "") }
        let run = try ChildProcess.run(
            executable, ["-c", script] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, input: Data(input.utf8))
        guard run.status == 0 else {
            throw Failure(message: "python3 exited \(run.status): " + String(decoding: run.stderr, as: UTF8.self))
        }
        return String(decoding: run.stdout, as: UTF8.self)
    }

    /// A script that failed, with what it printed on standard error.
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
