import AlmanacKinds
import AlmanacText
import Foundation

/// When a loan is overdue, by how many days, and which notice level it has reached.
///
/// The rule, in civil dates (no clock time, so a daylight-saving change cannot move anything):
///   - A loan is **overdue** on day T when it has no return date and `T > due_on + grace`.
///     A recorded return closes the loan whatever day is replayed: the check never reports a book
///     that is back on the shelf.
///   - **Days overdue** is `T − due_on`, counted from the due date whatever the grace.
///   - It has reached **notice level** L when it is overdue and `days overdue ≥ L`; its level is the
///     highest level reached (none while it is overdue by fewer days than the lowest level).
///   - With a due-within window of N days, a loan that is not returned, not overdue, was lent by T
///     and is due by `T + N` is **due soon** (this includes a loan past its due date but inside the grace).
public struct OverdueRule: Sendable, Equatable {
    /// Days after the due date before a loan counts as overdue (0: the day after it is due).
    public var grace: Int
    /// How many days ahead a loan counts as due soon; nil reports none as due soon.
    public var dueWithin: Int?
    /// The notice levels in days overdue, ascending and distinct (`1, 7, 14`).
    public var levels: [Int]

    /// The levels used when none are given (a database's are the `notice-levels` setting).
    public static let defaultLevels = LibrarySettings.defaults.noticeLevels

    /// A rule; levels are sorted and made distinct.
    public init(grace: Int = 0, dueWithin: Int? = nil, levels: [Int] = OverdueRule.defaultLevels) {
        self.grace = grace
        self.dueWithin = dueWithin
        self.levels = Array(Set(levels)).sorted()
    }

    /// Where a loan stands on a day.
    public enum Standing: Sendable, Equatable {
        /// Returned: never overdue again.
        case returned
        /// Not lent yet on that day (a replay of a day before the loan).
        case notYetLoaned
        /// Out, and not due within the window.
        case onLoan
        /// Out and due by the end of the window, or past due but inside the grace; `daysOverdue`
        /// is positive only inside the grace.
        case dueSoon(daysOverdue: Int)
        /// Overdue by `days` days, at notice level `level` (nil below the lowest level).
        case overdue(days: Int, level: Int?)
    }

    /// Where a loan stands on `today`.
    public func standing(loanedOn: LocalDate, dueOn: LocalDate, returnedOn: LocalDate?, today: LocalDate) -> Standing {
        if returnedOn != nil { return .returned }
        if today < loanedOn { return .notYetLoaned }
        let days = dueOn.days(to: today)
        if days > grace { return .overdue(days: days, level: level(forDaysOverdue: days)) }
        if let dueWithin, -days <= dueWithin { return .dueSoon(daysOverdue: days) }
        return .onLoan
    }

    /// The highest level that `days` days overdue has reached, or nil.
    public func level(forDaysOverdue days: Int) -> Int? {
        levels.last { $0 <= days }
    }

    /// The last due date that is overdue on `today`: `today − grace − 1`.
    public func lastOverdueDue(on today: LocalDate) -> LocalDate {
        today.adding(days: -grace - 1)
    }

    /// The last due date the check reads on `today`: the end of the due-soon window (no later than
    /// 9999-12-31, the last day there is: a year 10000 would sort before 9999 as text), else the last
    /// overdue due date.
    public func lastDueRead(on today: LocalDate) -> LocalDate {
        dueWithin.map { min(today.adding(days: $0), LocalDate.last) } ?? lastOverdueDue(on: today)
    }

    /// The most days overdue a notice level may be: a hundred years.
    public static let mostDays = 36_500

    /// Levels as `--levels` and the `notice-levels` setting write them: whole numbers of days from 1
    /// to `mostDays`, separated by commas (`1,7,14`), sorted and made distinct; nil when a part is not one.
    public static func levels(_ text: String) -> [Int]? {
        var levels: [Int] = []
        for part in levelParts(text) {
            guard let level = Int(part), (1...mostDays).contains(level) else { return nil }
            levels.append(level)
        }
        return Array(Set(levels)).sorted()
    }

    /// Parses `--levels`; a part that is not a level is a usage error naming it.
    public static func parseLevels(_ text: String) throws -> [Int] {
        if let levels = levels(text) { return levels }
        let part = levelParts(text).first { levels($0) == nil } ?? text
        throw AlmanacError(.usage, "overdue.error.bad-levels", ["value": text, "part": part])
    }

    private static func levelParts(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
