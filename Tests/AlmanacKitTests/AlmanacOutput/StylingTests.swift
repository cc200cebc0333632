import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput

@Suite struct StylingTests {
    /// --color × terminal × NO_COLOR: colour only on a terminal (or when forced), never with NO_COLOR.
    static let decisions: [(choice: ColorChoice, terminal: Bool, environment: [String: String], colour: Bool)] = [
        (.auto, true, [:], true),
        (.auto, false, [:], false),
        (.auto, true, ["NO_COLOR": "1"], false),
        (.auto, true, ["NO_COLOR": ""], true),  // no-color.org: set to an empty string means unset
        (.auto, true, ["TERM": "dumb"], false),
        (.always, false, [:], true),
        (.always, true, ["NO_COLOR": "yes"], false),
        (.always, false, ["NO_COLOR": "1"], false),
        (.never, true, [:], false),
        (.never, false, [:], false),
    ]

    @Test(arguments: decisions)
    func decides(_ example: (choice: ColorChoice, terminal: Bool, environment: [String: String], colour: Bool)) {
        #expect(
            Styling(choice: example.choice, isTerminal: example.terminal, environment: example.environment).isEnabled
                == example.colour)
    }

    @Test func paintsOnlyWhenEnabledAndOnlyWithARole() {
        let on = Styling(isEnabled: true)
        #expect(on.paint("overdue", .alert) == "\u{1B}[31moverdue\u{1B}[0m")
        #expect(on.paint("soon", .warning) == "\u{1B}[33msoon\u{1B}[0m")
        #expect(on.paint("plain", nil) == "plain")
        #expect(on.paint("", .alert) == "")
        #expect(Styling.plain.paint("overdue", .alert) == "overdue")
    }

    @Test func terminalWidthComesFromColumnsThenTheTerminal() {
        #expect(Terminal.width(columns: "120", reported: 80) == 120)
        #expect(Terminal.width(columns: "abc", reported: 100) == 100)
        #expect(Terminal.width(columns: "0", reported: nil) == 80)
        #expect(Terminal.width(columns: nil, reported: nil) == 80)
        #expect(Terminal(isTerminal: false, width: 120).width == nil, "a pipe is never cut")
        #expect(Terminal.pipe.isTerminal == false)
    }
}
