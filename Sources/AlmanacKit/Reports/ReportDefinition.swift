import AlmanacKinds
import AlmanacOutput
import AlmanacText
import Foundation

/// A named report: one SQL statement in `Reports/NAME.sql` with a header of comment lines that
/// says what it is and how to show it.
///
/// ```sql
/// -- name: overdue-books
/// -- title: report.overdue-books.title
/// -- description: report.overdue-books.description
/// -- param: grace integer = 0
/// -- column: due_on date = column.due_on
/// -- column: days count(unit.day) = column.days
/// SELECT ...
/// ```
/// Title, description and column titles are translation keys; text that is not a key is shown as it
/// is, so a report of your own can be written in plain words. Other comment lines are free text.
public struct ReportDefinition: Sendable {
    /// How a result column's values are shown; `auto` follows SQLite's value and the column's name.
    public enum ColumnKind: Sendable, Equatable {
        /// By SQLite's storage class and the schema's naming (`*_on` dates, `*_at` instants, `id`).
        case auto
        /// Text as it is.
        case text
        /// A quantity with digit grouping.
        case integer
        /// A number shown as plain digits (`id`).
        case identifier
        /// A measure with the locale's decimal separator.
        case real
        /// A fraction shown as a percentage.
        case percent
        /// 0 or 1 shown as no or yes.
        case boolean
        /// `YYYY-MM-DD` shown by the locale's date pattern.
        case date
        /// A UTC instant shown as date and time in `--tz`.
        case instant
        /// A status value shown in words, with a symbol and colour when Almanac knows it.
        case status
        /// A number with its noun: `count(unit.day)` gives `5 days` / `5 дней`.
        case count(unit: String)

        /// The kind written in a header (`date`, `id`, `count(unit.book)`), or nil for an unknown word.
        public init?(_ word: String) {
            switch word {
            case "auto": self = .auto
            case "text": self = .text
            case "integer": self = .integer
            case "id": self = .identifier
            case "real": self = .real
            case "percent": self = .percent
            case "boolean": self = .boolean
            case "date": self = .date
            case "instant": self = .instant
            case "status": self = .status
            default:
                guard word.hasPrefix("count("), word.hasSuffix(")"), word.count > 7 else { return nil }
                self = .count(unit: String(word.dropFirst(6).dropLast()))
            }
        }
    }

    /// How one result column is shown: its kind and the translation key of its title.
    public struct ColumnSpec: Sendable, Equatable {
        /// The result column's name (its JSON key).
        public let name: String
        /// How its values are shown.
        public let kind: ColumnKind
        /// The translation key (or plain words) of its title.
        public let titleKey: String
    }

    /// The report's name, as given to `report run` (`overdue-books`).
    public let name: String
    /// The translation key (or plain words) of its title.
    public let titleKey: String
    /// The translation key (or plain words) of its one-line description.
    public let descriptionKey: String
    /// Its parameters, in header order.
    public let parameters: [ReportParameter]
    /// How its result columns are shown, in header order.
    public let columns: [ColumnSpec]
    /// The SQL statement.
    public let sql: String
    /// The same statement in PostgreSQL's dialect (`Reports/postgresql/NAME.sql`), for a built-in
    /// report; nil for a user's report, which runs as written on either store.
    public var postgresSQL: String? = nil
    /// Where it came from: `Reports/overdue-books.sql` or the user's file path.
    public let source: String
    /// The picture an `html` page draws above the rows, if the header asks for one.
    public var chart: ChartSpec? = nil
    /// `-- occurrences: FROM DAYS`: the report reads the occurrences of recurring events in the days
    /// its parameters FROM (a date) and DAYS (an integer) name, bound to `:occurrences` as JSON.
    public var occurrences: (from: String, days: String)? = nil

    /// `-- chart: KIND COLUMN… [= TITLE-KEY]`: `columns LABEL VALUE` (a column per row), `bars LABEL
    /// VALUE` (a bar per row), `lateness DAYS [LEVELS]` (loans by days late, coloured by the notice
    /// levels, `1,7,14` unless given).
    public struct ChartSpec: Sendable, Equatable {
        /// The kind and its columns, as written.
        public let words: [String]
        /// The translation key (or plain words) of the picture's title.
        public let titleKey: String

        /// The chart, titled in the user's words.
        public func chart(_ localizer: Localizer) -> Chart {
            let title = localizer(titleKey)
            switch words[0] {
            case "columns": return .columns(label: words[1], value: words[2], title: title)
            case "bars": return .bars(label: words[1], value: words[2], title: title)
            default:
                let levels = words.count > 2 ? words[2].split(separator: ",").compactMap { Int64($0) } : []
                return .lateness(days: words[1], levels: levels.isEmpty ? Chart.defaultLevels : levels, title: title)
            }
        }

        /// `KIND COLUMN… [= TITLE-KEY]`, or nil when the kind or its number of columns is wrong.
        static func parse(_ text: String) -> ChartSpec? {
            let (head, key) = splitDefault(text)
            let words = head.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            switch (words.first, words.count) {
            case ("columns", 3), ("bars", 3), ("lateness", 2), ("lateness", 3): break
            default: return nil
            }
            return ChartSpec(words: words, titleKey: key.flatMap { $0.isEmpty ? nil : $0 } ?? "page.chart.report")
        }
    }

