import AlmanacStore
import Foundation
import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacQuiz
@testable import AlmanacSQLite
@testable import AlmanacText

/// Two reports restate a rule the code keeps: `quiz-scores` the quiz's points (`Scoring`), and
/// `overdue-books` the overdue rule (`OverdueRule`). Over seeded random data each report must give
/// what the code gives, row for row and in the same order, so neither can drift from the other.
@Suite struct RuleParityTests {
    static let seeds: [UInt64] = Array(1...20)

    /// The SQL of a built-in report, run with named parameters on `database`.
    func reportRows(_ name: String, _ database: Database, _ parameters: [String: SQLValue]) throws -> [[SQLValue]] {
        let statement = try database.prepare(try ReportCatalog.builtIn().report(named: name).sql)
        for (key, value) in parameters { try statement.bind(value, named: key) }
        return try statement.allRows()
    }

    /// An instant as the database keeps it.
    func utc(_ date: Date) -> String { Instant.utcText(Int64(date.timeIntervalSince1970)) }

    @Test(arguments: seeds)
    func quizScoresReportGivesTheScoringsPoints(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let directory = try TemporaryDirectory()
        let database = try Store.create(directory.path("quiz.db"))
        let codes = ["DE", "JP", "RU", "FR"]
        try database.execute(
            "INSERT INTO countries (code, name) VALUES ('DE', 'D'), ('JP', 'J'), ('RU', 'R'), ('FR', 'F')")
        // Few players and few answers each, so that equal points with different right answers occur.
        let players = ["Аня", "Kenji", "anna", "Anna", "佐藤", "Ёжик"]
        let start = try #require(ISO8601DateFormatter().date(from: "2025-12-01T00:00:00Z"))
        var answers: [QuizAnswer] = []
        for _ in 0..<(1 + random.below(40)) {
            let country = random.pick(codes)
            let chosen = random.below(2) == 0 ? country : random.pick(codes)
            let at = start.addingTimeInterval(TimeInterval(random.below(86_400 * 30)))
            answers.append(QuizAnswer(player: random.pick(players), answeredAt: at, country: country, chosen: chosen))
        }
        let insert = try database.prepare(
            "INSERT INTO quiz_answers (player, answered_at, country, chosen) VALUES (?, ?, ?, ?)")
        for answer in answers {
            insert.reset()
            try insert.bind([
                .text(answer.player), .text(utc(answer.answeredAt)), .text(answer.country), .text(answer.chosen),
            ])
            _ = try insert.step()
        }

        let expected = Scoring.scores(answers.sorted { $0.answeredAt < $1.answeredAt })
        let rows = try reportRows("quiz-scores", database, [":limit": .integer(1_000)])
        #expect(rows.map { $0[0].textValue } == expected.map(\.player), "seed \(seed): the order")
        for (row, score) in zip(rows, expected) {
            #expect(
                Array(row[1...4]) == [
                    .integer(Int64(score.answers)), .integer(Int64(score.right)),
                    .integer(Int64(score.wrong)), .integer(Int64(score.points)),
                ], "seed \(seed): \(score.player)")
            #expect(row[5] == .real(score.accuracy))
            #expect(row[6].textValue == score.lastAnsweredAt.map(utc))
        }
    }

    @Test(arguments: seeds)
    func overdueBooksReportGivesTheOverdueRulesStanding(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let directory = try TemporaryDirectory()
        let loans = LoanFixture.random(count: 300, seed: seed)
        let database = try LoanFixture.create(directory.path("books.db"), loans)
        // Days across the loans' year and past it, windows from none to past every due date.
        let asOf = LocalDate(year: 2025, month: 1, day: 1)!.adding(days: random.below(460))
        let within = random.pick([0, 1, 3, 7, 30, 400])

        let rule = OverdueRule(dueWithin: within)
        let expected: [(id: Int64, days: Int64?, status: String)] = loans.compactMap { loan in
            let standing = rule.standing(
                loanedOn: LocalDate(loan.loaned)!, dueOn: LocalDate(loan.due)!,
                returnedOn: loan.returned.flatMap { LocalDate($0) }, today: asOf)
            switch standing {
            case .overdue(let days, _): return (loan.id, Int64(days), "overdue")
            case .dueSoon: return (loan.id, nil, "due-soon")
            case .returned, .notYetLoaned, .onLoan: return nil
            }
        }.sorted { left, right in
            let (l, r) = (loans.first { $0.id == left.id }!.due, loans.first { $0.id == right.id }!.due)
            return (l, left.id) < (r, right.id)
        }
        let rows = try reportRows(
            "overdue-books", database, [":as_of": .text(asOf.description), ":within": .integer(Int64(within))])
        #expect(rows.map { $0[0] } == expected.map { .integer($0.id) }, "seed \(seed), as of \(asOf), within \(within)")
        #expect(rows.map { $0[6] } == expected.map { SQLValue($0.days.map(Int.init)) })
        #expect(rows.map { $0[7].textValue } == expected.map(\.status))
    }
}
