import Foundation
import TestSupport
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

@Suite struct ConfirmationTests {
    @Test(arguments: [
        ("y", "en", true), ("Yes", "en", true), (" y ", "en", true), ("", "en", false), ("n", "en", false),
        ("yep", "en", false), ("д", "ru", true), ("Да", "ru", true), ("y", "ru", true), ("нет", "ru", false),
        ("д", "en", false),
    ])
    func onlyAnExplicitYesCounts(_ answer: String, _ language: String, _ yes: Bool) {
        #expect(Confirmation.isYes(answer, localizer: Localizer(locale: language)) == yes)
    }

    @Test func asksOnTheTerminalAndReadsALine() throws {
        let pty = try PseudoTerminal()
        pty.type("да\n")
        #expect(
            try Confirmation.ask(
                "Закрыть?", input: pty.terminal, output: pty.terminal, localizer: Localizer(locale: "ru")))
        #expect(pty.output().contains("Закрыть? [д/Н] "))
        pty.type("\n")
        #expect(try !Confirmation.ask("Close?", input: pty.terminal, output: pty.terminal, localizer: .english))
    }

    @Test func theEndOfInputIsNo() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[1])
        defer { close(ends[0]) }
        #expect(try Confirmation.readLine(from: ends[0]) == nil)
    }
}
