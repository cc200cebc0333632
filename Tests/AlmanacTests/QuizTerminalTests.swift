import AlmanacKit
import Foundation
import Glibc
import TestSupport
import Testing

@testable import AlmanacKinds
@testable import AlmanacOutput

/// `almanac quiz play` on a terminal: the binary plays on a pseudo-terminal with single keys, and
/// whether it leaves by `q` or by Ctrl-C (SIGINT), the terminal's settings are what they were.
@Suite struct QuizTerminalTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.sampleData("a.db")
    }

    /// Starts a game on the pseudo-terminal (standard input, output and error), and waits until
    /// it has switched the terminal to single keys (as a player types once the question shows).
    func start(_ pty: PseudoTerminal, _ arguments: [String]) throws -> Process {
        let process = try dir.start(at: pty, ["--db", "a.db"] + arguments, environment: ["TERM": "xterm-256color"])
        let deadline = Date().addingTimeInterval(20)
        while pty.settings().c_lflag & tcflag_t(ICANON) != 0 && process.isRunning && Date() < deadline {
            usleep(10_000)
        }
        return process
    }

    /// What the game wrote to the terminal until it ended, carriage returns left out (the terminal
    /// adds its own); a game still running after 20 s is killed, so a failure cannot hang the test run.
    func finish(_ process: Process, _ pty: PseudoTerminal) -> String {
        let deadline = Date().addingTimeInterval(20)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            var poller = pollfd(fd: pty.controller, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 50) > 0 {
                let count = read(pty.controller, &chunk, chunk.count)
                if count > 0 {
                    bytes += chunk[0..<count]
                    continue
                }
            }
            if !process.isRunning { break }
            if Date() > deadline { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        return String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r", with: "")
    }

    @Test func keysAnswerAndQLeavesTheTerminalAsItWas() throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        let process = try start(pty, ["quiz", "play", "--seed", "1", "--player", "keys", "--color", "always"])
        pty.type("4\r1q")
        let text = finish(process, pty)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(bytes(of: pty.settings()) == bytes(of: before))
        #expect(
            text.hasPrefix(
                FullScreen.Sequence.enter + FullScreen.Sequence.home + "Question 1 of 10 · Score: 0"
                    + FullScreen.Sequence.clearLine
                    + "\nFind the flag of Finland"))
        #expect(text.contains("\u{1B}[32m  4  🇫🇮  Finland             ✓ your answer, right\u{1B}[0m"))
        #expect(text.contains("\u{1B}[32mRight! Score: 1\u{1B}[0m"))
        #expect(text.contains("\u{1B}[32mRight! Score: 2\u{1B}[0m"))
        #expect(text.contains(FullScreen.Sequence.leave + "Game over. Right: 2, wrong: 0. Score: 2"))
        let recorded = try dir.run([
            "--db", "a.db", "--format", "csv", "query",
            "SELECT country, chosen FROM quiz_answers WHERE player = 'keys'",
        ])
        #expect(recorded.stdout == "country,chosen\r\nFI,FI\r\nNF,NF\r\n")
    }

    @Test func ctrlCRestoresTheTerminalAndKeepsTheAnswersGiven() throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        let process = try start(pty, ["quiz", "play", "--seed", "2", "--player", "interrupted"])
        pty.type("1")
        // The answer is recorded once the judged screen is drawn; then interrupt, as Ctrl-C would.
        let deadline = Date().addingTimeInterval(20)
        while try dir.run([
            "--db", "a.db", "--format", "csv", "query",
            "SELECT count(*) AS n FROM quiz_answers WHERE player = 'interrupted'",
        ]).stdout != "n\r\n1\r\n"
            && Date() < deadline
        { usleep(20_000) }
        process.interrupt()
        let text = finish(process, pty)
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        #expect(bytes(of: pty.settings()) == bytes(of: before))
        #expect(text.hasSuffix(FullScreen.Sequence.leave), "the main screen comes back")
        #expect(!text.contains("Game over"))
    }
}
