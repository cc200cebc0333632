import Foundation

/// A program run to its end by a test: what it printed and how it ended.
public struct ChildProcess {
    public let status: Int32
    public let stdout: Data
    public let stderr: Data

    /// Runs `executable` with exactly `environment`, `input` on its standard input (empty when nil).
    /// Input is written and both outputs are read on threads of their own, so a full pipe never blocks
    /// the child or the test.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], input: Data? = nil,
        directory: URL? = nil
    ) throws -> ChildProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            if let input { stdin.fileHandleForWriting.write(input) }
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let group = DispatchGroup()
        nonisolated(unsafe) var errors = Data()
        group.enter()
        DispatchQueue.global().async {
            errors = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ChildProcess(status: process.terminationStatus, stdout: output, stderr: errors)
    }
}
