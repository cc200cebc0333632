import AlmanacKit
import Foundation
import Testing

@testable import AlmanacArguments
@testable import AlmanacKinds
@testable import almanac

/// Every example shown in a command's help, in the man page, in README and in `docs/` runs, as a user
/// would type it into a shell, against the sample data (a database made by `almanac demo`) on its demo
/// day, and ends with the status it declares. Every command has examples.
@Suite struct ExampleTests {
    /// The commands that declare examples (a group shows its subcommands' first ones).
    static let paths =
        CommandTree.allPaths.filter { CommandTree.type(at: $0).map { $0.configuration.subcommands.isEmpty } ?? false }
        + [[]]

    @Test func everyCommandHasExamples() throws {
        for path in Self.paths {
            let type = try #require(CommandTree.type(at: path))
            let examples = (type as? Exemplified.Type)?.examples ?? []
            #expect(!examples.isEmpty, "\(path) has no examples: declare `static let examples` (Exemplified)")
        }
        for path in CommandTree.allPaths {
            #expect(!CommandTree.examples(at: path).isEmpty, "\(path) shows no examples")
        }
    }

    @Test func examplesRunTheCommandTheyDocument() throws {
        for path in Self.paths where !path.isEmpty {
            for example in CommandTree.examples(at: path) {
                let words = ShellWords.split(example.line)
                #expect(words.first == "almanac", "\(example.line)")
                let invocation = CommandTree.scanner.scan(Array(words.dropFirst()))
                #expect(
                    invocation.path == path && invocation.mistake == nil, "\(example.line) is not an example of \(path)"
                )
            }
        }
    }

    /// README's and every `docs/` page's ```sh blocks show only examples the commands declare, so
    /// help, the man page and the guides say the same; README keeps a tour of its own.
    @Test func readmeShowsOnlyExamplesTheCommandsDeclare() throws {
        let declared = Set(Self.paths.flatMap { CommandTree.examples(at: $0) }.map { ShellWords.normalized($0.line) })
        var total = 0
        for page in try Guides.all() {
            let lines = ShellWords.shellBlocks(page.text).filter { $0.hasPrefix("almanac") }
            if page.name == "README.md" { #expect(lines.count >= 45, "README's tour shows \(lines.count) examples") }
            for line in lines {
                let isDeclared = declared.contains(ShellWords.normalized(line))
                #expect(isDeclared, "\(page.name)'s `\(line)` is not an example of any command's help")
            }
            total += lines.count
        }
        #expect(total >= 135)
    }

    /// Every command is shown in README or a `docs/` page, by an example it declares.
    @Test func everyCommandIsInTheGuides() throws {
        let examples = Self.paths.flatMap { path in
            CommandTree.examples(at: path).map { (ShellWords.normalized($0.line), path) }
        }
        let pathOf = Dictionary(examples) { first, _ in first }
        let lines = try Guides.all().flatMap { ShellWords.shellBlocks($0.text) }
        let shown = Set(lines.compactMap { pathOf[ShellWords.normalized($0)] })
        for path in Self.paths where !path.isEmpty {
            #expect(shown.contains(path), "almanac \(path.joined(separator: " ")) is in neither README nor docs/")
        }
    }

    /// README's and every `docs/` page's ```sh blocks run as written: each block's lines in order, on
    /// one copy of the sample data, as a user who follows them runs them (a loan added, then edited,
    /// returned and deleted), each ending with the status its example declares; on the demo day, and
    /// on the clock's day, as for a user who sets no `ALMANAC_TODAY`.
    @Test func readmeBlocksRunInOrderAgainstTheSampleData() throws {
        let declared = Dictionary(
            Self.paths.flatMap { CommandTree.examples(at: $0) }.map { (ShellWords.normalized($0.line), $0) }
        ) { first, _ in first }
        let pages = try Guides.all()
        let sample = try Workdir.sampleSource()
        var ran = 0
        for today in ["2025-12-22", nil] {
            for page in pages {
                for block in ShellWords.shellBlockList(page.text) {
                    let lines = block.filter { $0.hasPrefix("almanac") }
                    guard !lines.isEmpty else { continue }
                    let dir = try sample.sampleCopy()
                    for line in lines {
                        let status = TestStore.status(
                            ofExample: line, declared[ShellWords.normalized(line)]?.status ?? 0)
                        let out = try dir.shell(line, today: today)
                        let day = today ?? "the clock's"
                        #expect(
                            out.status == status,
                            "\(page.name), in order, today \(day): `\(line)` exited \(out.status), not \(status): \(out.stderr)"
                        )
                        ran += 1
                    }
                }
            }
        }
        #expect(ran >= 270)
    }

    @Test func everyExampleRunsAgainstTheSampleData() throws {
        let sample = try Workdir.sampleSource()
        var ran = 0
        for path in Self.paths {
            let dir = try sample.sampleCopy()
            for example in CommandTree.examples(at: path) {
                let out = try dir.shell(example.line)
                let status = TestStore.status(ofExample: example.line, example.status)
                #expect(
                    out.status == status, "`\(example.line)` exited \(out.status), not \(status): \(out.stderr)")
                ran += 1
            }
        }
        #expect(ran >= 85)
    }
}

