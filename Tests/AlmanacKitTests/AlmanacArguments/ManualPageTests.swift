import Testing

@testable import AlmanacArguments

/// The man page in man(7): sections from the commands, text that groff reads as it is meant.
@Suite struct ManualPageTests {
    @Test func textIsEscapedForRoff() {
        #expect(ManualPage.text(".hidden line") == "\\&.hidden line")
        #expect(ManualPage.text("'quoted") == "\\&'quoted")
        #expect(ManualPage.text(#"a\b"#) == #"a\eb"#)
        #expect(ManualPage.text("Ёлка ✓ — ok") == "\\[u0401]\\[u043B]\\[u043A]\\[u0430] \\[u2713] \\[u2014] ok")
        #expect(ManualPage.text("🇩🇪") == "\\[u1F1E9]\\[u1F1EA]")
        #expect(ManualPage.code("--sort") == "\\-\\-sort")
        #expect(ManualPage.text("well-known") == "well-known", "prose keeps its hyphens")
    }

    /// Each character outside ASCII gets one stand-in, defined only where the device lacks it.
    @Test func charactersOutsideASCIIHaveStandIns() {
        #expect(
            ManualPage.fallbacks([ManualPage.text("Ёлка ✓"), ManualPage.text("Café ✓ 🇩🇪")]) == [
                #".if !c\[u0401] .char \[u0401] Yo"#, #".if !c\[u043B] .char \[u043B] l"#,
                #".if !c\[u043A] .char \[u043A] k"#,
                #".if !c\[u0430] .char \[u0430] a"#, #".if !c\[u2713] .char \[u2713] v"#,
                #".if !c\[u00E9] .char \[u00E9] e"#,
                #".if !c\[u1F1E9] .char \[u1F1E9] ?"#, #".if !c\[u1F1EA] .char \[u1F1EA] ?"#,
            ])
        #expect(
            ManualPage.ascii("Щ".unicodeScalars.first!) == "Shch"
                && ManualPage.ascii("ь".unicodeScalars.first!) == #"\(aq"#)
    }

    @Test func paragraphsKeepIndentedBlocks() {
        #expect(
            ManualPage.paragraphs("One.\n\nTwo:\n  --db PATH  the file\nafter") == [
                ".PP", "One.", ".PP", "Two:", ".RS 2", ".nf", "\\-\\-db PATH  the file", ".fi", ".RE", "after",
            ])
    }

    @Test func thePageHasEverySection() {
        let root = ManualPage.Command(
            spec: CommandSpec(path: [], abstract: "Everything in one database."), discussion: "Intro.",
            examples: [(note: "Start.", line: "almanac init")])
        let books = ManualPage.Command(
            spec: CommandSpec(
                path: ["books", "add"], abstract: "Lend a book.",
                options: [
                    CommandSpec.Option(names: ["--due"], valueName: "date", isRequired: true, abstract: "The day."),
                    CommandSpec.Option(
                        names: ["--sort"], valueName: "order", allowedValues: ["title", "due"], defaultValue: "due"),
                    CommandSpec.Option(names: ["--timing"], isHidden: true),
                ],
                positionals: [CommandSpec.Positional(valueName: "title", abstract: "The title.")]),
            discussion: "Due within 3 months.",
            examples: [(note: "Three weeks.", line: "almanac books add Dune --due today+21")])
        let page = ManualPage.render(
            root: root, commands: [books], globals: [CommandSpec.Option(names: ["--db"], valueName: "path")],
            version: "9.9", localizer: .english)
        let lines = page.split(separator: "\n").map(String.init)
        #expect(
            lines.first { !$0.hasPrefix(".if !c") } == #".TH ALMANAC 1 "" "almanac 9.9" "User Commands""#,
            "only the stand-ins before it")
        #expect(lines.contains("almanac \\- Everything in one database"))
        for heading in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "GLOBAL OPTIONS", "COMMANDS", "EXAMPLES", "EXIT STATUS", "ENVIRONMENT",
            "SEE ALSO",
        ] {
            #expect(lines.contains(".SH \"\(heading)\""), "\(heading)")
        }
        #expect(lines.contains(".SS \"almanac books add\""))
        #expect(lines.contains("[\\fIoptions\\fR] \\fI<title>\\fR"))
        #expect(lines.contains("\\fB\\-\\-sort\\fR \\fI<order>\\fR"))
        #expect(lines.contains("(values: title, due) (default: due)"))
        #expect(lines.contains("almanac books add Dune \\-\\-due today+21"))
        #expect(!page.contains("timing"), "hidden options stay hidden")
    }
}
