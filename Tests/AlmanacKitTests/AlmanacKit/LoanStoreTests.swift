import Foundation
import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// Adding, changing, returning and deleting loans: every rule checked, an unknown id named, and
/// nothing written when a change is refused.
@Suite struct LoanStoreTests {
    let directory: TemporaryDirectory
    let store: LoanStore
    let today = LocalDate("2025-12-22")!

    init() throws {
        directory = try TemporaryDirectory()
        store = LoanStore(
            database: try LoanFixture.create(
                directory.path("a.db"),
                [
                    LoanFixture.Row(1, "2025-10-01", "2025-12-01", title: "Мастер и Маргарита"),
                    LoanFixture.Row(2, "2025-12-01", "2026-02-01", title: "Harry Potter"),
                    LoanFixture.Row(3, "2025-11-01", "2025-12-19", returned: "2025-12-18", title: "Le Petit Prince"),
                ]))
    }

    func refusal(_ body: () throws -> Void) -> AlmanacError? {
        do {
            try body()
            return nil
        } catch let error as AlmanacError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func addTakesANewIdAndTodayAsTheLoanDay() throws {
        let loan = try store.add(LoanEdit(title: "Dune", borrower: "Chloé", dueOn: "today+21"), today: today)
        #expect(loan.id == 4)
        #expect(loan.loanedOn == today)
        #expect(loan.dueOn.description == "2026-01-12")
        #expect(try store.loan(id: 4) == loan)
    }

    @Test(
        arguments: [
            ("2025-11-30", "2026-02-28", nil), ("2025-11-30", "2026-03-01", "rule.books.due-too-late.clamped"),
            ("2023-11-30", "2024-02-29", nil), ("2023-11-30", "2024-03-01", "rule.books.due-too-late.clamped"),
            ("2025-10-15", "2026-01-16", "rule.books.due-too-late"),
            ("2025-12-22", "2025-12-22", nil), ("2025-12-22", "2025-12-21", "rule.books.due-before-loan"),
        ] as [(String, String, String?)])
    func dueWithinThreeMonthsClampedToTheMonthsEnd(_ loaned: String, _ due: String, _ key: String?) throws {
        let edit = LoanEdit(title: "Dune", loanedOn: loaned, dueOn: due)
        let error = refusal { try store.add(edit, today: today) }
        #expect(error?.parts.first?.detail == key)
        #expect(error.map(\.failure) == (key == nil ? nil : .invalidData))
        if key?.hasPrefix("rule.books.due-too-late") == true {
            #expect(
                error?.parts.first?.arguments["latest"] == LoanRules.latestDue(loanedOn: LocalDate(loaned)!).description
            )
            #expect(error?.parts.first?.arguments["option"] == "--due")
        }
    }

    @Test func editChecksTheWholeLoanAndWritesNothingWhenRefused() throws {
        let before = try store.loan(id: 2)
        let tooLate = refusal { try store.update(id: 2, LoanEdit(loanedOn: "2025-10-01"), today: today) }
        #expect(
            tooLate?.parts.first?.detail == "rule.books.due-too-late",
            "moving the loan day earlier puts the due date too far")
        let empty = refusal { try store.update(id: 2, LoanEdit(title: "  "), today: today) }
        #expect(empty?.parts.first?.detail == "rule.blank")
        #expect(try store.loan(id: 2) == before)
        let changed = try store.update(
            id: 2, LoanEdit(title: "Гарри Поттер", author: "", borrower: "Борис", dueOn: "2026-03-01"), today: today)
        #expect(changed.title == "Гарри Поттер")
        #expect(changed.author == nil && changed.borrower == "Борис")
        #expect(try store.loan(id: 2) == changed)
    }

    @Test func returnIsRecordedOnceBetweenTheLoanAndToday() throws {
        #expect(
            refusal { try store.markReturned(id: 1, on: LocalDate("2025-09-30")!, today: today) }?.parts.first?.detail
                == "rule.books.returned-before-loan")
        let future = refusal { try store.markReturned(id: 1, on: today.adding(days: 1), today: today) }
        #expect(future?.parts.first?.detail == "rule.books.returned-future")
        #expect(future?.parts.first?.arguments["today"] == "2025-12-22")
        let returned = try store.markReturned(id: 1, on: today, today: today)
        #expect(returned.returnedOn == today)
        let again = refusal { try store.markReturned(id: 1, on: today, today: today) }
        #expect(again?.key == "books.error.already-returned")
        #expect(again?.arguments == ["id": "1", "title": "Мастер и Маргарита", "returned": "2025-12-22"])
        let reopened = try store.update(id: 3, LoanEdit(returnedOn: "none"), today: today)
        #expect(reopened.returnedOn == nil)
    }

    @Test func anUnknownIdIsNamed() throws {
        for action in [
            { _ = try store.loan(id: 99) }, { _ = try store.delete(id: 99) },
            { _ = try store.markReturned(id: 99, on: today, today: today) },
            { _ = try store.update(id: 99, LoanEdit(), today: today) },
        ] {
            let error = refusal(action)
            #expect(error?.key == "books.error.not-found")
            #expect(error?.failure == .missingInput)
            #expect(error?.arguments["id"] == "99")
        }
    }

    @Test func deleteReturnsTheLoanAndRemovesIt() throws {
        let deleted = try store.delete(id: 3)
        #expect(deleted.title == "Le Petit Prince")
        #expect(try store.loans().map(\.id) == [1, 2])
        #expect(try store.loans(openOnly: true).map(\.id) == [1, 2])
    }

    @Test func readingAndWritingNeedAnExistingFile() throws {
        let path = directory.path("new.db")
        #expect(refusal { _ = try LoanStore.openForWriting(path) }?.key == "database.error.missing")
        #expect(refusal { _ = try LoanStore.openForReading(path) }?.key == "database.error.missing")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
