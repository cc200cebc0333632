import Foundation

extension Workdir {
    /// What a run with a time limit printed, how it ended, and whether it had to be killed.
    struct Limited {
        let status: Int32
        let stdout: String
        let stderr: String
        /// True when the run was still going at the limit and was killed: it hung.
        let hung: Bool
    }

    /// Runs the binary as `run` does (standard input empty), killing it after `seconds`: a run that
    /// would wait forever (on a FIFO, say) fails the test instead of blocking it.
    func run(_ arguments: [String], timeout seconds: Double, environment: [String: String] = [:]) throws -> Limited {
        let (arguments, environment) = try onStore(arguments, environment)
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = url
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": url.path].merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        nonisolated(unsafe) var output = Data()
        nonisolated(unsafe) var errors = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            output = stdout.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errors = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let hung = process.isRunning
        if hung { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        group.wait()
        return Limited(
            status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: errors, as: UTF8.self), hung: hung)
    }
}
