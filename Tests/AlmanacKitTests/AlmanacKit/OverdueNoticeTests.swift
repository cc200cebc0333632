import AlmanacStore
import Foundation
import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacSQLite

/// `overdue --notify`: a rerun repeats nothing, missed nights lose nothing, and runs at the same time
/// never issue a notice twice.
@Suite struct OverdueNoticeTests {
    let directory: TemporaryDirectory
    static let night0 = "2025-12-10"

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// Loans around night 0 with the default levels 1, 7, 14, each named by what happens to it.
    static let loans: [LoanFixture.Row] = [
        LoanFixture.Row(1, "2025-11-01", "2025-12-09", title: "level 1 on night 0, level 7 on night 6"),
        LoanFixture.Row(2, "2025-11-01", "2025-12-10", title: "due on night 0, level 1 by night 6"),
        LoanFixture.Row(3, "2025-11-01", "2025-12-02", title: "level 7 on night 0, level 14 on night 6"),
        LoanFixture.Row(4, "2025-10-01", "2025-11-20", title: "level 14 on night 0, nothing more"),
        LoanFixture.Row(5, "2025-12-01", "2025-12-13", title: "due after night 0, level 1 by night 6"),
        LoanFixture.Row(
            6, "2025-11-01", "2025-12-07", title: "level 1 on night 0, returned on night 2 in the gap test"),
        LoanFixture.Row(7, "2025-12-01", "2025-12-31", title: "not due in the whole run"),
        LoanFixture.Row(8, "2025-11-01", "2025-12-06", title: "level 1 on night 0, level 7 on night 1"),
    ]

    func notify(_ database: Database, _ day: String, plus days: Int = 0, levels: [Int] = OverdueRule.defaultLevels)
        throws -> [OverdueRow]
    {
        try OverdueCheck(database: database, rule: OverdueRule(levels: levels), today: LoanFixture.day(day, plus: days))
            .runIssuingNotices().notices ?? []
    }

    func recorded(_ database: Database) throws -> [String] {
        try database.rows("SELECT book_id, level, issued_on FROM overdue_notices ORDER BY book_id, level").map { row in
            row.map { $0.textValue ?? "\($0)" }.joined(separator: " ")
        }
    }

    @Test func aRerunOnTheSameDayIssuesNothing() throws {
        let database = try LoanFixture.create(directory.path("a.db"), Self.loans)
        let first = try notify(database, Self.night0)
        #expect(first.map(\.id) == [4, 3, 8, 6, 1])
        #expect(first.map(\.level) == [14, 7, 1, 1, 1])
        let table = try recorded(database)
        #expect(table == ["1 1 2025-12-10", "3 7 2025-12-10", "4 14 2025-12-10", "6 1 2025-12-10", "8 1 2025-12-10"])
        for _ in 0..<3 {
            #expect(try notify(database, Self.night0).isEmpty)
        }
        #expect(try recorded(database) == table)
        let result = try OverdueCheck(database: database, rule: OverdueRule(), today: LoanFixture.day(Self.night0))
            .runIssuingNotices()
        #expect(result.overdueCount == 5, "the rows and the exit status still see every overdue loan")
    }

