import AlmanacKit
import Foundation
import Testing

@testable import AlmanacKinds
@testable import almanac

/// The same thing has the same JSON key in every command: every example of every command that
/// prints JSON, and every built-in report, is run with `--format json` on the sample data, and the
/// keys of all of them are held together. A key is English snake_case; one meaning has one key (no
/// two keys of a synonym set appear anywhere); a key holds one type of value everywhere (`asked` is
/// a count, never a country); dates and instants are ISO; status words come from one vocabulary.
@Suite struct JSONKeyTests {
    /// Keys that mean one thing: at most one of each set may appear in any command's JSON.
    static let synonyms: [Set<String>] = [
        ["points", "score"], ["default", "default_value"], ["confused_times", "times"], ["confused_with", "chosen"],
        ["right_answers", "right", "correct"], ["wrong_answers", "wrong"], ["answers", "answered"],
        ["starts_at", "start", "starts", "begins_at"], ["ends_at", "end", "ends", "until"],
        ["due_on", "due", "due_date"], ["loaned_on", "loaned", "lent_on"], ["returned_on", "returned"],
        ["days_overdue", "overdue_days", "days_late"], ["level", "notice_level"],
        ["created_at", "created", "saved_at"], ["opened_at", "opened_on"], ["answered_at", "asked_at"],
        ["last_answered_at", "last_answer"], ["next_door", "next"], ["opened", "open", "doors_open"],
        ["person", "who"], ["borrower", "reader"], ["player", "name_of_player"], ["seed", "game_seed"],
    ]

    /// Status words that mean one thing: at most one of each set may appear as a `status` value.
    static let statusSynonyms: [Set<String>] = [
        ["open", "opened"], ["overdue", "late"], ["due-soon", "due_soon", "soon"],
    ]

    /// A JSON value as far as the keys care: its type, and its text when it is a string.
    enum Value: Decodable {
        case null, bool, number
        case string(String)
        case nested

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if (try? container.decode(Bool.self)) != nil {
                self = .bool
            } else if (try? container.decode(Double.self)) != nil {
                self = .number
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else {
                self = .nested
            }
        }

        var type: String? {
            switch self {
            case .null: return nil
            case .bool: return "bool"
            case .number: return "number"
            case .string: return "string"
            case .nested: return "nested"
            }
        }
    }

    /// What each key held, and the first command line that printed it.
    struct Seen {
        var types: [String: Set<String>] = [:]
        var source: [String: String] = [:]
        var statuses: Set<String> = []
        var values: [String: [String]] = [:]

        mutating func add(_ rows: [[String: Value]], from line: String) {
            for row in rows {
                for (key, value) in row {
                    source[key] = source[key] ?? line
                    if let type = value.type { types[key, default: []].insert(type) }
                    if case .string(let text) = value {
                        if key == "status" { statuses.insert(text) }
                        values[key, default: []].append(text)
                    }
                }
            }
        }
    }

    /// The command lines that print JSON: every example of a command that prints it (with
    /// `--format json` added), and every built-in report.
    static func lines() throws -> [String] {
        var lines: [String] = []
        for path in ExampleTests.paths where !path.isEmpty {
            let formats = (CommandTree.type(at: path) as? Formatted.Type)?.formats ?? []
            guard formats.contains(.json) else { continue }
            for example in CommandTree.examples(at: path) where example.status == 0 || path == ["overdue"] {
                if example.line.contains("--format") {
                    if example.line.contains("--format json") { lines.append(example.line) }
                } else {
                    lines.append(OutputFormatCommandTests.line(example.line, adding: ["--format", "json"]))
                }
            }
        }
        lines += ["almanac quiz missed --pairs --format json", "almanac calendar open 3 --format json"]
        lines += try ReportCatalog.builtIn().reports.map { "almanac report run \($0.name) --format json" }
        return lines
    }

    @Test func oneMeaningHasOneKeyInEveryCommand() throws {
        let sample = try Workdir.sampleSource()
        var seen = Seen()
        var russian = Seen()
        let lines = try Self.lines()
        #expect(lines.count >= 50)
        for line in lines {
            for (locale, target) in [("en", 0), ("ru", 1)] {
                let dir = try sample.sampleCopy()
                let out = try dir.shell(
                    locale == "en" ? line : OutputFormatCommandTests.line(line, adding: ["--locale", "ru"]))
                let rows = try #require(
                    try? JSONDecoder().decode([[String: Value]].self, from: Data(out.stdout.utf8)),
                    "`\(line)` (\(locale)): \(out.stdout.prefix(200)) \(out.stderr)")
                if target == 0 { seen.add(rows, from: line) } else { russian.add(rows, from: line) }
            }
        }
        let snakeCase = #/[a-z][a-z0-9]*(_[a-z0-9]+)*/#
        for key in seen.types.keys.sorted() {
            #expect(key.wholeMatch(of: snakeCase) != nil, "\(key) (\(seen.source[key] ?? "")) is not snake_case")
            #expect(
                (seen.types[key]?.count ?? 0) <= 1,
                "\(key) holds \(seen.types[key] ?? []) (one is in \(seen.source[key] ?? ""))")
        }
        for set in Self.synonyms {
            let found = set.filter { seen.source[$0] != nil }
            #expect(
                found.count <= 1, "one meaning, keys \(found.sorted()): \(found.sorted().map { seen.source[$0] ?? "" })"
            )
        }
        for set in Self.statusSynonyms {
            let found = set.intersection(seen.statuses)
            #expect(found.count <= 1, "one status, words \(found.sorted())")
        }
        for (key, texts) in seen.values {
            if key.hasSuffix("_on") || key == "day" {
                #expect(
                    texts.allSatisfy { $0.wholeMatch(of: #/\d{4}-\d{2}-\d{2}/#) != nil },
                    "\(key) holds a value that is not YYYY-MM-DD")
            }
            if key.hasSuffix("_at") {
                #expect(
                    texts.allSatisfy { $0.wholeMatch(of: #/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/#) != nil },
                    "\(key) holds a value that is not a UTC instant")
            }
        }
        #expect(Set(russian.source.keys) == Set(seen.source.keys), "JSON keys depend on the language")
        #expect(russian.statuses == seen.statuses, "status words depend on the language")
    }
}
