import Foundation
import Glibc
import TestSupport
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacQuiz
@testable import AlmanacText
@testable import AlmanacViews

/// Games played through descriptors: scripted lines from a pipe (here), and keys on a
/// pseudo-terminal (`QuizConsoleKeyTests`, below).
@Suite struct QuizConsoleTests {
    static let directory = CountryDirectory(ISO3166.entries.map { Country(code: $0.alpha2, name: $0.alpha2) })
    static let time = Date(timeIntervalSince1970: 1_766_400_000)

    struct Played {
        let output: String
        let errors: String
        let recorded: [QuizAnswer]
    }

    /// Plays seed 1 (Finland: 4, Norfolk Island: 1, Chad: 4, ...) from `script`, one answer a line.
    static func playLines(_ script: String, rounds: Int = 3, locale: String = "en", colour: Bool = false) throws
        -> Played
    {
        let input = TestPipe()
        let output = TestPipe()
        let errors = TestPipe()
        input.write(script)
        input.closeWriting()
        var recorded: [QuizAnswer] = []
        let session = QuizSession(codes: directory.codes, seed: 1, rounds: rounds, player: "Anna", session: "1-test")!
        let screen = QuizScreen(
            tables: QuizTables(directory: directory, localizer: Localizer(locale: locale)),
            styling: Styling(isEnabled: colour))
        try QuizConsole(
            session: session, screen: screen, mode: .lines, input: input.reading, output: output.writing,
            errors: errors.writing, clock: { time }
        ) { recorded.append($0) }.play()
        return Played(output: output.readAll(), errors: errors.readAll(), recorded: recorded)
    }

    /// What was typed is echoed in the warning with every control character shown escaped: a typed
    /// `ESC [2J` does not clear the player's screen.
    @Test(arguments: TerminalTextTests.controls.filter { $0 != 0x0A && $0 != 0x0D })
    func theEchoOfATypedLineShowsItsControlsEscaped(_ value: UInt32) throws {
        let typed = "x" + String(Unicode.Scalar(value)!) + "[2J"
        let played = try Self.playLines(typed + "\nq\n", rounds: 1)
        let shown = "x" + TerminalTextTests.notation(value) + "[2J"
        #expect(played.errors == "almanac: warning: line 1: \"\(shown)\" is not an answer (type 1–4, or q to quit)\n")
    }

    @Test func aScriptedGameRecordsEachAnswerAndKeepsTheScore() throws {
        let played = try Self.playLines("4\n2\nx\n\n1\n")
        #expect(played.recorded.map { $0.country + ">" + $0.chosen } == ["FI>FI", "NF>CV", "TD>GS"])
        #expect(
            played.recorded.map { $0.options?.joined(separator: "|") } == ["IR|DO|UG|FI", "NF|CV|KH|SZ", "GS|BI|KW|TD"])
        #expect(
            played.recorded.allSatisfy { $0.player == "Anna" && $0.session == "1-test" && $0.answeredAt == Self.time })
        #expect(
            played.output.contains(
                "Question 1 of 3 · Score: 0\nFind the flag of Finland\n\n  1  🇮🇷\n  2  🇩🇴\n  3  🇺🇬\n  4  🇫🇮\n\n  1  🇮🇷  Iran\n"
            ))
        #expect(played.output.contains("  4  🇫🇮  Finland             ✓ your answer, right\n\nRight! Score: 1\n"))
        #expect(
            played.output.contains("  1  🇳🇫  Norfolk Island  ✓ right answer\n  2  🇨🇻  Cape Verde      ✗ your answer\n"))
        #expect(played.output.contains("Wrong! Score: 0\n"))
        #expect(played.output.contains("Wrong! Score: -1\n"))
        #expect(
            played.output.hasSuffix(
                """
                Game over. Right: 1, wrong: 2. Score: -1 (33.3% right), best streak: 1.
                Player Anna, session 1-test. The same questions again: almanac quiz play --seed 1

                """))
        #expect(played.errors == "almanac: warning: line 3: \"x\" is not an answer (type 1–4, or q to quit)\n")
        #expect(!played.output.contains("\u{1B}"), "no escape codes without colour")
    }

    @Test func inRussian() throws {
        let played = try Self.playLines("4\n1\n", rounds: 2, locale: "ru")
        #expect(played.output.contains("Вопрос 1 из 2 · Счёт: 0\nНайдите флаг: Финляндия\n"))
        #expect(played.output.contains("Верно! Счёт: 1\n"))
        #expect(played.output.contains("Верно! Счёт: 2\n"))
        #expect(
            played.output.contains(
                "Игра окончена. Верно: 2, неверно: 0. Счёт: 2 (верных ответов 100\u{A0}%), лучшая серия: 2."))
    }

    @Test func qOrTheEndOfTheInputStopsTheGame() throws {
        let quit = try Self.playLines("4\nq\n1\n", rounds: 5)
        #expect(quit.recorded.count == 1)
        #expect(quit.output.contains("Right: 1, wrong: 0. Score: 1"))
        let ended = try Self.playLines("4\n1", rounds: 5)
        #expect(ended.recorded.count == 2, "the last line counts without its line end")
        let none = try Self.playLines("", rounds: 5)
        #expect(none.recorded.isEmpty)
        #expect(none.output.contains("Game over: no answers given.\n"))
    }

    @Test func colourMarksTheRightFlagGreenAndAWrongPickRed() throws {
        let played = try Self.playLines("2\n", rounds: 1, colour: true)
        #expect(played.output.contains("\u{1B}[32m  4  🇫🇮  Finland             ✓ right answer\u{1B}[0m"))
        #expect(played.output.contains("\u{1B}[31m  2  🇩🇴  Dominican Republic  ✗ your answer\u{1B}[0m"))
        #expect(played.output.contains("\u{1B}[31mWrong! Score: -1\u{1B}[0m"))
    }

    @Test func aFailedRecordingStopsTheGame() throws {
        let input = TestPipe()
        let output = TestPipe()
        input.write("1\n2\n")
        input.closeWriting()
        let session = QuizSession(codes: Self.directory.codes, seed: 1, rounds: 3, player: "p", session: "s")!
        let screen = QuizScreen(tables: QuizTables(directory: Self.directory, localizer: .english), styling: .plain)
        let console = QuizConsole(
            session: session, screen: screen, mode: .lines, input: input.reading, output: output.writing,
            errors: output.writing
        ) { _ in throw AlmanacError(.ioError, "error.internal", ["message": "disk full"]) }
        #expect(throws: AlmanacError.self) { try console.play() }
    }
}

