import AlmanacBooks
import AlmanacKinds
import AlmanacOutput
import AlmanacText

/// What `almanac overdue` prints: rows on standard output, one summary line on standard error, or
/// with `--format nagios` a single monitoring-plugin line on standard output.
extension OverdueResult {
    /// The two streams of one run.
    public struct Output: Sendable, Equatable {
        /// For standard output (empty: print nothing).
        public let standardOutput: String
        /// The summary line for standard error, or nil.
        public let standardError: String?
    }

    /// The output of a run.
    ///   - nagios: the plugin line (`OVERDUE CRITICAL - 3 loans overdue | overdue=3 due_soon=1`) alone.
    ///   - quiet: no summary line, and nothing at all on standard output when there are no rows,
    ///     so cron mails only when there is something to say.
    /// The rows are the notices this run issued with `--notify`, else every overdue and due-soon loan.
    public func output(_ renderer: Renderer, nagios: Bool, quiet: Bool) -> Output {
        let formats = renderer.makeFormats()
        if nagios { return Output(standardOutput: nagiosLine(formats) + "\n", standardError: nil) }
        let table = self.table(renderer.localizer)
        let rows =
            quiet && table.rows.isEmpty ? "" : renderer.render(table, chart: Self.chart(rule, renderer.localizer))
        return Output(standardOutput: rows, standardError: quiet ? nil : summary(formats))
    }

    /// The rows printed: id, title, borrower, due date, days overdue, notice level and status
    /// (overdue in red with `✗`, due soon with `!`).
    public func table(_ t: Localizer) -> Table {
        let head = Self.head(t, rule: rule, notices: notices != nil)
        let rows = Rows(t)
        return Table(
            columns: head.columns, rows: (notices ?? self.rows).map(rows.row), summaryUnit: head.summaryUnit,
            empty: head.empty)
    }

    /// The picture above the rows of an `html` page: the loans by days late, coloured by `rule`'s
    /// notice levels.
    public static func chart(_ rule: OverdueRule, _ t: Localizer) -> Chart {
        Chart.lateness(days: "days_overdue", levels: rule.levels.map(Int64.init), title: t("page.chart.lateness"))
    }

    /// The columns of the rows, what they count (loans, or with `--notify` notices), and the sentence
    /// of an empty check.
    public static func head(_ t: Localizer, rule: OverdueRule, notices: Bool) -> Table.Head {
        let keys = ["id", "title", "borrower", "due_on", "days_overdue", "level", "status"]
        let empty: Table.Sentence
        if notices {
            empty = Table.Sentence("overdue.none-notices")
        } else if let window = rule.dueWithin {
            let formats = LocalizedFormats(localizer: t)
            let days = window == 0 ? t("overdue.summary.today") : formats.count(Int64(window), unit: "unit.within-days")
            empty = Table.Sentence("overdue.none-due", ["days": days])
        } else {
            empty = Table.Sentence("overdue.none")
        }
        return Table.Head(
            columns: keys.map { Table.Column(key: $0, title: t("column." + $0)) },
            summaryUnit: notices ? "unit.notice" : "unit.loan", empty: empty)
    }

    /// Rows of reported loans, with the statuses in the user's words made once.
    public struct Rows {
        package let overdue, dueSoon: Table.Cell

        /// Rows with statuses in `t`'s words.
        public init(_ t: Localizer) {
            overdue = .tag(StatusTags.tag("overdue", t))
            dueSoon = .tag(StatusTags.tag("due-soon", t))
        }

        /// The row of one reported loan.
        public func row(_ row: OverdueRow) -> [Table.Cell] {
            [
                .identifier(row.id), .text(row.title), row.borrower.map(Table.Cell.text) ?? .null, .date(row.dueOn),
                row.daysOverdue > 0 ? .count(Int64(row.daysOverdue), unit: "unit.day") : .null,
                row.level.map { .integer(Int64($0)) } ?? .null,
                row.isOverdue ? overdue : dueSoon,
            ]
        }
    }

    /// One line for standard error: `Mon 22 Dec: 3 loans overdue; 1 loan due within 3 days; 2 new notices`.
    public func summary(_ formats: LocalizedFormats) -> String {
        var parts = [overduePart(formats)]
        if rule.dueWithin != nil { parts.append(dueSoonPart(formats)) }
        if let noticeCount { parts.append(formats.count(Int64(noticeCount), unit: "unit.notice")) }
        if rule.grace > 0 {
            parts.append(
                formats.localizer("overdue.summary.grace", ["days": formats.count(Int64(rule.grace), unit: "unit.day")])
            )
        }
        return formats.localizer(
            "overdue.summary", ["date": formats.date(today), "parts": parts.joined(separator: "; ")])
    }

    /// The monitoring-plugin line: status, what decided it, and performance data.
    public func nagiosLine(_ formats: LocalizedFormats) -> String {
        let text = status == .warning ? dueSoonPart(formats) : overduePart(formats)
        var data = "overdue=\(overdueCount) due_soon=\(dueSoonCount)"
        if let noticeCount { data += " notices=\(noticeCount)" }
        return "OVERDUE \(status.word) - \(text) | \(data)"
    }

    /// The plugin line for a check that could not run.
    public static func nagiosUnknownLine(_ message: String) -> String {
        "OVERDUE \(OverdueStatus.unknown.word) - \(message)"
    }

    private func overduePart(_ formats: LocalizedFormats) -> String {
        guard overdueCount > 0 else { return formats.localizer("overdue.summary.none") }
        return formats.count(Int64(overdueCount), unit: "unit.overdue-loan")
    }

    private func dueSoonPart(_ formats: LocalizedFormats) -> String {
        let window = rule.dueWithin ?? 0
        let days =
            window == 0
            ? formats.localizer("overdue.summary.today") : formats.count(Int64(window), unit: "unit.within-days")
        let category = PluralRules.category(of: Int64(dueSoonCount), language: formats.localizer.language)
        return formats.localizer.plural(
            "unit.due-soon-loan", category, ["count": formats.number(Int64(dueSoonCount)), "days": days])
    }
}
