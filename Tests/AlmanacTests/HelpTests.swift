@testable import almanac
import AlmanacKit
import Foundation
import Testing

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
                let mentions = entry.components(separatedBy: "default").count - 1 + entry.components(separatedBy: "по умолчанию").count - 1
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
            if line.hasPrefix("  -") { entries.append(String(line)) } else if !entries.isEmpty { entries[entries.count - 1] += " " + line }
        }
        return entries
    }

    @Test func russianHelpIsRussianWhereTheParserLetsItBe() throws {
        let english = try dir.run(["help", "books", "add"]).stdout
        let russian = try dir.run(["help", "books", "add"], environment: ["LANG": "ru_RU.UTF-8"]).stdout
        #expect(english.hasPrefix("OVERVIEW: Lend a book: add a loan."))
        #expect(russian.hasPrefix("OVERVIEW: Выдать книгу: добавить выдачу."))
        #expect(russian.contains("  --due <date>            Срок возврата: ГГГГ-ММ-ДД, today+N…"))
        #expect(russian.contains("USAGE: almanac books add") && russian.contains("\nOPTIONS:\n"), "the parser's headings stay English")
        #expect(try dir.run(["--locale", "ru", "books", "add", "--help"]).stdout == russian)
    }

    @Test func paragraphsAreNotBrokenByHand() throws {
        let out = try dir.run(["help", "init"], environment: ["COLUMNS": "80"])
        #expect(out.stdout.contains("Creates the file when it is missing and applies every pending schema migration,\neach in its own"))
        // A discussion line that is not an indented block is a whole paragraph: the parser wraps it.
        for language in ["en", "ru"] {
            let words = Localizer(locale: language)
            for key in Self.paths.map({ "help." + ($0.isEmpty ? "almanac" : $0.joined(separator: ".")) + ".discussion" }) {
                #expect(words.hasKey(key), "\(key)")
                for line in words(key).split(separator: "\n") where !line.hasPrefix("  ") {
                    let last = line.last ?? "."
                    #expect(".:!?)…»\"`".contains(last) || line.hasPrefix("`"), "\(key) [\(language)]: a line ends mid-sentence: \(line)")
                }
            }
        }
    }

    @Test func groupsTakeNoOptionsAndEveryCommandTakesTheGlobalOnes() throws {
        let globals = Set(CommandTree.globals.map(\.name))
        #expect(globals == ["--db", "--locale", "--tz", "--today", "--format", "--color"])
        for path in Self.paths {
            let type = try #require(CommandTree.type(at: path))
            let spec = try #require(CommandTree.spec(at: path))
            let declared = spec.declared.compactMap { if case .option(let option) = $0 { option.name } else { nil } }
            if !type.configuration.subcommands.isEmpty {
                #expect(!(type is any RunnableCommand.Type), "\(path) groups commands and runs one of its own")
                #expect(declared.isEmpty && spec.options.isEmpty, "\(path) declares options")
                #expect(spec.positionals.isEmpty, "\(path) declares arguments")
            } else {
                #expect(globals.isSubset(of: Set(declared)), "\(path) lacks the global options")
            }
        }
    }
}
