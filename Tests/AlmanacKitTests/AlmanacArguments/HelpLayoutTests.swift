import Testing

@testable import AlmanacArguments
@testable import AlmanacText

/// Help at a terminal's width: the usage line folds between options, examples continue with `\`.
@Suite struct HelpLayoutTests {
    @Test func theUsageLineFoldsOnlyBetweenOptions() {
        let help =
            "OVERVIEW: x\n\nUSAGE: almanac books add [--db <path>] [--locale <id>] [--tz <zone>] <title> --due <date> [--author <name>]\n\nOPTIONS:"
        let folded = HelpLayout.foldingUsage(help, width: 40)
        #expect(
            folded == """
                OVERVIEW: x

                USAGE: almanac books add [--db <path>]
                       [--locale <id>] [--tz <zone>]
                       <title> --due <date>
                       [--author <name>]

                OPTIONS:
                """)
        #expect(HelpLayout.foldingUsage("USAGE: almanac <subcommand>", width: 40) == "USAGE: almanac <subcommand>")
    }

    @Test func examplesKeepQuotedWordsTogetherAndContinueLongLines() {
        #expect(
            HelpLayout.units(#"almanac books add "Carol walk" --at 'a b' [--db <a path>]"#)
                == ["almanac", "books", "add", #""Carol walk""#, "--at", "'a b'", "[--db <a path>]"])
        let text = HelpLayout.examples(
            [
                (
                    line: #"almanac events add --title "Carol walk" --at 2025-12-23T18:00 --tz Europe/Berlin"#,
                    note: "An evening in Berlin."
                ),
                (line: "almanac events agenda", note: "This week."),
            ], heading: "EXAMPLES:", width: 50)
        #expect(
            text == #"""
                EXAMPLES:
                  # An evening in Berlin.
                  almanac events add --title "Carol walk" \
                      --at 2025-12-23T18:00 --tz Europe/Berlin

                  # This week.
                  almanac events agenda
                """#)
        #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 50 })
    }
}