    /// The spec of a result column, if the header declares it.
    public func column(named name: String) -> ColumnSpec? { columns.first { $0.name == name } }

    /// The parameter with a name, if declared.
    public func parameter(named name: String) -> ReportParameter? { parameters.first { $0.name == name } }

    /// Reads a definition; `defaultName` (the file name without `.sql`) is used when there is no
    /// `name:` line. Errors name the file and line.
    public static func parse(_ text: String, source: String, defaultName: String) throws -> ReportDefinition {
        var name = defaultName
        var title: String?
        var description: String?
        var parameters: [ReportParameter] = []
        var columns: [ColumnSpec] = []
        var chart: ChartSpec?
        var occurrences: (from: String, days: String, line: Int, text: String)?
        var lineNumber = 0
        func fail(_ key: String, _ value: String) -> AlmanacError {
            AlmanacError(.invalidData, key, ["source": source, "line": String(lineNumber), "value": value])
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("--") else { break }
            let comment = trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces)
            guard let colon = comment.firstIndex(of: ":") else { continue }
            let directive = comment[..<colon].lowercased()
            let value = comment[comment.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch directive {
            case "name":
                guard isName(value) else { throw fail("report.error.bad-name", value) }
                name = value
            case "title": title = value
            case "description": description = value
            case "param":
                guard let parameter = parseParameter(value, today: LocalDate(year: 2000, month: 1, day: 1)!) else {
                    throw fail("report.error.bad-param", value)
                }
                if parameters.contains(where: { $0.name == parameter.name }) {
                    throw fail("report.error.duplicate", parameter.name)
                }
                parameters.append(parameter)
            case "column":
                guard let column = parseColumn(value) else { throw fail("report.error.bad-column", value) }
                if columns.contains(where: { $0.name == column.name }) {
                    throw fail("report.error.duplicate", column.name)
                }
                columns.append(column)
            case "chart":
                guard let spec = ChartSpec.parse(value) else { throw fail("report.error.bad-chart", value) }
                chart = spec
            case "occurrences":
                let words = value.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                guard words.count == 2 else { throw fail("report.error.bad-occurrences", value) }
                occurrences = (words[0], words[1], lineNumber, value)
            default: continue
            }
        }
        // The days are a date parameter and a whole number of them, declared above or below.
        if let occurrences {
            let from = parameters.first { $0.name == occurrences.from }
            let days = parameters.first { $0.name == occurrences.days }
            guard from?.kind == .date, days?.kind == .integer else {
                lineNumber = occurrences.line
                throw fail("report.error.bad-occurrences", occurrences.text)
            }
        }
        guard isName(name) else { throw AlmanacError(.invalidData, "report.error.bad-file-name", ["source": source]) }
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard
            body.split(separator: "\n").contains(where: {
                !$0.trimmingCharacters(in: .whitespaces).hasPrefix("--") && !$0.allSatisfy(\.isWhitespace)
            })
        else { throw AlmanacError(.invalidData, "report.error.no-sql", ["source": source]) }
        var definition = ReportDefinition(
            name: name, titleKey: title ?? name, descriptionKey: description ?? "",
            parameters: parameters, columns: columns, sql: text, source: source, chart: chart)
        definition.occurrences = occurrences.map { ($0.from, $0.days) }
        return definition
    }

    /// `[a-z0-9][a-z0-9-_]*`: a name that is easy to type and safe in a file name.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isNameScalar(first), first != "-", first != "_" else {
            return false
        }
        return text.unicodeScalars.allSatisfy(isNameScalar)
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
    }

    /// `NAME TYPE [= DEFAULT]`; a default in single quotes keeps its spaces (`''` is empty text).
    /// The default must be a value of the type.
    static func parseParameter(_ text: String, today: LocalDate) -> ReportParameter? {
        let (head, defaultText) = splitDefault(text)
        let words = head.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count == 2, isName(words[0]), !words[0].contains("-"),
            let kind = ReportParameter.Kind(rawValue: words[1])
        else { return nil }
        if let defaultText, ReportParameter.value(of: defaultText, kind: kind, today: today) == nil { return nil }
        return ReportParameter(name: words[0], kind: kind, defaultText: defaultText)
    }

    /// `NAME [KIND] [= TITLE-KEY]`; without a title key the title is `column.NAME`.
    static func parseColumn(_ text: String) -> ColumnSpec? {
        let (head, key) = splitDefault(text)
        let words = head.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard (1...2).contains(words.count), !words[0].isEmpty else { return nil }
        guard let kind = words.count == 2 ? ColumnKind(words[1]) : .auto else { return nil }
        if let key, key.isEmpty { return nil }
        return ColumnSpec(name: words[0], kind: kind, titleKey: key ?? "column." + words[0])
    }

    fileprivate static func splitDefault(_ text: String) -> (head: String, value: String?) {
        guard let equals = text.firstIndex(of: "=") else { return (text, nil) }
        var value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("'"), value.hasSuffix("'") { value = String(value.dropFirst().dropLast()) }
        return (String(text[..<equals]), value)
    }
}
