import Foundation
import Testing

@testable import almanac

/// A command that cannot print a format refuses it (exit 64, naming the command and the format, in
/// the user's language) before it reads or writes anything; a format it accepts is what it prints.
/// Every command of the binary's command tree is run with every `--format`, from its first example,
/// so a command added later is covered by its declaration (`Formatted`) and its examples.
@Suite struct OutputFormatCommandTests {
    /// Every command that runs, with its first example that does not choose a format itself.
    static let commands: [(path: [String], example: Example)] = ExampleTests.paths.filter { !$0.isEmpty }.compactMap {
        path in
        CommandTree.examples(at: path).first { !$0.line.contains("--format") }.map { (path, $0) }
    }

    @Test func everyCommandDeclaresTheFormatsItPrints() throws {
        #expect(Self.commands.count == ExampleTests.paths.count - 1, "a command whose every example chooses a --format")
        for path in ExampleTests.paths where !path.isEmpty {
            let type = try #require(CommandTree.type(at: path))
            let formats = (type as? Formatted.Type)?.formats
            #expect(
                formats?.isEmpty == false, "\(path) does not say which --format values it prints (conform to Formatted)"
            )
            #expect(formats?.contains(.nagios) != true || path == ["overdue"], "\(path): nagios is overdue's line")
        }
    }

    /// HTML in the data is text in markdown, in a listing held to be lined up and in one long enough
    /// to be written as its rows come (past `Renderer.heldBytes`).
    @Test func markdownShowsHTMLFromTheDataAsText() throws {
        let dir = try Workdir()
        try dir.initDatabase()
        for rows in [3, 120_000] {
            let out = try dir.run([
                "--db", "a.db", "query", "--format", "markdown",
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows)) SELECT i, '<b onclick=x>' || i || '</b>' AS html FROM n",
            ])
            #expect(out.status == 0, "\(out.stderr)")
            #expect(!out.stdout.contains("<b") && !out.stdout.contains("</b>"), "\(rows) rows")
            #expect(out.stdout.components(separatedBy: "&lt;b onclick=x&gt;").count == rows + 1, "\(rows) rows")
            #expect(
                out.stdout.contains(" | &lt;b onclick=x&gt;\(rows)&lt;/b&gt;"),
                "\(rows) rows: \(out.stdout.suffix(200))")
        }
    }

    /// One command at a time, so the commands run beside the other tests rather than one after another.
    @Test(arguments: commands.map(\.path))
    func everyCommandPrintsOrRefusesEveryFormat(_ path: [String]) throws {
        let first = try #require(Self.commands.first { $0.path == path }).example
        let declared = try #require(CommandTree.type(at: path) as? Formatted.Type).formats
        let command = (["almanac"] + path).joined(separator: " ")
        // `overdue` is a monitoring plugin: every failure, a usage error too, is its UNKNOWN (3).
        let refused: Int32 = path == ["overdue"] ? 3 : 64
        for format in FormatOption.allCases {
            // An iCalendar file is events': the command's example that writes one (`export events`).
            let example =
                format == .ics
                ? CommandTree.examples(at: path).first { $0.line.contains("--format ics") } ?? first : first
            // The sample database, made once for every command (`prepared`), and the examples' files.
            let dir = try Workdir()
            try dir.prepared("format-sample", as: "almanac.db") { try $0.demoDatabase("made.db") }
            try ExampleFixtures.write(into: dir)
            let line = Self.line(example.line, adding: ["--format", format.rawValue])
            let out = try dir.shell(line)
            guard declared.contains(format) else {
                #expect(out.status == refused, "`\(line)` exited \(out.status): \(out.stderr)")
                #expect(out.stdout.isEmpty, "`\(line)` printed before refusing")
                #expect(out.stderr == Self.refusal(command, format, declared, russian: false), "`\(line)`")
                let russian = try dir.shell(
                    Self.line(example.line, adding: ["--locale", "ru", "--format", format.rawValue]))
                #expect(
                    russian.status == refused
                        && russian.stderr == Self.refusal(command, format, declared, russian: true),
                    "\(line): \(russian.stderr)")
                continue
            }
            let status = TestStore.status(ofExample: line, example.status)
            #expect(out.status == status, "`\(line)` exited \(out.status), not \(status): \(out.stderr)")
            if status == 0, let problem = Self.problem(out.stdout, as: format) {
                Issue.record("`\(line)` does not print \(format): \(problem)")
            }
        }
    }

    /// The refusal, word for word.
    static func refusal(_ command: String, _ format: FormatOption, _ declared: [FormatOption], russian: Bool) -> String
    {
        let formats = declared.map(\.rawValue).joined(separator: ", ")
        switch (declared == FormatOption.text, russian) {
        case (true, false):
            return
                "almanac: error: \"\(command)\" prints no rows, so it cannot print --format \(format) (leave --format out)\n"
        case (true, true):
            return
                "almanac: ошибка: «\(command)» не выводит строк данных и не поддерживает --format \(format) (уберите --format)\n"
        case (false, false):
            return "almanac: error: \"\(command)\" cannot print --format \(format) (it prints \(formats))\n"
        case (false, true):
            return "almanac: ошибка: «\(command)» не поддерживает --format \(format) (поддерживается: \(formats))\n"
        }
    }

    /// An example's line with global options put right after `almanac` (accepted anywhere).
    static func line(_ line: String, adding options: [String]) -> String {
        let rest = String(line.dropFirst("almanac".count))
        // A --format of the example's own gives way to the one added.
        let kept = options.contains("--format") ? rest.replacing(#/ --format \w+/#, with: "") : rest
        return "almanac " + options.joined(separator: " ") + kept
    }

    /// What is wrong with `text` as output in `format`, or nil: JSON parses as an array of objects,
    /// CSV and TSV start with a header of keys, markdown is no box table, html a page, nagios the
    /// plugin line, ics an iCalendar file.
    static func problem(_ text: String, as format: FormatOption) -> String? {
        let keys = #/^[a-z][a-z0-9_]*$/#
        switch format {
        case .table:
            return nil
        case .json:
            guard (try? JSONSerialization.jsonObject(with: Data(text.utf8))) is [[String: Any]] else {
                return "not a JSON array of objects"
            }
        case .csv, .tsv:
            let separator: Character = format == .csv ? "," : "\t"
            guard !text.isEmpty else { return nil }  // written to a file (export --out)
            guard format == .tsv || text.contains("\r\n") else { return "no CRLF line ends" }
            let header = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            guard header.split(separator: separator).allSatisfy({ $0.wholeMatch(of: keys) != nil }) else {
                return "a header that is not keys: \(header)"
            }
        case .markdown:
            guard !text.contains("┌") && !text.contains("│") else { return "a box table" }
        case .html:
            // Empty: written to --out.
            guard text.isEmpty || text.hasPrefix("<!DOCTYPE html>") else { return "not a page" }
        case .nagios:
            guard text.hasPrefix("OVERDUE ") else { return "not the plugin line" }
        case .ics:
            // Empty: written to --out.
            guard text.isEmpty || (text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.hasSuffix("END:VCALENDAR\r\n")) else {
                return "not an iCalendar file"
            }
        }
        return nil
    }
}
