import AlmanacStore
import Foundation
import Testing

@testable import AlmanacAnimation
@testable import AlmanacBooks
@testable import AlmanacCalendar
@testable import AlmanacEvents
@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacQuiz
@testable import AlmanacSQLite
@testable import AlmanacText

/// One rule set per kind: every rule is run through an import of a one-row file and through the
/// writer `add` and `edit` use (an insert, and an edit of a valid row), and all three accept the row
/// or refuse it with the same rule.
@Suite struct KindWriterTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let kind: ImportKind
        let fields: [String: String]
        /// The rule that refuses the row, or nil when it is accepted.
        let rule: String?
        var testDescription: String { "\(kind.rawValue) \(fields.sorted { $0.key < $1.key }) → \(rule ?? "accepted")" }

        init(_ kind: ImportKind, _ fields: [String: String], _ rule: String?) {
            self.kind = kind
            self.fields = fields
            self.rule = rule
        }
    }

    /// A valid row of each kind, which each case changes.
    static let valid: [ImportKind: [String: String]] = [
        .books: ["title": "War", "loaned_on": "2025-11-01", "due_on": "2025-11-20"],
        .events: ["title": "Party", "starts_at": "2025-12-22T16:30"],
        .holidays: ["key": "easter", "title": "Easter"],
        .doors: ["holiday": "xmas", "door": "1", "surprise": "Star"],
        .countries: ["code": "AT", "name": "Austria", "alpha3": "AUT", "numeric": "040"],
        .quizAnswers: ["player": "Ann", "answered_at": "2025-12-01T10:00:00Z", "country": "DE", "chosen": "FR"],
        .animationProperties: [
            "key": "width", "label": "Width", "min": "0.5", "max": "2", "step": "0.1", "default": "1",
        ],
    ]

    /// Rows the rows above refer to.
    static let setup = """
        INSERT INTO holidays (key, title) VALUES ('xmas', 'Christmas');
        INSERT INTO countries (code, name) VALUES ('DE', 'Germany'), ('FR', 'France'), ('JP', 'Japan'), ('RU', 'Russia');
        """

    static let cases: [Case] = [
        Case(.books, [:], nil),
        Case(.books, ["title": ""], "rule.required"),
        Case(.books, ["title": " \t "], "rule.blank"),
        Case(.books, ["due_on": "2025-02-30"], "rule.not-a-date"),
        Case(.books, ["due_on": "2025-10-31"], "rule.books.due-before-loan"),
        Case(.books, ["loaned_on": "2025-11-30", "due_on": "2026-03-01"], "rule.books.due-too-late.clamped"),
        Case(.books, ["loaned_on": "2025-11-30", "due_on": "2026-02-28"], nil),
        Case(.books, ["returned_on": "2025-10-01"], "rule.books.returned-before-loan"),
        Case(.books, ["returned_on": "2025-12-02"], "rule.books.returned-future"),
        Case(.books, ["returned_on": "2025-12-01"], nil),
        Case(.books, ["id": "1.5"], "rule.not-an-id"),
        Case(.books, ["id": "0"], "rule.not-an-id"),
        Case(.events, [:], nil),
        Case(.events, ["title": " "], "rule.blank"),
        Case(.events, ["starts_at": "2025-12-22 T"], "rule.events.not-a-datetime"),
        Case(.events, ["starts_at": "2025-12-24", "ends_at": "2025-12-26"], nil),
        Case(.events, ["starts_at": "2025-12-24", "ends_at": "2025-12-26T10:00"], "rule.events.all-day-end"),
        Case(.events, ["starts_at": "2025-12-24", "ends_at": "2025-12-23"], "rule.events.last-day-before-first"),
        Case(.events, ["starts_at": "9999-12-30", "ends_at": "9999-12-31"], "rule.events.all-day-past-the-years"),
        Case(.events, ["ends_at": "2025-12-23"], "rule.events.timed-end"),
        Case(.events, ["all_day": "true", "starts_at": "2025-12-24 00:00", "ends_at": "2025-12-26 00:00"], nil),
        Case(.events, ["all_day": "true", "starts_at": "2025-12-24 18:00"], "rule.events.all-day-time"),
        Case(.events, ["all_day": "false", "starts_at": "2025-12-24"], "rule.events.timed-needs-time"),
        Case(.events, ["all_day": "maybe"], "rule.not-a-boolean"),
        Case(.events, ["zone": "Mars/Olympus"], "rule.events.unknown-zone"),
        Case(.events, ["recurrence": "RRULE:FREQ=SOMETIMES"], "rule.events.recurrence-unreadable"),
        Case(.events, ["recurrence": "RRULE:FREQ=MINUTELY"], "rule.events.recurrence-too-often"),
        Case(.events, ["ends_at": "2025-12-22T16:00"], "rule.events.ends-before-start"),
        Case(.events, ["starts_at": "0001-01-01T00:00+01:00"], "rule.datetime-out-of-range"),
        Case(.holidays, [:], nil),
        Case(.holidays, ["key": "Bad Key"], "rule.calendar.key"),
        Case(.holidays, ["color": "red"], "rule.calendar.color"),
        Case(.holidays, ["color": "#C0392B"], nil),
        Case(.holidays, ["title": "  "], "rule.blank"),
        Case(.doors, [:], nil),
        Case(.doors, ["door": "25"], "rule.calendar.door-range"),
        Case(.doors, ["door": "x"], "rule.not-an-integer"),
        Case(.doors, ["surprise": ""], "rule.required"),
        Case(.doors, ["opened_at": "yesterday"], "rule.not-a-datetime"),
        Case(.doors, ["opened_at": "2025-12-01T10:00"], nil),
        Case(.countries, [:], nil),
        Case(.countries, ["code": "de"], "rule.countries.not-a-code"),
        Case(.countries, ["numeric": "250"], "rule.countries.numeric-mismatch"),
        Case(.countries, ["name": " "], "rule.blank"),
        Case(.quizAnswers, [:], nil),
        Case(.quizAnswers, ["options": "DE|FR|JP|RU"], nil),
        Case(.quizAnswers, ["options": "DE|FR"], "rule.quiz.options-format"),
        Case(.quizAnswers, ["options": "DE|FR|JP|XX"], "rule.quiz.options-unknown"),
        Case(.quizAnswers, ["options": "DE|FR|JP|JP"], "rule.quiz.options-repeated"),
        Case(.quizAnswers, ["options": "DE|JP|RU|AT"], "rule.quiz.options-missing"),
        Case(.quizAnswers, ["answered_at": "noon"], "rule.not-a-datetime"),
        Case(.animationProperties, [:], nil),
        Case(.animationProperties, ["key": "Width"], "rule.animation.key"),
        Case(.animationProperties, ["key": "name"], "rule.animation.reserved-key"),
        Case(.animationProperties, ["step": "0"], "rule.animation.step-not-positive"),
        Case(.animationProperties, ["min": "3"], "rule.animation.min-not-below-max"),
        Case(.animationProperties, ["default": "5"], "rule.animation.out-of-range"),
        Case(.animationProperties, ["default": "1.05"], "rule.animation.off-grid"),
        Case(.animationProperties, ["min": "x"], "rule.not-a-number"),
    ]

    static let today = LocalDate("2025-12-01")!

    /// The row of a case: the kind's valid row with the case's fields laid over it.
    static func row(_ rule: Case) -> [String: String] {
        (valid[rule.kind] ?? [:]).merging(rule.fields) { $1 }
    }

    /// What an import of the row as a one-row file says: the first problem's rule, or nil.
    static func importing(_ rule: Case) throws -> String? {
        let fixture = try ImportFixture(today: "2025-12-01")
        try fixture.database.execute(setup)
        let row = Self.row(rule)
        let headers = row.keys.sorted()
        let text =
            headers.joined(separator: ",") + "\n" + headers.map { quoted(row[$0] ?? "") }.joined(separator: ",") + "\n"
        let path = try fixture.write(rule.kind.fileName, text)
        var problems: [ImportDiagnostic] = []
        let report = try Importer(database: fixture.database, options: fixture.options).run(
            [(kind: rule.kind, path: path)],
            diagnostic: { problems.append($0) })
        #expect(report.committed == problems.isEmpty, "\(problems)")
        return problems.first.map { $0.detail ?? $0.key }
    }

    /// A CSV field, quoted.
    static func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// What the writer says to the row as a new one (`edit: false`), or as an edit of the valid row.
    static func writing(_ rule: Case, edit: Bool) throws -> String? {
        let fixture = try ImportFixture(today: "2025-12-01")
        try fixture.database.execute(setup)
        let zone = Zone.utc
        do {
            switch rule.kind {
            case .books:
                try write(
                    BookKind.self, fixture.database, rule, edit: edit, .init(today: today, database: fixture.database))
            case .events: try write(EventKind.self, fixture.database, rule, edit: edit, .init(zone: zone))
            case .holidays: try write(HolidayKind.self, fixture.database, rule, edit: edit, ())
            case .doors: try write(DoorKind.self, fixture.database, rule, edit: edit, .init(zone: zone))
            case .countries: try write(CountryKind.self, fixture.database, rule, edit: edit, ())
            case .quizAnswers: try write(QuizAnswerKind.self, fixture.database, rule, edit: edit, .init(zone: zone))
            case .animationProperties: try write(PropertyKind.self, fixture.database, rule, edit: edit, ())
            default: Issue.record("no writer case for \(rule.kind)")
            }
            return nil
        } catch let error as AlmanacError {
            return error.parts.first?.detail ?? error.key
        }
    }

    static func write<Kind: KindDefinition>(
        _ kind: Kind.Type, _ database: Database, _ rule: Case, edit: Bool,
        _ context: Kind.Context
    ) throws {
        func texts(_ fields: [String: String]) -> [Kind.Column: String?] {
            var texts: [Kind.Column: String?] = [:]
            for (header, text) in fields {
                guard let column = Kind.Column.allCases.first(where: { $0.spec.header == header }) else {
                    Issue.record("\(header) is no column of \(rule.kind)")
                    continue
                }
                texts[column] = text
            }
            return texts
        }
        let writer = KindWriter<Kind>(database)
        guard edit else {
            try writer.insert(texts(row(rule)), context)
            return
        }
        try writer.insert(texts(valid[rule.kind] ?? [:]), context)
        // The row just written: the last by rowid (an SQLite database here).
        let key = try Kind.keyColumns.map { column in
            try database.scalar("SELECT \(column.spec.name) FROM \(Kind.table) ORDER BY rowid DESC LIMIT 1") ?? .null
        }
        #expect(try writer.update(key: key, changes: texts(rule.fields), context) != nil)
    }

    @Test(arguments: cases)
    func importAddAndEditAgree(_ rule: Case) throws {
        #expect(try Self.importing(rule) == rule.rule, "import")
        #expect(try Self.writing(rule, edit: false) == rule.rule, "add")
        #expect(try Self.writing(rule, edit: true) == rule.rule, "edit")
    }

    /// The cases name every rule the kinds' definitions can report, so a new rule needs a case here.
    @Test func everyRuleOfTheKindsHasACase() throws {
        let named = Set(Self.cases.compactMap(\.rule))
        let sources = [
            "AlmanacBooks/BookKind.swift", "AlmanacEvents/EventKind.swift", "AlmanacCalendar/CalendarKinds.swift",
            "AlmanacQuiz/Countries/CountryKinds.swift",
            "AlmanacBooks/LoanRules.swift", "AlmanacCalendar/CalendarRules.swift",
            "AlmanacQuiz/Countries/CountryRules.swift",
            "AlmanacQuiz/Quiz/QuizOptions.swift", "AlmanacAnimation/Stepper.swift",
            "AlmanacAnimation/AnimationRules.swift",
        ]
        let root = PackagePaths.root
        var found: Set<String> = []
        for source in sources {
            let text = try String(
                contentsOf: root.appendingPathComponent("Sources/" + source), encoding: .utf8)
            for match in text.matches(of: /RuleViolation\("(rule\.[a-z.-]+)"/) { found.insert(String(match.1)) }
        }
        #expect(found.subtracting(named).sorted() == [])
    }
}
