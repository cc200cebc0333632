import Foundation
import TestSupport

/// An interactive shell on a pseudo-terminal, typed into as a user would: readline, Tab and all.
final class InteractiveShell {
    let terminal: PseudoTerminal
    let process = Process()
    /// Everything the shell has written so far.
    private(set) var transcript = ""

    init(bash: String, environment: [String: String]) throws {
        terminal = try PseudoTerminal()
        process.executableURL = URL(fileURLWithPath: bash)
        process.arguments = ["--norc", "--noprofile", "-i"]
        process.environment = environment
        let handle = FileHandle(fileDescriptor: terminal.terminal, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    /// Types text (`\t` is Tab).
    func type(_ text: String) {
        terminal.type(text)
    }

    /// Waits until the shell has written `text`, for at most `seconds`; true when it did.
    func waitFor(_ text: String, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            transcript += terminal.output()
            if transcript.contains(text) { return true }
        }
        return false
    }

    /// Ends the shell: `exit`, else SIGKILL (an interactive bash ignores SIGTERM).
    func close() {
        type("\u{15}exit\n")
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// A database with the sample holidays, for completion to read.
enum CompletionFixture {
    static func database(in dir: Workdir) throws -> String {
        try dir.sampleData("sample.db")
        return dir.path("sample.db")
    }
}
