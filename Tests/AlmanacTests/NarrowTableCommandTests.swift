import Foundation
import TestSupport
import Testing

/// A narrow terminal keeps what matters (issue 30): under width pressure a box drops the columns that
/// say least first (a loan's return and loan dates), then the ones that say less (the author, the
/// days overdue) before text would be cut below a readable width, and only then shortens text. A
/// title is never cut to two letters while three dates stay. Run in a real pseudo-terminal, in
/// English and Russian.
@Suite struct NarrowTableCommandTests {
    /// What `almanac ARGUMENTS` draws on a terminal `columns` wide, lines without their `\r`.
    static func onTerminal(_ dir: Workdir, _ arguments: [String], columns: Int) throws -> [String] {
        let pty = try PseudoTerminal()
        let process = try dir.start(
            at: pty, arguments, environment: ["TERM": "xterm-256color", "COLUMNS": String(columns), "NO_COLOR": "1"])
        var text = ""
        while process.isRunning { text += pty.output() }
        text += pty.output()
        #expect(process.terminationStatus == 0, "\(text)")
        return text.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
    }

    /// The cells of a box's title row, trimmed.
    static func titles(_ lines: [String]) -> [String] {
        guard let row = lines.first(where: { $0.hasPrefix("│") }) else { return [] }
        return row.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static let day = ["--db", "almanac.db", "--today", "2025-12-22", "--tz", "UTC"]

    @Test(arguments: [
        ("en", 60, ["id", "title", "borrower", "due", "status"]),
        ("en", 80, ["id", "title", "author", "borrower", "due", "status", "overdue…"]),
        ("en", 200, ["id", "title", "author", "borrower", "loaned", "due", "returned", "status", "overdue by"]),
        ("ru", 60, ["№", "назва…", "читате…", "вернуть до", "состояние"]),
        ("ru", 80, ["№", "название", "автор", "читатель", "вернуть до", "состояние"]),
        (
            "ru", 200,
            ["№", "название", "автор", "читатель", "выдана", "вернуть до", "возвращена", "состояние", "просрочка"]
        ),
    ])
    func booksListDropsWhatSaysLeastFirst(_ locale: String, _ columns: Int, _ expected: [String]) throws {
        let dir = try Workdir.sampleSource()
        let lines = try Self.onTerminal(dir, Self.day + ["--locale", locale, "books", "list"], columns: columns)
        #expect(Self.titles(lines) == expected, "\(lines.prefix(6).joined(separator: "\n"))")
        #expect(
            lines.allSatisfy { DisplayWidthProbe.columns($0) <= columns }, "\(lines.prefix(6).joined(separator: "\n"))")
        // No title is cut below a readable width: "Don Quixote" keeps at least its first word.
        let first = try #require(lines.first { $0.contains("Don Q") })
        let title = first.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }[1]
        #expect(title.count >= 5, "\(first)")
        // At 80 columns a title is not cut to six characters, in Russian either (`Don Quixo…`).
        if columns >= 80 { #expect(title.count > 6, "\(first)") }
        // No column is wider than its widest cell or title: a date column has no padding of its own.
        let rows = lines.filter { $0.hasPrefix("│") }.map { Self.cells($0) }
        let frame = try #require(lines.first { $0.hasPrefix("┌") })
        let widths = frame.dropFirst().dropLast().split(separator: "┬").map { $0.count - 2 }
        for (column, width) in widths.enumerated() {
            #expect(rows.map { $0[column].count }.max() == width, "column \(column + 1) of \(frame)")
        }
    }

    /// The cells of a box row, trimmed.
    static func cells(_ row: String) -> [String] {
        row.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Piped, nothing is dropped or cut: every column, whatever COLUMNS says.
    @Test func aPipeKeepsEveryColumn() throws {
        let dir = try Workdir.sampleSource()
        let out = try dir.run(Self.day + ["books", "list"], environment: ["COLUMNS": "60"])
        #expect(Self.titles(out.stdout.split(separator: "\n").map(String.init)).count == 9)
    }
}

/// Terminal columns of a line of box drawing and Latin or Cyrillic text (all one column wide).
enum DisplayWidthProbe {
    static func columns(_ line: String) -> Int { line.count }
}
