import Foundation
import TestSupport
import Testing

/// `--out FILE` from a terminal: the file is written as for a pipe, never cut to the terminal's
/// width or coloured, whatever command writes it (a listing that streams, a session's table, a
/// card layout, the report list): byte for byte what the command prints into a pipe.
@Suite struct OutFileTerminalTests {
    static let commands = [
        ["books", "list"], ["overdue"], ["query", "SELECT * FROM books"], ["report", "run", "overdue-books"],
        ["report", "list"],
        ["calendar", "holidays"], ["calendar", "show", "christmas"], ["animation", "properties"],
        ["animation", "settings"],
        ["events", "agenda", "--from", "2025-12-22", "--days", "7"], ["events", "show", "1"], ["countries", "list"],
    ]

    @Test(arguments: commands)
    func aFileWrittenFromANarrowTerminalIsWrittenAsForAPipe(_ command: [String]) throws {
        let dir = try Workdir.sampleSource()
        let arguments = ["--db", "almanac.db", "--today", "2025-12-22"] + command
        let piped = try dir.run(arguments)
        #expect(piped.status == 0 || command == ["overdue"], "\(piped.stderr)")
        let pty = try PseudoTerminal()
        let process = try dir.start(
            at: pty, arguments + ["--out", "out.txt"], environment: ["TERM": "xterm-256color", "COLUMNS": "30"])
        process.waitUntilExit()
        #expect(process.terminationStatus == piped.status)
        let written = try String(contentsOfFile: dir.path("out.txt"), encoding: .utf8)
        #expect(written == piped.stdout, "\(command.joined(separator: " ")): \(written.prefix(400))")
    }
}
