import AlmanacKinds
import AlmanacText

/// One loan the overdue check reports.
public struct OverdueRow: Sendable, Equatable {
    /// Why the loan is reported.
    public enum Standing: Sendable, Equatable {
        /// Overdue by `days` days, at notice level `level` (nil below the lowest level).
        case overdue(days: Int, level: Int?)
        /// Due soon; `daysOverdue` is positive only for a loan past due but inside the grace.
        case dueSoon(daysOverdue: Int)
    }

    /// The loan's id.
    public let id: Int64
    /// The book's title.
    public let title: String
    /// Who has it.
    public let borrower: String?
    /// When it was due back.
    public let dueOn: LocalDate
    /// Overdue or due soon.
    public let standing: Standing

    /// The notice level reached, for an overdue loan.
    public var level: Int? {
        if case .overdue(_, let level) = standing { return level }
        return nil
    }

    /// True for an overdue loan.
    public var isOverdue: Bool {
        if case .overdue = standing { return true }
        return false
    }

    /// Days past the due date (0 or less when it is not past due yet).
    public var daysOverdue: Int {
        switch standing {
        case .overdue(let days, _): return days
        case .dueSoon(let days): return days
        }
    }
}

/// How the check ends, as the monitoring-plugin convention numbers it (the exit status of `overdue`).
public enum OverdueStatus: Int32, Sendable, CaseIterable {
    /// Nothing overdue, nothing due soon.
    case ok = 0
    /// Nothing overdue, but loans due within the window.
    case warning = 1
    /// At least one loan overdue.
    case critical = 2
    /// The check could not run (bad arguments, a bad database, busy past the timeout).
    case unknown = 3

    /// The word a monitoring line starts with (`CRITICAL`).
    public var word: String {
        switch self {
        case .ok: return "OK"
        case .warning: return "WARNING"
        case .critical: return "CRITICAL"
        case .unknown: return "UNKNOWN"
        }
    }
}

/// What the overdue check found on a day: the loans (or only the counts: a run that streams its
/// rows keeps none), and with `--notify` the notices this run issued.
public struct OverdueResult: Sendable {
    /// The day checked.
    public let today: LocalDate
    /// The rule it was checked by.
    public let rule: OverdueRule
    /// The overdue and due-soon loans by due date (empty when only counted or streamed).
    public var rows: [OverdueRow] = []
    /// How many loans are overdue.
    public var overdueCount = 0
    /// How many loans are due soon.
    public var dueSoonCount = 0
    /// The notices issued by this run, one per loan, or nil when the run issued none by design
    /// (without `--notify`) or streamed them.
    public var notices: [OverdueRow]? {
        didSet { noticeCount = notices?.count }
    }
    /// How many notices this run issued, or nil without `--notify`.
    public var noticeCount: Int?

    /// An empty result for a day and rule.
    public init(today: LocalDate, rule: OverdueRule) {
        self.today = today
        self.rule = rule
    }

    /// Adds a reported loan and counts it.
    public mutating func add(_ row: OverdueRow) {
        rows.append(row)
        count(row)
    }

    /// Counts a reported loan without keeping it.
    public mutating func count(_ row: OverdueRow) {
        if row.isOverdue { overdueCount += 1 } else { dueSoonCount += 1 }
    }

    /// Critical when anything is overdue, warning when loans are only due soon, else OK.
    public var status: OverdueStatus {
        overdueCount > 0 ? .critical : dueSoonCount > 0 ? .warning : .ok
    }
}