extension RawModeTests {
    /// A game on a pseudo-terminal: single keys, the full screen, the terminal restored. Nested in
    /// `RawModeTests`, which runs one test at a time: raw mode's signal handling is process-wide.
    @Suite struct QuizConsoleKeyTests {
        @Test func aTerminalGameAnswersWithSingleKeysAndRestoresTheTerminal() throws {
            let pty = try PseudoTerminal()
            let before = pty.settings()
            let output = TestPipe()
            let session = QuizSession(
                codes: QuizConsoleTests.directory.codes, seed: 1, rounds: 3, player: "Anna", session: "1-keys")!
            let screen = QuizScreen(
                tables: QuizTables(directory: QuizConsoleTests.directory, localizer: .english),
                styling: Styling(isEnabled: true))
            nonisolated(unsafe) var recorded: [QuizAnswer] = []
            nonisolated(unsafe) var failure: Error?
            nonisolated(unsafe) let console = QuizConsole(
                session: session, screen: screen, mode: .keys, input: pty.terminal, output: output.writing,
                errors: output.writing, clock: { QuizConsoleTests.time }, record: { recorded.append($0) })
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                do { try console.play() } catch { failure = error }
                done.signal()
            }
            // Type once the game has the terminal, as a player would once the question shows.
            let deadline = Date().addingTimeInterval(10)
            while pty.settings().c_lflag & tcflag_t(ICANON) != 0 && Date() < deadline { usleep(5_000) }
            pty.type("7" + "4" + "1" + "\r" + "2" + "q")
            #expect(done.wait(timeout: .now() + 10) == .success)
            #expect(failure == nil)
            #expect(
                recorded.map { $0.country + ">" + $0.chosen } == ["FI>FI", "NF>CV"], "7 is no answer; 1 waits for Enter"
            )
            let text = output.readAll()
            let line = FullScreen.Sequence.clearLine + "\r\n"
            #expect(
                text.hasPrefix(
                    FullScreen.Sequence.enter + FullScreen.Sequence.home + "Question 1 of 3 · Score: 0" + line))
            #expect(
                text.contains("\u{1B}[32mRight! Score: 1\u{1B}[0m" + line + line + "Enter: next question · q: quit"))
            #expect(text.contains("\u{1B}[31mWrong! Score: 0\u{1B}[0m"))
            #expect(text.contains(FullScreen.Sequence.leave + "Game over. Right: 1, wrong: 1. Score: 0"))
            #expect(bytes(of: pty.settings()) == bytes(of: before))
        }
    }
}
