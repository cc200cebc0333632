/// The kinds of CSV files Almanac imports and exports (PRODUCT.md, "CSV kinds").
public enum ImportKind: String, CaseIterable, Sendable {
    case holidays
    case doors
    case events
    case countries
    case quizAnswers = "quiz-answers"
    case animationProperties = "animation-properties"
    case animationSettings = "animation-settings"
    case books

    /// The file `import DIR` looks for (`quiz-answers.csv`).
    public var fileName: String { rawValue + ".csv" }

    /// The order `import DIR` loads kinds in: every kind after the ones its rows refer to.
    public static let dependencyOrder: [ImportKind] = [
        .holidays, .doors, .countries, .quizAnswers, .animationProperties, .animationSettings, .events, .books,
    ]

    /// The table rows go into.
    var table: String {
        switch self {
        case .quizAnswers: return "quiz_answers"
        case .animationProperties: return "animation_properties"
        case .animationSettings: return "animation_settings"
        default: return rawValue
        }
    }

    /// True for kinds whose rows the importer checks by exactly their table's CHECK constraints, so
    /// that SQLite need not evaluate those again for its bulk rows (`Importer.withChecksSkipped`);
    /// `CheckBypassTests` holds the two together, reading the CHECKs from the schema.
    var checkedByTheImporter: Bool { self == .books || self == .events }

    /// The columns as `--help` shows them (animation-settings has one per property besides `name`).
    public var helpColumns: String {
        let columns: [ImportColumn]
        switch self {
        case .animationSettings: return "name*, then one column per property key, created_at"
        case .holidays: columns = HolidayRows().columns
        case .doors: columns = DoorRows(zone: .utc).columns
        case .events: columns = EventRows(zone: .utc).columns
        case .countries: columns = CountryRows().columns
        case .quizAnswers: columns = QuizAnswerRows(zone: .utc).columns
        case .animationProperties: columns = AnimationPropertyRows().columns
        case .books: columns = BookRows(today: LocalDate(dayNumber: 0)).columns
        }
        return columns.map { $0.name + ($0.required ? "*" : "") }.joined(separator: ", ")
    }

    /// Columns of the table in insert order, and the key that identifies a row for --on-conflict.
    var insertColumns: (columns: [String], key: [String]) {
        switch self {
        case .holidays: return (["key", "title", "color", "image", "greeting"], ["key"])
        case .doors: return (["holiday", "door", "surprise", "opened_at"], ["holiday", "door"])
        case .events: return (["id", "title", "person", "starts_at", "ends_at", "image", "description"], ["id"])
        case .countries: return (["code", "name", "alpha3", "numeric"], ["code"])
        case .quizAnswers: return (["player", "answered_at", "country", "chosen", "options", "session"], [])
        case .animationProperties: return (["key", "label", "min", "max", "step", "default_value"], ["key"])
        case .animationSettings: return (["name", "created_at"], ["name"])
        case .books: return (["id", "title", "author", "borrower", "loaned_on", "due_on", "returned_on"], ["id"])
        }
    }

    /// The INSERT for one row under a conflict policy. `replace` updates the row in place (an upsert)
    /// rather than deleting it, so rows that refer to it (a holiday's doors) are kept.
    /// `rows` rows at once take parameters ?1, ?2, ... in row order.
    func insertSQL(_ policy: ConflictPolicy, rows: Int = 1) -> String {
        let (columns, key) = insertColumns
        let tuples = (0..<rows).map { row in
            "(" + (1...columns.count).map { "?\(row * columns.count + $0)" }.joined(separator: ", ") + ")"
        }
        var sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES \(tuples.joined(separator: ", "))"
        guard !key.isEmpty else { return sql }
        switch policy {
        case .fail: break
        case .skip: sql += " ON CONFLICT (\(key.joined(separator: ", "))) DO NOTHING"
        case .replace:
            // A door's opening is only ever added: a file without it leaves an open door open.
            let updates = columns.filter { !key.contains($0) && $0 != "created_at" }.map {
                $0 == "opened_at" ? "opened_at = coalesce(excluded.opened_at, opened_at)" : "\($0) = excluded.\($0)"
            }
            sql += " ON CONFLICT (\(key.joined(separator: ", "))) DO "
                + (updates.isEmpty ? "NOTHING" : "UPDATE SET " + updates.joined(separator: ", "))
        }
        return sql
    }
}

/// What to do with a row whose key is already in the database (`--on-conflict`).
public enum ConflictPolicy: String, CaseIterable, Sendable {
    /// The row is an error (the default).
    case fail
    /// The row is left out; the database keeps its own.
    case skip
    /// The row replaces the one in the database.
    case replace
}
