import Testing

@testable import AlmanacArguments

/// The front end on a small tree like Almanac's: global options anywhere, values, negative numbers,
/// options given twice, `help`, and the first mistake, worded in English.
@Suite struct ArgumentScannerTests {
    static let globals = [
        CommandSpec.Option(names: ["--db"], valueName: "path"),
        CommandSpec.Option(names: ["--locale"], valueName: "id"),
        CommandSpec.Option(names: ["--format"], valueName: "format", allowedValues: ["table", "csv"]),
    ]
    static let help = CommandSpec.Option(names: ["-h", "--help"])
    static let tree: [[String]: CommandSpec] = [
        []: CommandSpec(
            path: [],
            subcommands: [
                .init(name: "books", abstract: ""), .init(name: "quiz", abstract: ""),
                .init(name: "import", abstract: ""),
            ]),
        ["books"]: CommandSpec(
            path: ["books"], subcommands: [.init(name: "list", abstract: ""), .init(name: "add", abstract: "")],
            defaultSubcommand: "list"),
        ["books", "list"]: CommandSpec(
            path: ["books", "list"],
            options: [
                CommandSpec.Option(names: ["--sort"], valueName: "title|due", allowedValues: ["title", "due"]),
                CommandSpec.Option(names: ["--open"]), help,
            ]),
        ["books", "add"]: CommandSpec(
            path: ["books", "add"],
            options: [
                CommandSpec.Option(names: ["--due"], valueName: "date", isRequired: true), help,
            ], positionals: [CommandSpec.Positional(valueName: "title")]),
        ["quiz"]: CommandSpec(path: ["quiz"], subcommands: [.init(name: "question", abstract: "")]),
        ["quiz", "question"]: CommandSpec(
            path: ["quiz", "question"],
            options: [
                CommandSpec.Option(names: ["--seed"], valueName: "n"),
                CommandSpec.Option(names: ["--set"], valueName: "k=v", isRepeating: true),
            ], positionals: [CommandSpec.Positional(valueName: "step", isOptional: true)]),
        ["import"]: CommandSpec(
            path: ["import"],
            positionals: [CommandSpec.Positional(valueName: "file", isOptional: true, isRepeating: true)]),
    ]
    let scanner = ArgumentScanner(globals: Self.globals, lookup: { Self.tree[$0] })

    func message(_ arguments: [String]) -> String? {
        scanner.scan(arguments).mistake?.message(.english)
    }

    @Test(arguments: [
        ["--db", "a.db", "books", "list", "--sort", "title"], ["books", "--db=a.db", "list", "--sort=title"],
        ["books", "list", "--sort", "title", "--db", "a.db"], ["books", "--sort", "title", "--db", "a.db"],
    ])
    func globalOptionsGoAnywhere(_ arguments: [String]) {
        let invocation = scanner.scan(arguments)
        #expect(invocation.mistake == nil)
        #expect(invocation.path == ["books", "list"])
        #expect(invocation.global("--db") == "a.db")
        #expect(invocation.globals == ["--db": "a.db"] && invocation.options == [.init(name: "--sort", value: "title")])
        #expect(invocation.positionals.isEmpty)
    }

