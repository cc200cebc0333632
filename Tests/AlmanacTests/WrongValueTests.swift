import AlmanacKit
import Testing

@testable import AlmanacKinds
@testable import AlmanacText
@testable import almanac

/// A value of the wrong kind, for every option and argument of every command, gets a usage error
/// that says what would do: the option's values, or the whole numbers it takes. None gets the
/// bare "invalid value" (which would mean a type that does not say its numbers).
@Suite struct WrongValueTests {
    static let commands = CommandTree.allPaths.compactMap(CommandTree.spec(at:)).filter { !$0.isGroup }

    /// The usage error the command line gets, or nil when it parses.
    static func mistake(_ arguments: [String]) -> AlmanacError? {
        let invocation = CommandTree.scanner.scan(arguments)
        if let mistake = invocation.mistake { return mistake }
        do {
            _ = try CommandTree.command(for: invocation)
            return nil
        } catch {
            return error as? AlmanacError
        }
    }

    /// The messages that name the numbers a value may be.
    static let sayTheNumbers: Set<String> = [
        "cli.error.not-a-whole-number", "cli.error.whole-number-in-range",
        "cli.error.whole-number-too-small", "cli.error.whole-number-too-large",
    ]

    @Test func everyOptionSaysWhatWouldDo() {
        var numbers = 0
        for command in Self.commands {
            for option in command.options where option.takesValue && !option.isHidden {
                for value in ["x", "1.5", "99999999999999999999", "-99999999999999999999"] {
                    let mistake = Self.mistake(command.path + [option.name, value])
                    #expect(mistake?.key != "cli.error.bad-value", "\(command.path) \(option.name) \(value)")
                    if let key = mistake?.key, Self.sayTheNumbers.contains(key) {
                        numbers += 1
                        #expect(mistake?.arguments["option"] == option.synopsis)
                    }
                }
            }
        }
        // --seed, --rounds, --limit, --timeout, --grace, --due-within, --wait, --steps, --days …
        #expect(numbers >= 40)
    }

    @Test func everyArgumentSaysWhatWouldDo() {
        var numbers = 0
        for command in Self.commands where !command.positionals.isEmpty {
            for value in ["x", "0", "-1", "99999999999999999999"] {
                let mistake = Self.mistake(command.path + command.positionals.map { _ in value })
                #expect(mistake?.key != "cli.error.bad-value", "\(command.path) \(value)")
                if let key = mistake?.key, Self.sayTheNumbers.contains(key), mistake?.arguments["option"] == "<id>" {
                    numbers += 1
                }
            }
        }
        // The ids of books edit, delete and return, and of events show and edit.
        #expect(numbers >= 15)
    }

    /// Text where any whole number would do is told just that, and a number out of its type's range
    /// the bound it passed; a value where only some numbers would do is told the range.
    @Test func theRangeIsSaidWhereItHelps() {
        let text = Self.mistake(["query", "--timeout", "soon", "select 1"])
        #expect(text?.key == "cli.error.not-a-whole-number")
        // A type whose whole range would do says only the bound a number passed: the command may
        // ask for less (here 0 or more), so the other bound is not promised.
        let huge = Self.mistake(["query", "--timeout", "99999999999999999999", "select 1"])
        #expect(huge?.key == "cli.error.whole-number-too-large")
        #expect(huge?.arguments["most"] == String(Int.max) && huge?.arguments["least"] == nil)
        let tiny = Self.mistake(["query", "--timeout", "-99999999999999999999", "select 1"])
        #expect(tiny?.key == "cli.error.whole-number-too-small")
        #expect(tiny?.arguments["least"] == String(Int.min) && tiny?.arguments["most"] == nil)
        let hugeLimit = Self.mistake(["books", "list", "--limit", "99999999999999999999"])
        #expect(hugeLimit?.key == "cli.error.whole-number-in-range")
        let limit = Self.mistake(["books", "list", "--limit", "many"])
        #expect(limit?.key == "cli.error.whole-number-in-range")
        #expect(limit?.arguments["least"] == "1")
        let seed = Self.mistake(["quiz", "question", "--seed", "-1"])
        #expect(seed?.arguments["least"] == "0" && seed?.arguments["most"] == String(UInt64.max))
    }

    /// The argument named is the one whose value did not convert, not the first with the same word.
    @Test func theArgumentThatFailedIsNamed() {
        let step = Self.mistake(["animation", "step", "x", "x", "x"])
        #expect(step?.key == "cli.error.not-a-whole-number" && step?.arguments["option"] == "<+n|-n>")
    }
}
