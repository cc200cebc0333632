import AlmanacStore
import Foundation
import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite
@testable import AlmanacText

/// The overdue check against a database: it reports exactly the loans the rule picks, counts agree
/// with the listing, and the planner reads only the partial index of open loans.
@Suite struct OverdueCheckTests {
    let directory: TemporaryDirectory
    let database: Database
    let rows = LoanFixture.random(count: 600, seed: 5)

    init() throws {
        directory = try TemporaryDirectory()
        database = try LoanFixture.create(directory.path("loans.db"), rows)
    }

    /// The rows the rule picks, computed here loan by loan, by due date then id.
    func expected(_ rule: OverdueRule, _ today: LocalDate) -> [OverdueRow] {
        rows.compactMap { row -> OverdueRow? in
            let standing: OverdueRow.Standing
            switch rule.standing(
                loanedOn: LoanFixture.day(row.loaned), dueOn: LoanFixture.day(row.due),
                returnedOn: row.returned.map { LoanFixture.day($0) }, today: today)
            {
            case .overdue(let days, let level): standing = .overdue(days: days, level: level)
            case .dueSoon(let days): standing = .dueSoon(daysOverdue: days)
            default: return nil
            }
            return OverdueRow(
                id: row.id, title: row.title, borrower: row.borrower, dueOn: LoanFixture.day(row.due),
                standing: standing)
        }.sorted { ($0.dueOn, $0.id) < ($1.dueOn, $1.id) }
    }

    @Test(
        arguments: [
            ("2025-01-01", 0, nil), ("2025-03-15", 0, 3), ("2025-06-30", 2, 7), ("2025-12-22", 0, 0),
            ("2026-04-01", 14, nil),
        ] as [(String, Int, Int?)])
    func reportsExactlyTheLoansTheRulePicks(_ day: String, _ grace: Int, _ window: Int?) throws {
        let rule = OverdueRule(grace: grace, dueWithin: window)
        let today = LoanFixture.day(day)
        let check = OverdueCheck(database: database, rule: rule, today: today)
        let result = try check.run()
        let wanted = expected(rule, today)
        #expect(result.rows == wanted)
        #expect(result.overdueCount == wanted.filter(\.isOverdue).count)
        #expect(result.dueSoonCount == wanted.count - result.overdueCount)
        #expect(!wanted.isEmpty || day == "2025-01-01")
        let counted = try check.counts()
        #expect(counted.overdueCount == result.overdueCount)
        #expect(counted.dueSoonCount == result.dueSoonCount)
        #expect(counted.status == result.status)
        #expect(counted.rows.isEmpty)
    }

    @Test func statusFollowsTheMonitoringConvention() throws {
        let directory = try TemporaryDirectory()
        let database = try LoanFixture.create(
            directory.path("few.db"), [LoanFixture.Row(1, "2025-12-01", "2025-12-20")])
        func status(_ day: String, within: Int? = nil) throws -> OverdueStatus {
            try OverdueCheck(database: database, rule: OverdueRule(dueWithin: within), today: LoanFixture.day(day))
                .run().status
        }
        #expect(try status("2025-12-10") == .ok)
        #expect(try status("2025-12-10", within: 9) == .ok)
        #expect(try status("2025-12-10", within: 10) == .warning)
        #expect(try status("2025-12-20", within: 0) == .warning)
        #expect(try status("2025-12-21", within: 30) == .critical)
        #expect(OverdueStatus.allCases.map(\.rawValue) == [0, 1, 2, 3])
    }

    /// Every query of the check is answered through `books_open_by_due`, in its order: no scan of
    /// `books`, no sort.
    @Test(arguments: [
        OverdueCheck.listSQL, OverdueCheck.noticeSQL, OverdueCheck.countOverdueSQL, OverdueCheck.countDueSoonSQL,
    ])
    func plannerUsesThePartialIndex(_ sql: String) throws {
        let plan = try database.rows("EXPLAIN QUERY PLAN " + sql).compactMap { $0.last?.textValue }.joined(
            separator: "\n")
        #expect(
            plan.contains("SEARCH books USING INDEX books_open_by_due")
                || plan.contains("SEARCH b USING INDEX books_open_by_due"), "\(plan)")
        #expect(!plan.contains("SCAN"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }

    @Test func aMissingDatabaseIsAnErrorAndIsNotCreated() throws {
        let path = directory.path("missing.db")
        for notices in [false, true] {
            #expect {
                _ = try OverdueCheck.open(path, forNotices: notices)
            } throws: { error in
                (error as? AlmanacError)?.failure == .missingInput
                    && (error as? AlmanacError)?.arguments["path"] == path
            }
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func runWithoutNoticesOpensReadOnly() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: directory.path("loans.db")))
        let readOnly = try OverdueCheck.open(directory.path("loans.db"), forNotices: false)
        #expect(readOnly.mode == .readOnly)
        _ = try OverdueCheck(database: readOnly, rule: OverdueRule(), today: LoanFixture.day("2025-12-22")).run()
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("loans.db"))) == before)
    }
}
