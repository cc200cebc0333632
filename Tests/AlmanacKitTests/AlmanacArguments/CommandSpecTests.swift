import Testing

@testable import AlmanacArguments

/// A command's description read from its declaration (`ArgumentReader.describing`): options, flags,
/// arguments, completions, defaults and allowed values, in the order declared.
@Suite struct CommandSpecTests {
    enum Sort: String, CaseIterable, ArgumentValue { case title, due }

    /// A declaration like a command's: a global option, then its own.
    struct List {
        let db: String?
        let sort: Sort
        let set: [String]
        let due: String
        let limit: Int?
        let timing: Bool
        let holiday: String?

        init(_ line: ArgumentReader) {
            db = line.option("--db", value: "path", help: "help.global.db", completion: .files)
            sort = line.option("--sort", value: "title|due", help: "help.books.list.sort", default: .due)
            set = line.option("--set", value: "key=value", help: "", completion: .list(.propertyAssignments))
            due = line.option("--due", value: "date", help: "")
            limit = line.option("--limit", value: "n", help: "")
            timing = line.flag("--timing", help: "", hidden: true)
            holiday = line.argument("holiday", help: "", completion: .directories)
        }
    }

    static func spec() -> CommandSpec {
        let line = ArgumentReader.describing(.english)
        _ = List(line)
        return line.spec(path: ["books", "list"], abstract: "List.", discussion: "More.", globals: ["--db"])
    }

    @Test func readsOptionsFlagsAndArguments() throws {
        let spec = Self.spec()
        #expect(spec.path == ["books", "list"] && spec.abstract == "List." && spec.discussion == "More.")
        #expect(spec.subcommands.isEmpty && !spec.isGroup)
        #expect(
            spec.options.map(\.name) == ["--sort", "--set", "--due", "--limit", "--timing", "--help"],
            "the global --db is left out")
        let sort = try #require(spec.option("--sort"))
        #expect(
            sort.allowedValues == ["title", "due"] && sort.defaultValue == "due" && sort.takesValue && !sort.isRequired)
        #expect(sort.synopsis == "--sort <title|due>")
        #expect(sort.abstract == "Order by title or by due date.", "the help key in the localizer's words")
        #expect(spec.option("--set")?.isRepeating == true)
        #expect(spec.option("--set")?.completion == .list(.propertyAssignments))
        #expect(spec.option("--due")?.isRequired == true, "a value with no default and no nil is required")
        #expect(spec.option("--limit")?.isRequired == false && spec.option("--limit")?.defaultValue == nil)
        #expect(spec.option("--timing")?.isHidden == true && spec.option("--timing")?.takesValue == false)
        #expect(spec.option("-h") == spec.option("--help"))
        #expect(
            spec.positionals == [
                CommandSpec.Positional(valueName: "holiday", isOptional: true, completion: .directories)
            ])
    }

    @Test func keepsTheOrderDeclaredForHelp() {
        let names = Self.spec().declared.map {
            switch $0 {
            case .option(let option): option.name
            case .positional(let argument): argument.synopsis
            }
        }
        #expect(
            names == ["--sort", "--set", "--due", "--limit", "--timing", "<holiday>"],
            "the global --db is listed by the root's help only")
    }

    @Test func theGlobalOptionsAreReadOnTheirOwn() throws {
        let line = ArgumentReader.describing(.english)
        _ = List(line)
        let db = try #require(line.options.first)
        #expect(db.name == "--db" && db.completion == .files && db.valueName == "path")
        #expect(db.abstract.hasPrefix("The database file"))
    }
}