    /// The notices are committed only after they were delivered: a delivery that fails (a full disk,
    /// a closed pipe) rolls every one back, and the next run issues them all again.
    @Test func aFailedDeliveryRecordsNothingAndTheNextRunRepeatsIt() throws {
        let database = try LoanFixture.create(directory.path("a.db"), Self.loans)
        let check = OverdueCheck(database: database, rule: OverdueRule(), today: LoanFixture.day(Self.night0))
        var delivered: [Int64] = []
        #expect(throws: WriteFailure(stream: .standardOutput, code: ENOSPC)) {
            try check.runIssuingNotices { result in
                delivered = result.notices?.map(\.id) ?? []
                #expect(try self.recorded(database).count == 5, "recorded inside the transaction")
                throw WriteFailure(stream: .standardOutput, code: ENOSPC)
            }
        }
        #expect(delivered == [4, 3, 8, 6, 1])
        #expect(try recorded(database).isEmpty)
        #expect(!database.isInTransaction)
        let again = try check.runIssuingNotices { result in delivered = result.notices?.map(\.id) ?? [] }
        #expect(again.notices?.map(\.id) == [4, 3, 8, 6, 1])
        #expect(delivered == [4, 3, 8, 6, 1])
        #expect(try recorded(database).count == 5)
    }

    /// Nights 1 to 5 are missed: night 6 issues exactly the notices the five nights would have,
    /// each crossed level once, none twice, none lost.
    @Test func aFiveNightGapIssuesEachCrossedLevelOnce() throws {
        let nightly = try LoanFixture.create(directory.path("nightly.db"), Self.loans)
        let gap = try LoanFixture.create(directory.path("gap.db"), Self.loans)
        var issuedNightly: [String] = []
        for night in 0...6 {
            if night == 2 { try nightly.run("UPDATE books SET returned_on = '2025-12-12' WHERE id = 6") }
            issuedNightly += try notify(nightly, Self.night0, plus: night).map { "\($0.id)@\($0.level!)" }
        }
        _ = try notify(gap, Self.night0)
        try gap.run("UPDATE books SET returned_on = '2025-12-12' WHERE id = 6")
        let issuedAfterGap = try notify(gap, Self.night0, plus: 6)
        #expect(issuedAfterGap.map { "\($0.id)@\($0.level!)" } == ["3@14", "8@7", "1@7", "2@1", "5@1"])
        #expect(
            Set(try recorded(gap).map { $0.split(separator: " ").prefix(2).joined(separator: "@") })
                == Set(issuedNightly.map { $0 }), "the same levels as running every night")
        #expect(try recorded(gap).filter { $0.hasSuffix("2025-12-16") }.count == 5)
        #expect(try notify(gap, Self.night0, plus: 6).isEmpty, "and a rerun of night 6 issues nothing")
    }

    /// A loan that crossed several levels while no run happened gets one notice, at the highest
    /// level; the skipped levels are never issued afterwards.
    @Test func aLongGapIssuesOneNoticeAtTheHighestLevel() throws {
        let database = try LoanFixture.create(
            directory.path("long.db"),
            [
                LoanFixture.Row(1, "2025-11-01", "2025-12-09"), LoanFixture.Row(2, "2025-11-20", "2025-12-10"),
            ])
        #expect(try notify(database, Self.night0).map(\.id) == [1])
        let after = try notify(database, Self.night0, plus: 14)
        #expect(after.map(\.id) == [1, 2])
        #expect(after.map(\.level) == [14, 14])
        for night in 15...40 {
            #expect(try notify(database, Self.night0, plus: night).isEmpty)
        }
        #expect(try recorded(database) == ["1 1 2025-12-10", "1 14 2025-12-24", "2 14 2025-12-24"])
    }

    @Test func replayingAnEarlierDayOrChangingLevelsRepeatsNothing() throws {
        let database = try LoanFixture.create(directory.path("replay.db"), Self.loans)
        let issued = try notify(database, Self.night0, plus: 10).count
        #expect(issued == 7)
        #expect(try notify(database, Self.night0, plus: 3).isEmpty)
        #expect(try notify(database, Self.night0, plus: 10, levels: [3, 5]).isEmpty, "lower levels than those issued")
        #expect(try notify(database, Self.night0, plus: 10, levels: [1, 7]).isEmpty)
        #expect(
            try notify(database, Self.night0, plus: 12, levels: [22]).map(\.id) == [4],
            "a new higher level is issued once")
    }

    @Test func deletingALoanDeletesItsNotices() throws {
        let database = try LoanFixture.create(directory.path("delete.db"), Self.loans)
        _ = try notify(database, Self.night0)
        try LoanStore(database: database).delete(id: 4)
        #expect(try database.scalar("SELECT count(*) FROM overdue_notices WHERE book_id = 4") == .integer(0))
    }

    /// Two connections on two threads run the same night at the same moment, for 30 nights: each
    /// notice is issued by exactly one of them, and together they issue what one run alone would.
    @Test func twoRunsAtOnceNeverNotifyTwice() throws {
        let rows = LoanFixture.random(count: 400, seed: 11)
        let alone = try LoanFixture.create(directory.path("alone.db"), rows)
        var expected = 0
        for night in 0..<30 { expected += try notify(alone, "2025-03-01", plus: night * 3).count }
        #expect(expected > 100)

        let path = directory.path("shared.db")
        try LoanFixture.create(path, rows)
        final class Tally: @unchecked Sendable {
            let lock = NSLock()
            var issued = [0, 0]
            var errors: [String] = []
            func add(_ worker: Int, _ count: Int) {
                lock.lock()
                issued[worker] += count
                lock.unlock()
            }
            func fail(_ error: Error) {
                lock.lock()
                errors.append("\(error)")
                lock.unlock()
            }
        }
        let tally = Tally()
        // Each night both runs start together, as two cron entries for the same day would.
        for night in 0..<30 {
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                do {
                    let check = OverdueCheck(
                        database: try Store.open(path), rule: OverdueRule(),
                        today: LoanFixture.day("2025-03-01", plus: night * 3))
                    tally.add(worker, try check.runIssuingNotices().notices?.count ?? 0)
                } catch {
                    tally.fail(error)
                }
            }
        }
        #expect(tally.errors.isEmpty)
        #expect(tally.issued[0] + tally.issued[1] == expected)
        #expect(try recorded(try Store.open(path)) == recorded(alone))
    }
}