    @Test func negativeNumbersAreValuesAndArguments() {
        let invocation = scanner.scan(["quiz", "question", "--seed", "-1", "-2.5"])
        #expect(invocation.mistake == nil)
        #expect(invocation.options == [.init(name: "--seed", value: "-1")] && invocation.positionals == ["-2.5"])
        #expect(message(["quiz", "question", "--seed", "-x"]) == "missing value for --seed <n>")
        #expect(scanner.scan(["import", "-"]).positionals == ["-"])
        #expect(
            scanner.scan(["books", "list", "--sort", ""]).options == [.init(name: "--sort", value: "")],
            "an empty value")
        #expect(scanner.scan(["import", "--", "--db", "x"]).positionals == ["--db", "x"])
    }

    @Test(arguments: [
        (["boks"], #"unknown command "boks" (did you mean "books"?)"#),
        (["--db", "a.db", "boks"], #"unknown command "boks" (did you mean "books"?)"#),
        (["books", "ad"], #"unknown command "books ad" (did you mean "books add"?)"#),
        (["quiz", "xyz"], #"unknown command "quiz xyz"; see "almanac help quiz""#),
        (["help", "boks"], #"unknown command "boks" (did you mean "books"?)"#),
        (["books", "list", "--srot", "due"], #"unknown option "--srot" (did you mean "--sort"?)"#),
        (
            ["books", "list", "--xyz"],
            #"unknown option "--xyz" for "almanac books list"; see "almanac help books list""#
        ),
        (["books", "list", "--sort"], "missing value for --sort <title|due>"),
        (["books", "list", "--open=yes"], #"--open takes no value (given "yes")"#),
        (
            ["--db", "A.db", "import", "f.csv", "--db", "B.db"],
            #"--db given twice with different values: "A.db" and "B.db""#
        ),
        (
            ["books", "list", "--sort", "title", "--sort=due"],
            #"--sort given twice with different values: "title" and "due""#
        ),
        (["books", "add"], #"missing argument <title> for "almanac books add""#),
        (["books", "add", "Dune"], #"missing option --due <date> for "almanac books add""#),
        (["books", "list", "extra"], #"unexpected argument "extra" for "almanac books list""#),
        (["quiz", "question", "1", "2"], #"unexpected argument "2" for "almanac quiz question""#),
    ])
    func mistakesAreNamed(_ arguments: [String], _ expected: String) {
        #expect(message(arguments) == expected)
    }

    @Test func theSameValueTwiceAndRepeatableOptionsAreAccepted() {
        let same = scanner.scan(["--db", "a.db", "books", "list", "--db=a.db", "--open", "--open"])
        #expect(same.mistake == nil)
        #expect(same.globals == ["--db": "a.db"] && same.options == [.init(name: "--open", value: nil)])
        let repeated = scanner.scan(["quiz", "question", "--set", "a=1", "--set", "b=2"])
        #expect(repeated.mistake == nil)
        #expect(repeated.options == [.init(name: "--set", value: "a=1"), .init(name: "--set", value: "b=2")])
    }

    @Test func helpIsAskedForInEveryForm() {
        for arguments in [
            ["help"], ["--help"], ["-h"], ["books", "--help"], ["help", "books"], ["--locale", "ru", "help", "books"],
            ["help", "books", "--locale", "ru"], ["books"] + ["add", "-h"], ["quiz"],
        ] {
            let invocation = scanner.scan(arguments)
            #expect(invocation.request == .help, "\(arguments)")
            #expect(invocation.mistake == nil, "\(arguments)")
        }
        #expect(scanner.scan(["help", "books", "add"]).path == ["books", "add"])
        #expect(
            scanner.scan(["help", "help"]).path == [] && scanner.scan(["help", "help"]).request == .help,
            "help about help")
        #expect(
            message(["help", "books", "help"]) == #"unknown command "books help"; see "almanac help books""#,
            "only the first word after help may be help")
        #expect(scanner.scan(["--locale", "ru", "help", "books"]).global("--locale") == "ru")
        #expect(scanner.scan(["books", "add", "--help"]).mistake == nil, "help needs no arguments")
        #expect(scanner.scan(["boks", "--help"]).mistake != nil, "help cannot be shown for an unknown command")
        #expect(scanner.scan(["quiz", "--version"]).request == .version)
        #expect(scanner.scan(["books"]).path == ["books", "list"], "a group with a default runs it")
        #expect(message(["--db"]) == "missing value for --db <path>", "a mistake is not turned into help")
    }

    @Test func theLanguageIsReadAsTheScanReadsIt() {
        #expect(ArgumentScanner.globalValue("--locale", in: ["books", "--locale", "ru"]) == "ru")
        #expect(ArgumentScanner.globalValue("--locale", in: ["--locale=ru", "books"]) == "ru")
        #expect(ArgumentScanner.globalValue("--locale", in: ["books", "--", "--locale", "ru"]) == nil)
        #expect(ArgumentScanner.globalValue("--locale", in: ["books", "--locale", "--db", "x"]) == nil)
    }
}
