import Foundation

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacQuiz

/// Seeded random files for every kind, with hostile text in every text column: quotes, commas,
/// semicolons, tabs, line breaks (LF, CRLF, CR), Cyrillic, emoji (with ZWJ), combining marks, spaces
/// at the ends. Written as a careful CSV writer would, in a random column order.
struct RandomCSV {
    var random: SplitMix64

    static let pieces = [
        "a", "Z", "7", " ", "\"", ",", ";", "\t", "\n", "\r\n", "\r", "ё", "Жук", "🎄", "👩‍👩‍👧", "e\u{301}", "'", "\\", "#",
        "|",
    ]

    /// Text of 1 to 12 pieces.
    mutating func text() -> String { (0...random.below(12)).map { _ in random.pick(Self.pieces) }.joined() }

    /// Text with something other than white space in it, for a required column.
    mutating func requiredText() -> String { random.pick(["a", "Z", "7", "ё", "Жук", "🎄", "\"", "'"]) + text() }

    /// Text without control characters (tabs and line breaks), for a name typed in commands.
    mutating func name() -> String {
        (0...random.below(12)).map { _ in
            random.pick(Self.pieces.filter { !$0.contains(where: \.isNewline) && $0 != "\t" })
        }.joined()
    }

    /// Text, or nil (an empty optional field) one time in four.
    mutating func optionalText() -> String? { random.below(4) == 0 ? nil : text() }

    /// A file: the columns in a random order, each field quoted when it must be (and sometimes when it
    /// need not be), records ended by LF or CRLF.
    mutating func file(columns: [String], rows: [[String?]]) -> String {
        let order = columns.indices.shuffled(using: &random)
        var out = order.map { columns[$0] }.joined(separator: ",") + "\n"
        for row in rows {
            out += order.map { field(row[$0] ?? "") }.joined(separator: ",")
            out += random.below(2) == 0 ? "\n" : "\r\n"
        }
        return out
    }

    private mutating func field(_ value: String) -> String {
        let special = value.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard special || random.below(5) == 0 else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Rows for every kind, in dependency order, with their columns.
    mutating func dataSet() -> [(kind: ImportKind, columns: [String], rows: [[String?]])] {
        let holidays: [[String?]] = (0..<6).map { index -> [String?] in
            [
                "h\(index)-\(random.below(100))", requiredText(), random.below(2) == 0 ? nil : "#A0b1C2",
                optionalText(), optionalText(),
            ]
        }
        var doors: [[String?]] = []
        for holiday in holidays {
            for door in 1...3 { doors.append([holiday[0], String(door * 7), requiredText()]) }
        }
        let codes = ISO3166.entries.shuffled(using: &random).prefix(8)
        let countries: [[String?]] = codes.map {
            [
                $0.alpha2, requiredText(), random.below(2) == 0 ? $0.alpha3 : nil,
                random.below(2) == 0 ? $0.numeric : nil,
            ]
        }
        let answers: [[String?]] = (0..<10).map { _ -> [String?] in
            let pick = codes.shuffled(using: &random).prefix(4).map(\.alpha2)
            return [
                requiredText(), "2025-12-\(10 + random.below(19))T1\(random.below(10)):3\(random.below(10)):00Z",
                pick[0], pick[1],
                random.below(2) == 0 ? nil : pick.shuffled(using: &random).joined(separator: "|"),
            ]
        }
        let properties: [[String?]] = [
            ["width", requiredText(), "0.5", "2", "0.1", "1.3"],
            ["angle", requiredText(), "-90", "90", "0.25", "-45.75"],
        ]
        let settings: [[String?]] = (0..<5).map { index -> [String?] in
            [
                "setting \(index) " + name(), random.below(4) == 0 ? "2" : "0.\(5 + random.below(5))",
                "-\(random.below(90)).25",
            ]
        }
        let events: [[String?]] = (1...12).map { id -> [String?] in
            let day = 10 + random.below(10)
            return [
                String(id), requiredText(), optionalText(), "2025-12-\(day)T10:00:00Z",
                random.below(2) == 0 ? nil : "2025-12-\(day + 1)T09:15:00Z",
                optionalText(), optionalText(),
            ]
        }
        let books: [[String?]] = (1...12).map { id -> [String?] in
            let month = 1 + random.below(7)
            return [
                String(id), requiredText(), optionalText(), optionalText(), "2025-0\(month)-1\(random.below(9))",
                "2025-0\(month + 1)-0\(1 + random.below(9))",
                random.below(2) == 0 ? nil : "2025-0\(month + 2)-01",
            ]
        }
        return [
            (.holidays, ["key", "title", "color", "image", "greeting"], holidays),
            (.doors, ["holiday", "door", "surprise"], doors),
            (.countries, ["code", "name", "alpha3", "numeric"], countries),
            (.quizAnswers, ["player", "answered_at", "country", "chosen", "options"], answers),
            (.animationProperties, ["key", "label", "min", "max", "step", "default"], properties),
            (.animationSettings, ["name", "width", "angle"], settings),
            (.events, ["id", "title", "person", "starts_at", "ends_at", "image", "description"], events),
            (.books, ["id", "title", "author", "borrower", "loaned_on", "due_on", "returned_on"], books),
        ]
    }
}
