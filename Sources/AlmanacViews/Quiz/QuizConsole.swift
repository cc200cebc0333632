import AlmanacKinds
import AlmanacOutput
import AlmanacQuiz
import AlmanacText
import Foundation
import Glibc

/// Plays a `QuizSession` on file descriptors.
///
/// - On a terminal (`.keys`): `RawMode` and a `FullScreen`, one key answers (1–4), the judged
///   question stays until Enter (or space) goes on, `q` leaves; the terminal is restored on every
///   way out (`RawMode` restores it on signals too).
///   The summary is printed on the main screen afterwards, so it stays in the scrollback.
/// - Otherwise (`.lines`): one answer per line (`1`–`4`, or `q`), each question and verdict
///   printed in turn, so a game can be scripted from a file. An unreadable line is reported on
///   standard error and the question is asked again; the end of the input ends the game.
///
/// Every answer is handed to `record` as soon as it is given, so an interrupted game keeps them.
public final class QuizConsole {
    /// How answers are read.
    public enum Mode: Sendable {
        /// Single keys from a terminal in raw mode.
        case keys
        /// Lines from a pipe or a file.
        case lines
    }

    private var session: QuizSession
    private let screen: QuizScreen
    private let mode: Mode
    private let input: Int32
    private let output: Int32
    private let errors: Int32
    private let record: (QuizAnswer) throws -> Void
    private let clock: () -> Date

    /// A console for a game. `record` stores each answer; `clock` gives its time.
    public init(
        session: QuizSession, screen: QuizScreen, mode: Mode, input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO,
        errors: Int32 = STDERR_FILENO, clock: @escaping () -> Date = Date.init,
        record: @escaping (QuizAnswer) throws -> Void
    ) {
        self.session = session
        self.screen = screen
        self.mode = mode
        self.input = input
        self.output = output
        self.errors = errors
        self.clock = clock
        self.record = record
    }

    /// Plays until the last question or until the player leaves; returns the finished session.
    @discardableResult
    public func play() throws -> QuizSession {
        switch mode {
        case .keys: try playWithKeys()
        case .lines: try playWithLines()
        }
        try write(screen.summary(session))
        return session
    }

    // MARK: Terminal

    private func playWithKeys() throws {
        let keyboard = try RawMode(descriptor: input)
        defer { keyboard.restore() }
        let display = try FullScreen(output: output)
        defer { display.close() }
        while let question = session.nextQuestion() {
            let asking = { [self] in screen.question(question, session) + ["", screen.hint(answering: true, session)] }
            try display.draw(asking())
            var chosen: Int?
            while chosen == nil {
                // No key with no time limit: a signal came (Ctrl-Z, then fg): draw the screen again.
                guard let key = try keyboard.readKey(timeout: nil) else {
                    try display.draw(asking())
                    continue
                }
                switch QuizCommand.parse(key: key) {
                case .choose(let number): chosen = number
                case .quit: return
                default: continue
                }
            }
            guard let number = chosen, let answer = session.answer(number, at: clock()) else { continue }
            try record(answer)
            let judged = { [self] in
                [screen.header(session), screen.tables.prompt(question), ""]
                    + screen.judged(question, answer: answer, session)
                    + ["", screen.hint(answering: false, session)]
            }
            try display.draw(judged())
            waiting: while true {
                guard let key = try keyboard.readKey(timeout: nil) else {
                    try display.draw(judged())
                    continue
                }
                switch QuizCommand.parse(key: key) {
                case .proceed: break waiting
                case .quit: return
                default: continue
                }
            }
        }
    }

    // MARK: Lines

    private func playWithLines() throws {
        let lines = LineReader(descriptor: input)
        var lineNumber = 0
        while let question = session.nextQuestion() {
            try write(screen.question(question, session))
            var chosen: Int?
            while chosen == nil {
                guard let line = try lines.next() else { return }
                lineNumber += 1
                switch QuizCommand.parse(line: line) {
                case .choose(let number): chosen = number
                case .quit: return
                case .proceed: continue
                case .unknown:
                    try writeError(
                        screen.tables.localizer("quiz.error.bad-line", ["line": String(lineNumber), "value": line]))
                }
            }
            guard let number = chosen, let answer = session.answer(number, at: clock()) else { continue }
            try record(answer)
            try write([""] + screen.judged(question, answer: answer, session) + [""])
        }
    }

    // MARK: Output

    private func write(_ lines: [String]) throws {
        try write(lines.joined(separator: "\n") + "\n")
    }

    private func write(_ text: String) throws {
        try FullScreen.write(text, to: output)
    }

    /// A warning that quotes what was typed: its control characters are shown escaped, so typed
    /// escape sequences never reach the terminal.
    private func writeError(_ line: String) throws {
        try FullScreen.write(
            "almanac: " + screen.tables.localizer("quiz.warning") + ": " + TerminalText.escaped(line) + "\n", to: errors
        )
    }
}
