import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText
import Foundation

/// Runs named reports and ad-hoc queries on a read-only connection, so whatever the SQL, the
/// database file is not changed: one statement only, nothing that writes, attaches, sets a pragma
/// or loads an extension. Refusals are usage errors (exit 64) that say what was refused; SQL that
/// SQLite cannot parse or run is invalid data (exit 65) with SQLite's message and code.
public struct ReportSession {
    /// The read-only connection.
    public let database: Database
    /// The words, zone and "today" of the run.
    public let settings: Settings
    /// The time, size and memory limits statements run under (`QueryLimits`).
    public let limits: QueryLimits

    /// Opens the settings' database read-only, with `local_date()` converting into `--tz`, under
    /// `limits` (none by default).
    public init(settings: Settings, limits: QueryLimits = QueryLimits(timeout: nil)) throws {
        let database = try Store.openReadOnly(settings.databasePath)
        try database.installLocalTime(settings.timeZone, localizer: settings.localizer)
        try self.init(database: database, settings: settings, limits: limits)
    }

    /// A session on a connection that is already open (read-only, for the guarantees above).
    public init(database: Database, settings: Settings, limits: QueryLimits = QueryLimits(timeout: nil)) throws {
        self.database = database
        self.settings = settings
        self.limits = limits
        try limits.install(on: database)
    }

    /// Runs a named report with `NAME=VALUE` arguments; defaults fill the rest. The rows are read
    /// as they are written (`ResultRows`). A day counted from today past the years is cut at their
    /// end, and `note` is told so in the user's words.
    public func run(_ report: ReportDefinition, arguments: [String], note: (String) throws -> Void = { _ in }) throws
        -> ResultRows
    {
        let given = try Self.assignments(arguments)
        let accepted = Self.acceptedList(report, settings.localizer)
        for (name, _) in given where report.parameter(named: name) == nil {
            throw AlmanacError(
                .usage, "report.error.unknown-param", ["report": report.name, "name": name, "accepted": accepted])
        }
        var values: [String: SQLValue] = ["today": .text(settings.today.description)]
        for parameter in report.parameters {
            let text = given.first { $0.name == parameter.name }?.value ?? parameter.defaultText
            guard let text else {
                throw AlmanacError(
                    .usage, "report.error.missing-param",
                    ["report": report.name, "name": parameter.name, "accepted": accepted])
            }
            guard let value = parameter.value(of: text, today: settings.today) else {
                let type = settings.localizer("report.expect." + parameter.kind.rawValue)
                throw AlmanacError(
                    .usage, "report.error.bad-value",
                    ["report": report.name, "name": parameter.name, "value": text, "type": type, "accepted": accepted])
            }
            if parameter.kind == .date,
                let (day, clamped) = ReportParameter.day(
                    text.trimmingCharacters(in: .whitespaces), today: settings.today),
                clamped
            {
                try note(
                    settings.localizer(
                        day == .first ? "report.note.day-begins" : "report.note.day-ends",
                        ["name": parameter.name, "value": text]))
            }
            values[parameter.name] = value
        }
        if let window = report.occurrences {
            values["occurrences"] = .text(
                try Self.occurrences(
                    database, from: values[window.from], days: values[window.days], zone: settings.timeZone))
        }
        let postgres = database.dialect == .postgresql ? report.postgresSQL : nil
        let statement = try prepareReading(postgres ?? report.sql, source: report.source)
        // PostgreSQL's form reads the day an instant falls on in --tz itself (SQLite's calls local_date).
        if postgres != nil { values["zone"] = .text(settings.timeZone.identifier) }
        for (index, key) in Self.parameterKeys(statement) {
            guard let value = values[key] else {
                throw AlmanacError(.invalidData, "report.error.undeclared", ["source": report.source, "name": key])
            }
            try statement.bind(value, at: index)
        }
        let title = settings.localizer.hasKey(report.titleKey) ? settings.localizer(report.titleKey) : report.titleKey
        return rows(
            statement, specs: report.columns, empty: Table.Sentence("report.none", ["title": title]),
            source: report.source)
    }

    /// Runs one read-only statement with `NAME=VALUE` arguments for its parameters (`:name`,
    /// `@name`, `$name`, or `1`, `2` for `?`). A value that reads as a whole number or a number is
    /// bound as one; anything else as text. `:today` is `--today` unless given.
    public func query(_ sql: String, arguments: [String]) throws -> ResultRows {
        let given = try Self.assignments(arguments)
        let statement = try prepareReading(sql, source: "query")
        let keys = Self.parameterKeys(statement)
        let names = keys.map(\.key)
        let accepted = names.isEmpty ? settings.localizer("report.param.none") : names.joined(separator: ", ")
        for (name, _) in given where !names.contains(name) {
            throw AlmanacError(.usage, "query.error.unknown-param", ["name": name, "accepted": accepted])
        }
        for (index, key) in keys {
            if let text = given.first(where: { $0.name == key })?.value {
                try statement.bind(Self.inferred(text), at: index)
            } else if key == "today" {
                try statement.bind(.text(settings.today.description), at: index)
            } else {
                throw AlmanacError(.usage, "query.error.missing-param", ["name": key, "accepted": accepted])
            }
        }
        return rows(statement, specs: [], empty: Table.Sentence("query.none"), source: "query")
    }

