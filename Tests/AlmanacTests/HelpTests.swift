import AlmanacKit
import Foundation
import Testing

@testable import AlmanacArguments
@testable import AlmanacKinds
@testable import AlmanacText
@testable import almanac

/// Every command's help, in English and Russian: within 80 columns with no line broken twice, no
/// default said twice, an EXAMPLES section; and the declarations the front end relies on.
@Suite struct HelpTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
    }

    static let paths = CommandTree.allPaths

    @Test("help at 80 columns", arguments: paths)
    func fitsEightyColumns(_ path: [String]) throws {
        for (environment, examples) in [(["LANG": "C"], "EXAMPLES:"), (["LANG": "ru_RU.UTF-8"], "ПРИМЕРЫ:")] {
            let out = try dir.run(["help"] + path, environment: environment.merging(["COLUMNS": "80"]) { $1 })
            #expect(out.status == 0 && out.stderr.isEmpty, "\(path): \(out.stderr)")
            for line in out.stdout.split(separator: "\n") {
                #expect(DisplayWidth.of(line) <= 80, "\(path) \(environment): \(line)")
            }
            #expect(out.stdout.contains("\n\(examples)\n  # "), "\(path)")
            // An option's help says its default once: ours, or the parser's "(default: …)".
            for entry in Self.optionEntries(out.stdout) {
                let mentions =
                    entry.components(separatedBy: "default").count - 1
                    + entry.components(separatedBy: "по умолчанию").count - 1
                #expect(mentions <= 1, "\(path): \(entry)")
            }
        }
    }

    /// The entries of the OPTIONS section, each with its continuation lines.
    static func optionEntries(_ help: String) -> [String] {
        guard let start = help.range(of: "\nOPTIONS:\n") else { return [] }
        var entries: [String] = []
        for line in help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            if line.hasPrefix("  -") {
                entries.append(String(line))
            } else if !entries.isEmpty {
                entries[entries.count - 1] += " " + line
            }
        }
        return entries
    }

    @Test func russianHelpIsRussianWhereTheParserLetsItBe() throws {
        let english = try dir.run(["help", "books", "add"]).stdout
        let russian = try dir.run(["help", "books", "add"], environment: ["LANG": "ru_RU.UTF-8"]).stdout
        #expect(english.hasPrefix("OVERVIEW: Lend a book: add a loan."))
        #expect(russian.hasPrefix("OVERVIEW: Выдать книгу: добавить выдачу."))
        #expect(russian.contains("  --due <date>            Срок возврата: ГГГГ-ММ-ДД, today+N…"))
        #expect(
            russian.contains("USAGE: almanac books add") && russian.contains("\nOPTIONS:\n"),
            "the parser's headings stay English")
        #expect(try dir.run(["--locale", "ru", "books", "add", "--help"]).stdout == russian)
    }

    @Test func paragraphsAreNotBrokenByHand() throws {
        let out = try dir.run(["help", "init"], environment: ["COLUMNS": "80"])
        #expect(
            out.stdout.contains(
                "Creates the file when it is missing and applies every pending schema migration,\neach in its own"))
        // A discussion line that is not an indented block is a whole paragraph: the parser wraps it.
        for language in ["en", "ru"] {
            let words = Localizer(locale: language)
            for key in Self.paths.map({ "help." + ($0.isEmpty ? "almanac" : $0.joined(separator: ".")) + ".discussion" }
            ) {
                #expect(words.hasKey(key), "\(key)")
                for line in words(key).split(separator: "\n") where !line.hasPrefix("  ") {
                    let last = line.last ?? "."
                    #expect(
                        ".:!?)…»\"`".contains(last) || line.hasPrefix("`"),
                        "\(key) [\(language)]: a line ends mid-sentence: \(line)")
                }
            }
        }
    }

    @Test func groupsTakeNoOptionsAndEveryCommandTakesTheGlobalOnes() throws {
        let globals = Set(CommandTree.globals.map(\.name))
        #expect(globals == ["--db", "--replica", "--locale", "--tz", "--today", "--format", "--color"])
        for path in Self.paths {
            let type = try #require(CommandTree.type(at: path))
            let spec = try #require(CommandTree.spec(at: path))
            var declared: [String] = []
            if let command = type as? any RunnableCommand.Type {
                let line = ArgumentReader.describing(.english)
                _ = command.init(line)
                declared = line.options.map(\.name)
            }
            if !type.configuration.subcommands.isEmpty {
                #expect(!(type is any RunnableCommand.Type), "\(path) groups commands and runs one of its own")
                #expect(declared.isEmpty && spec.options.isEmpty, "\(path) declares options")
                #expect(spec.positionals.isEmpty, "\(path) declares arguments")
            } else {
                #expect(globals.isSubset(of: Set(declared)), "\(path) lacks the global options")
            }
        }
    }

    static let languages: [(environment: [String: String], more: String)] = [
        (["LANG": "C", "COLUMNS": "80"], #"Help: "almanac help COMMAND""#),
        (["LANG": "ru_RU.UTF-8", "COLUMNS": "80"], "«almanac help КОМАНДА»"),
    ]

    /// Bare `almanac` is a short usage a person reads: what it is, each command on a line, and where
    /// to read on; not the global options, nor the examples.
    @Test func bareAlmanacIsAShortUsage() throws {
        let commands = try #require(CommandTree.spec(at: [])).subcommands.map(\.name)
        for (environment, more) in Self.languages {
            let out = try dir.run([], environment: environment)
            #expect(out.status == 0 && out.stderr.isEmpty, "\(out.stderr)")
            let lines = out.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count <= 25, "\(environment): \(lines.count) lines:\n\(out.stdout)")
            for command in commands {
                #expect(lines.filter { $0.hasPrefix("  \(command) ") }.count == 1, "\(command) [\(environment)]")
            }
            #expect(out.stdout.contains(more), "\(out.stdout)")
            #expect(!out.stdout.contains("--db") && !out.stdout.contains("EXAMPLES"), "\(out.stdout)")
            for line in lines { #expect(DisplayWidth.of(line) <= 80, "\(line)") }
        }
        #expect(try dir.run(["help"]).stdout != dir.run([]).stdout, "almanac help is the full help")
    }

    /// The global options are listed once, in `almanac help` (and the man page); each command lists
    /// its own, and says where the global ones are.
    @Test func theGlobalOptionsAreListedOnceInTheRootsHelp() throws {
        for (environment, _) in Self.languages {
            let root = try dir.run(["help"], environment: environment).stdout
            #expect(root.contains("\nGLOBAL OPTIONS:\n"), "\(root)")
            for option in CommandTree.globals {
                #expect(root.components(separatedBy: "\n  \(option.name) <").count == 2, "\(option.name) once: \(root)")
            }
            for path in Self.paths where !path.isEmpty {
                let help = try dir.run(["help"] + path, environment: environment).stdout
                for option in ["--db", "--locale", "--tz", "--today", "--color", "--version"] {
                    #expect(!help.contains("\n  \(option) "), "\(path) lists \(option)")
                }
                if CommandTree.spec(at: path)?.isGroup == false {
                    #expect(
                        help.contains(#"almanac help"#) && help.contains("--tz, --today, --color"),
                        "\(path): the pointer to the global options")
                }
            }
        }
        let page = try dir.run(["__man"], environment: ["LANG": "C"]).stdout
        #expect(page.components(separatedBy: "\\fB\\-\\-db\\fR").count == 2, "--db once in the man page")
    }

    /// `import --help` fits one screen.
    @Test func importHelpFitsOneScreen() throws {
        for (environment, _) in Self.languages {
            let out = try dir.run(["import", "--help"], environment: environment)
            #expect(out.status == 0)
            let lines = out.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count
            #expect(lines <= 70, "\(environment): \(lines) lines")
        }
    }

    /// No command's help lists an option it refuses: `--format` is listed with the command's own
    /// formats where it prints more than one, and not at all where it prints one (`quiz play`).
    @Test func noCommandsHelpListsAnOptionItRefuses() throws {
        for path in Self.paths {
            guard let command = CommandTree.type(at: path) as? any Formatted.Type else { continue }
            let help = try dir.run(["help"] + path, environment: ["COLUMNS": "200"]).stdout
            let entry = Self.optionEntries(help).first { $0.hasPrefix("  --format ") }
            if command.formats.count < 2 {
                #expect(
                    entry == nil && !help.contains("[--format"),
                    "\(path) lists --format, which it refuses but for \(command.formats)")
            } else {
                let values = command.formats.map(\.rawValue).joined(separator: ", ")
                // Its default: a table, or what it prints without --format (export: CSV).
                let fallback = command.formats.contains(.table) ? "table" : command.formats[0].rawValue
                #expect(
                    entry?.contains("(values: \(values); default: \(fallback))") == true,
                    "\(path): \(entry ?? "no --format")")
            }
        }
        #expect(!(try dir.run(["quiz", "play", "--help"]).stdout.contains("--format")))
        let offered = try dir.run(["__complete", "--", "quiz", "play", "--"]).stdout
        #expect(!offered.contains("--format") && offered.contains("--seed"), "\(offered)")
        #expect(try dir.run(["__complete", "--", "overdue", "--format", ""]).stdout.contains("nagios"))
        #expect(
            try dir.run(["__complete", "--", "animation", "step", "--format", ""]).stdout
                == ":\ntable\nmarkdown\ncsv\ntsv\njson\n")
    }
}