/// The files the examples name: what a user would have beside the database.
enum ExampleFixtures {
    static func write(into dir: Workdir) throws {
        let loans = "title,author,borrower,loaned_on,due_on\nThe Hobbit,J. R. R. Tolkien,Bilbo,2025-12-20,2026-01-20\n"
        try dir.write("loans.csv", loans)
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("data"), withIntermediateDirectories: true)
        try dir.write("data/books.csv", loans)
        try dir.write(
            "data/events.csv",
            "title,person,starts_at,ends_at\nLantern walk,Greta,2025-12-24T17:00:00+01:00,2025-12-24T18:30:00+01:00\n")
        try dir.write(
            "agenda.csv",
            "id,title,person,starts_at,ends_at\n1,Advent choir rehearsal,Margaret Hill,2025-12-12T18:00,2025-12-12T20:30\n"
        )
        // Windows-1251, semicolons: "Идиот;Фёдор Достоевский;…"
        var old = Data("title;author;loaned_on;due_on\r\n".utf8)
        old +=
            Data([0xC8, 0xE4, 0xE8, 0xEE, 0xF2, 0x3B, 0xD4, 0xB8, 0xE4, 0xEE, 0xF0])
            + Data(";2025-12-01;2026-01-15\r\n".utf8)
        try old.write(to: dir.url.appendingPathComponent("old.csv"))
        // Excel's "CSV UTF-8" with a sep= line, Russian titles, dotted dates, an empty trailing column and row.
        let excel =
            "\u{FEFF}sep=;\r\nНазвание;Читатель;Выдана;Вернуть до;\r\nХоббит;Бильбо;01.12.2025;20.12.2025;\r\n;;;;\r\n"
        try dir.write("loans-excel.csv", excel)
        // An iCalendar file as Google Calendar writes one: a weekly event in a zone, a floating one, a day.
        try dir.write(
            "calendar.ics",
            [
                "BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0",
                "BEGIN:VEVENT", "DTSTART;TZID=Europe/Berlin:20251222T190000",
                "DTEND;TZID=Europe/Berlin:20251222T210000",
                "RRULE:FREQ=WEEKLY;COUNT=4", "DTSTAMP:20251201T000000Z", "UID:choir-7f3a@google.com", "SUMMARY:Choir",
                "LOCATION:St. Mary's\\, hall", "END:VEVENT",
                "BEGIN:VEVENT", "DTSTART:20251223T180000", "DTEND:20251223T200000", "UID:walk-1@example.org",
                "SUMMARY:Lantern walk", "END:VEVENT",
                "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20251224", "DTEND;VALUE=DATE:20251225", "UID:eve-1@example.org",
                "SUMMARY:Christmas Eve", "END:VEVENT", "END:VCALENDAR", "",
            ].joined(separator: "\r\n"))
        try dir.write("long-query.sql", "SELECT title, due_on FROM books ORDER BY due_on LIMIT 5\n")
        // A user's own SQL file, in the dialect of the store it is run on.
        try dir.write(
            "overdue.sql",
            TestStore.sql(
                "SELECT title, due_on FROM books WHERE returned_on IS NULL AND due_on < date(:today, '-' || :days || ' days')\n",
                postgres:
                    "SELECT title, due_on FROM books WHERE returned_on IS NULL AND due_on < CAST(:today AS date) - CAST(:days AS integer)\n"
            ))
        try dir.write("answers.txt", "1\n2\n3\n4\n1\n")
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("almanac-reports"), withIntermediateDirectories: true)
        try dir.write(
            "almanac-reports/mine.sql",
            "-- name: mine\n-- title: Loans by borrower\nSELECT borrower, count(*) AS loans FROM books GROUP BY borrower\n"
        )
    }
}

/// Command lines as a shell reads them, enough for the examples: words, quotes, and what follows `<`.
enum ShellWords {
    /// The words before any redirection, quotes removed (help lays lines out in the same words).
    static func split(_ line: String) -> [String] {
        HelpLayout.units(line).prefix { !$0.hasPrefix("<") }.map { unit in
            guard unit.count >= 2, let first = unit.first, first == unit.last, first == "\"" || first == "'" else {
                return unit
            }
            return String(unit.dropFirst().dropLast())
        }
    }

    /// A line with its `# comment` left out and runs of spaces outside quotes made one.
    static func normalized(_ line: String) -> String {
        var result = ""
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" && (result.last == " " || result.isEmpty) {
                break
            } else if character == " " && result.last == " " {
                continue
            }
            result.append(character)
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    /// The lines of a Markdown text's ```sh blocks.
    static func shellBlocks(_ markdown: String) -> [String] {
        shellBlockList(markdown).flatMap { $0 }
    }

    /// A Markdown text's ```sh blocks, each as its lines.
    static func shellBlockList(_ markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var inside = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inside = !inside && line == "```sh"
                if inside { blocks.append([]) }
            } else if inside {
                blocks[blocks.count - 1].append(String(line))
            }
        }
        return blocks
    }
}
