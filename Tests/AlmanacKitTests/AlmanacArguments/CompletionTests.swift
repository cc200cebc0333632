import Testing

@testable import AlmanacArguments

/// What Tab offers, for the word being typed after the words before it.
@Suite struct CompletionTests {
    static let globals = [
        CommandSpec.Option(names: ["--db"], valueName: "path", abstract: "The database.", completion: .files),
        CommandSpec.Option(names: ["--format"], valueName: "format", allowedValues: ["table", "csv", "json"]),
        CommandSpec.Option(names: ["--tz"], valueName: "zone", completion: .list(.zones)),
    ]
    static let tree: [[String]: CommandSpec] = [
        []: CommandSpec(
            path: [],
            subcommands: [
                .init(name: "import", abstract: "Import CSV."), .init(name: "init", abstract: "Create."),
                .init(name: "calendar", abstract: "Calendars."),
            ]),
        ["import"]: CommandSpec(
            path: ["import"],
            options: [
                CommandSpec.Option(
                    names: ["--on-conflict"], valueName: "policy", allowedValues: ["fail", "skip", "replace"]),
                CommandSpec.Option(names: ["--rejects"], valueName: "file", completion: .files),
                CommandSpec.Option(names: ["--timing"], isHidden: true),
            ],
            positionals: [
                CommandSpec.Positional(
                    valueName: "kind", isOptional: true, isRepeating: true, completion: .list(.importArguments))
            ]),
        ["init"]: CommandSpec(path: ["init"]),
        ["calendar"]: CommandSpec(
            path: ["calendar"],
            subcommands: [.init(name: "show", abstract: "Show."), .init(name: "select", abstract: "")]),
        ["calendar", "show"]: CommandSpec(
            path: ["calendar", "show"],
            options: [
                CommandSpec.Option(
                    names: ["--set"], valueName: "k=v", isRepeating: true, completion: .list(.propertyAssignments))
            ],
            positionals: [CommandSpec.Positional(valueName: "holiday", isOptional: true, completion: .list(.holidays))]),
    ]
    let scanner = ArgumentScanner(globals: Self.globals, lookup: { Self.tree[$0] })

    func offered(_ words: [String]) -> [String] {
        scanner.complete(words) { list, invocation, _ in
            switch list {
            case .kinds: ["books", "events"]
            case .holidays: invocation.global("--db") == "x.db" ? ["christmas", "hanukkah"] : []
            case .propertyAssignments: ["opacity=", "duration="]
            case .zones: ["Europe/Berlin", "Europe/Moscow", "Asia/Tokyo"]
            default: []
            }
        }.lines
    }

    @Test func commandsAndSubcommandsWithTheirHelp() {
        #expect(offered(["im"]) == [":", "import\tImport CSV."])
        #expect(offered(["i"]) == [":", "import\tImport CSV.", "init\tCreate."])
        #expect(offered([""]) == [":", "help", "import\tImport CSV.", "init\tCreate.", "calendar\tCalendars."])
        #expect(offered(["--db", "x.db", "calendar", "s"]) == [":", "show\tShow.", "select"])
        #expect(offered(["help", "cal"]) == [":", "calendar\tCalendars."])
    }

    @Test func valuesOfOptionsInBothForms() {
        #expect(offered(["--format", ""]) == [":", "table", "csv", "json"], "not the subcommands")
        #expect(offered(["init", "--format=j"]) == [":", "--format=json"])
        #expect(offered(["import", "--on-conflict", "r"]) == [":", "replace"])
        #expect(offered(["import", "--rejects", "r"]) == [":files"])
        #expect(offered(["--db", ""]) == [":files"])
        #expect(offered(["--tz", "Europe/"]) == [":", "Europe/Berlin", "Europe/Moscow"])
        #expect(offered(["calendar", "show", "--set", ""]) == [":", "opacity=", "duration="])
        #expect(offered(["calendar", "show", "--set=d"]) == [":", "--set=duration="])
    }

    @Test func argumentsByTheirPlace() {
        #expect(offered(["import", ""]) == [":directories", "books", "events"], "a kind or a directory first")
        #expect(offered(["import", "books", ""]) == [":files"], "then files")
        #expect(offered(["--db", "x.db", "calendar", "show", ""]) == [":", "christmas", "hanukkah"])
        #expect(offered(["calendar", "show", "--db=x.db", "h"]) == [":", "hanukkah"], "--db anywhere before")
        #expect(offered(["calendar", "show", ""]) == [":"], "no database, no keys")
        #expect(offered(["calendar", "show", "christmas", ""]) == [":"], "nothing after the last argument")
    }

    @Test func optionsLeaveOutHiddenOnesAndThoseGiven() {
        #expect(
            offered(["import", "--"]) == [":", "--on-conflict", "--rejects", "--db\tThe database.", "--format", "--tz"])
        #expect(offered(["import", "--format", "csv", "--f"]) == [":"])
        #expect(offered(["calendar", "show", "--set", "a=1", "--s"]) == [":", "--set"], "repeatable")
        #expect(offered(["import", "--", "--"]) == [":directories"], "after --, arguments only")
    }

    @Test func valuesThatCannotBeOfferedAreLeftOut() {
        var completion = Completion()
        completion.candidates = [
            .init(value: "Grow tall", description: "a\nb"), .init(value: "bad\tname", description: ""),
        ]
        #expect(completion.lines == [":", "Grow tall\ta b"])
    }
}
