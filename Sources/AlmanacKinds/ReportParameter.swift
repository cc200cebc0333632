import AlmanacStore
import AlmanacText
import Foundation

/// One typed parameter of a named report, declared in its header: `-- param: days integer = 7`.
public struct ReportParameter: Sendable, Equatable {
    /// What a parameter's value must be.
    public enum Kind: String, Sendable, CaseIterable {
        /// A whole number (`7`, `-3`).
        case integer
        /// A number (`2.5`).
        case real
        /// Any text.
        case text
        /// A day: `YYYY-MM-DD`, `today`, or `today+N` / `today-N` days.
        case date
        /// `true`/`false` (also `yes`/`no`, `1`/`0`), bound as 1 or 0.
        case boolean
    }

    /// The name, bound to `:name` in the report's SQL.
    public let name: String
    /// The value's type.
    public let kind: Kind
    /// The default as written in the header, or nil when the parameter must be given.
    public let defaultText: String?

    /// Creates a parameter.
    public init(name: String, kind: Kind, defaultText: String?) {
        self.name = name
        self.kind = kind
        self.defaultText = defaultText
    }

    /// The value to bind for `text`, or nil when it is not a value of this kind.
    public func value(of text: String, today: LocalDate) -> SQLValue? {
        Self.value(of: text, kind: kind, today: today)
    }

    /// The value to bind for `text` read as `kind`, or nil when it is not one.
    public static func value(of text: String, kind: Kind, today: LocalDate) -> SQLValue? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .text:
            return .text(text)
        case .integer:
            return Int64(trimmed).map(SQLValue.integer)
        case .real:
            // Double("nan") and Double("inf") parse, but they are not numbers a report can compare.
            guard trimmed.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true,
                let number = Double(trimmed), number.isFinite
            else { return nil }
            return .real(number)
        case .date:
            return date(trimmed, today: today).map { .text($0.description) }
        case .boolean:
            switch trimmed.lowercased() {
            case "true", "yes", "1", "on": return .integer(1)
            case "false", "no", "0", "off": return .integer(0)
            default: return nil
            }
        }
    }

    /// `YYYY-MM-DD`, `today`, `today+N` or `today-N`, from 0001-01-01 to 9999-12-31 (`day`).
    package static func date(_ text: String, today: LocalDate) -> LocalDate? { day(text, today: today)?.day }

    /// `YYYY-MM-DD`, `today`, `today+N` or `today-N` (N up to ten million). A day counted from today
    /// past 0001-01-01 or 9999-12-31 is that day, `clamped`: the user named no day outside the years.
    package static func day(_ text: String, today: LocalDate) -> (day: LocalDate, clamped: Bool)? {
        if let date = LocalDate(text) { return (date, false) }
        guard text.lowercased().hasPrefix("today") else { return nil }
        let rest = text.dropFirst("today".count)
        if rest.isEmpty { return (today, false) }
        guard let sign = rest.first, sign == "+" || sign == "-",
            rest.dropFirst().allSatisfy(\.isASCII), let days = Int(rest.dropFirst()), (0...10_000_000).contains(days)
        else { return nil }
        let wanted = today.dayNumber + (sign == "+" ? days : -days)
        let number = min(max(wanted, LocalDate.dayNumbers.lowerBound), LocalDate.dayNumbers.upperBound)
        return (LocalDate(dayNumber: number), number != wanted)
    }

    /// The parameter as a header declares it: `days integer = 7`.
    public var declaration: String {
        name + " " + kind.rawValue + (defaultText.map { " = " + ($0.isEmpty ? "''" : $0) } ?? "")
    }

    /// The parameter for people: `days: whole number, default 7` in the user's language.
    public func summary(_ localizer: Localizer) -> String {
        let type = localizer("report.type." + kind.rawValue)
        guard let defaultText else { return localizer("report.param.required", ["name": name, "type": type]) }
        let shown =
            defaultText.isEmpty
            ? localizer("report.param.empty")
            : kind == .date && defaultText.lowercased() == "today" ? localizer("report.param.today") : defaultText
        return localizer("report.param.optional", ["name": name, "type": type, "default": shown])
    }
}
