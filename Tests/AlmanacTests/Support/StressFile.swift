import AlmanacKit
import Foundation

@testable import AlmanacKinds
@testable import AlmanacQuiz

/// Sizes for the crash and concurrency tests: small enough for `make test`, and the real thing
/// under `make stress` (which sets `ALMANAC_STRESS=1` and runs the release binary).
enum Stress {
    static let environment = ProcessInfo.processInfo.environment
    /// True under `make stress`.
    static let isOn = environment["ALMANAC_STRESS"] == "1"
    /// The seed of the random kill points: `ALMANAC_STRESS_SEED`, else 1, so every run is the same
    /// run (printed with each failure, to replay; try others with `ALMANAC_STRESS_SEED=N make stress`).
    static let seed: UInt64 = environment["ALMANAC_STRESS_SEED"].flatMap { UInt64($0) } ?? 1

    /// Writes a books file of `rows` loans without ids (so every import adds rows, never collides):
    /// loaned on 2025-12-01 and due on 2026-01-10, so none is overdue or due soon on 2025-12-22.
    static func writeBooks(_ path: String, rows: Int) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.write(contentsOf: Data("title,author,borrower,loaned_on,due_on\n".utf8))
        var chunk = ""
        chunk.reserveCapacity(1 << 20)
        for row in 0..<rows {
            chunk += "Book \(row),Author \(row % 997),Reader \(row % 101),2025-12-01,2026-01-10\n"
            if chunk.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: Data(chunk.utf8))
    }

    /// Starts the binary in `dir` with its output thrown away; the caller waits for or kills it.
    static func start(_ arguments: [String], in dir: Workdir) throws -> Process {
        let process = Process()
        process.executableURL = Workdir.binary
        process.arguments = try dir.onStore(arguments, [:]).0
        process.currentDirectoryURL = dir.url
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": dir.url.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

extension SeededRandom {
    /// A number in 0..<1, for kill points that a seed replays.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