    /// Compiles one statement, explaining any refusal of the read-only guard. The guard decides, by
    /// what the statement may touch (`readOnlyAuthorizer`); SQLite's own count of writing statements
    /// stands behind it, for VACUUM, which asks the guard nothing.
    func prepareReading(_ sql: String, source: String) throws -> Statement {
        database.clearRefusal()
        let statement: Statement
        do {
            statement = try database.prepare(sql)
        } catch let error as DatabaseError {
            if let refusal = Self.refusal(on: database) { throw refusal }
            if error.isSeveralStatements { throw AlmanacError(.usage, "query.error.several-statements") }
            if error.isNoStatement { throw AlmanacError(.usage, "query.error.empty") }
            throw limits.explain(error, source: source)
        }
        guard statement.isReadOnly else {
            let verb = Self.firstKeyword(sql) == "VACUUM" ? "VACUUM" : settings.localizer("query.refused.writing")
            throw AlmanacError(.usage, "query.error.refused", ["action": verb])
        }
        return statement
    }

    /// The usage error for what the read-only guard refused on `database` since it was last cleared,
    /// or nil. A `pragma_*` function's pragma is compiled as the statement runs, so a refusal can also
    /// end a statement that compiled.
    static func refusal(on database: Database) -> AlmanacError? {
        let key = database.dialect == .postgresql ? "query.error.refused-server" : "query.error.refused"
        return database.refusedAction.map { AlmanacError(.usage, key, ["action": $0]) }
    }

    private func rows(
        _ statement: Statement, specs: [ReportDefinition.ColumnSpec], empty: Table.Sentence, source: String
    ) -> ResultRows {
        ResultRows(statement, specs: specs, empty: empty, localizer: settings.localizer, source: source, limits: limits)
    }

    /// `NAME=VALUE` pairs, in order; a missing `=` or a name given twice is a usage error.
    static func assignments(_ arguments: [String]) throws -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw AlmanacError(.usage, "report.error.param-syntax", ["argument": argument])
            }
            let name = String(argument[..<equals]).trimmingCharacters(in: .whitespaces)
            if result.contains(where: { $0.name == name }) {
                throw AlmanacError(.usage, "report.error.param-twice", ["name": name])
            }
            result.append((name, String(argument[argument.index(after: equals)...])))
        }
        return result
    }

    /// The parameters of a statement by the name a user gives them: `:days` is `days`, `?3` is `3`,
    /// an anonymous `?` is its position.
    static func parameterKeys(_ statement: Statement) -> [(index: Int32, key: String)] {
        guard statement.parameterCount > 0 else { return [] }
        return (1...statement.parameterCount).map { index in
            guard let name = statement.parameterName(at: index) else { return (index, String(index)) }
            return (index, String(name.dropFirst()))
        }
    }

    /// The accepted parameters of a report, for error messages.
    static func acceptedList(_ report: ReportDefinition, _ localizer: Localizer) -> String {
        guard !report.parameters.isEmpty else { return localizer("report.param.none") }
        return report.parameters.map { $0.summary(localizer) }.joined(separator: "; ")
    }

    /// A query argument as a value: a whole number as an integer (unless it has leading zeros, like
    /// a code), a finite decimal number as a real, anything else as text.
    static func inferred(_ text: String) -> SQLValue {
        if let number = Int64(text), String(number) == text { return .integer(number) }
        if text.contains("."), text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
            let number = Double(text), number.isFinite
        {
            return .real(number)
        }
        return .text(text)
    }

    /// The statement's first keyword, in capitals, skipping spaces and comments: what SQLite was asked to do.
    static func firstKeyword(_ sql: String) -> String {
        var rest = sql[...]
        while true {
            rest = rest.drop(while: { $0.isWhitespace || $0 == ";" })
            if rest.hasPrefix("--") {
                rest = rest.drop(while: { $0 != "\n" })
            } else if rest.hasPrefix("/*"), let end = rest.range(of: "*/") {
                rest = rest[end.upperBound...]
            } else {
                break
            }
        }
        return rest.prefix(while: { $0.isASCII && $0.isLetter }).uppercased()
    }
}
