import Foundation

/// Writes a kind's rows back in its import format: `export` then `import` into an empty database
/// gives the same rows.
public enum Exporter {
    /// Writes every row of `kind` to `path`, or to standard output when `path` is nil. The file is
    /// claimed through an `OutputGuard` first (never the database, its side files or an existing
    /// file without `force`) and put in place only when complete. Returns the number of rows written.
    @discardableResult
    public static func export(_ kind: ImportKind, from database: Database, to path: String?, delimiter: UInt8 = 44,
                              force: Bool = false, option: String = "--out") throws -> Int {
        guard let path else {
            return try write(kind, database, CSVWriter(OutputWriter.standardOutput, delimiter: delimiter))
        }
        var outputs = OutputGuard(database: database.path, force: force)
        return try outputs.write(path, option: option) { try write(kind, database, CSVWriter($0, delimiter: delimiter)) }
    }

    static func write(_ kind: ImportKind, _ database: Database, _ writer: CSVWriter) throws -> Int {
        if kind == .animationSettings { return try writeSettings(database, writer) }
        let (sql, header) = query(kind)
        try writer.record(header)
        let statement = try database.prepare(sql)
        var count = 0
        while try statement.step() {
            for index in 0..<Int32(header.count) {
                switch statement.columnType(at: index) {
                case .null: writer.field(nil as String?)
                case .real: writer.field(number(statement.double(at: index)))
                default: writer.field(statement.string(at: index))
                }
            }
            try writer.endRecord()
            count += 1
        }
        try writer.flush()
        return count
    }

    private static func writeSettings(_ database: Database, _ writer: CSVWriter) throws -> Int {
        let keys = try database.rows("SELECT key FROM animation_properties ORDER BY rowid").compactMap { $0.first?.textValue }
        // created_at last, unless a property has that name (the import then takes the import's moment).
        let createdAt = !keys.contains(AnimationSettingRows.createdAt)
        try writer.record(["name"] + keys + (createdAt ? [AnimationSettingRows.createdAt] : []))
        let settings = try database.rows("SELECT id, name, created_at FROM animation_settings ORDER BY id")
        let values = try database.prepare("SELECT property_key, value FROM animation_setting_values WHERE setting_id = ?")
        for setting in settings {
            try values.bind(setting[0], at: 1)
            var byKey: [String: Double] = [:]
            while try values.step() { byKey[values.string(at: 0) ?? ""] = values.double(at: 1) }
            values.reset()
            try writer.record([setting[1].textValue] + keys.map { key in byKey[key].map(number) } + (createdAt ? [setting[2].textValue] : []))
        }
        try writer.flush()
        return settings.count
    }

    /// A number as the import reads it: plain decimal, no exponent, no trailing `.0`.
    static func number(_ value: Double) -> String {
        DecimalNumber(value)?.description ?? String(value)
    }

    private static func query(_ kind: ImportKind) -> (sql: String, header: [String]) {
        switch kind {
        case .holidays: return ("SELECT key, title, color, image, greeting FROM holidays ORDER BY rowid", ["key", "title", "color", "image", "greeting"])
        case .doors:
            return ("SELECT holiday, door, surprise, opened_at FROM doors ORDER BY holiday, door", ["holiday", "door", "surprise", "opened_at"])
        case .events:
            return ("SELECT id, title, person, starts_at, ends_at, image, description FROM events ORDER BY id",
                    ["id", "title", "person", "starts_at", "ends_at", "image", "description"])
        case .countries: return ("SELECT code, name, alpha3, numeric FROM countries ORDER BY rowid", ["code", "name", "alpha3", "numeric"])
        case .quizAnswers:
            return ("SELECT player, answered_at, country, chosen, options, session FROM quiz_answers ORDER BY id",
                    ["player", "answered_at", "country", "chosen", "options", "session"])
        case .animationProperties:
            return ("SELECT key, label, min, max, step, default_value FROM animation_properties ORDER BY rowid",
                    ["key", "label", "min", "max", "step", "default"])
        case .books:
            return ("SELECT id, title, author, borrower, loaned_on, due_on, returned_on FROM books ORDER BY id",
                    ["id", "title", "author", "borrower", "loaned_on", "due_on", "returned_on"])
        case .animationSettings: return ("", [])
        }
    }
}
