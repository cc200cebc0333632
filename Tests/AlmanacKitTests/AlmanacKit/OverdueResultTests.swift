import Foundation
import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText
@testable import AlmanacViews

/// What the overdue check prints: the rows, the summary line, the monitoring line, and silence.
@Suite struct OverdueResultTests {
    static let today = LocalDate("2025-12-22")!

    static func result(
        overdue: [Int], dueSoon: Int = 0, rule: OverdueRule = OverdueRule(dueWithin: 3), notices: Int? = nil
    ) -> OverdueResult {
        var result = OverdueResult(today: today, rule: rule)
        for (index, days) in overdue.enumerated() {
            result.add(
                OverdueRow(
                    id: Int64(index + 1), title: "Книга \(index + 1)", borrower: index == 0 ? nil : "Аня",
                    dueOn: today.adding(days: -days),
                    standing: .overdue(days: days, level: rule.level(forDaysOverdue: days))))
        }
        for index in 0..<dueSoon {
            result.add(
                OverdueRow(
                    id: Int64(100 + index), title: "Dune", borrower: "Chloé", dueOn: today.adding(days: 1),
                    standing: .dueSoon(daysOverdue: -1)))
        }
        if let notices { result.notices = Array(result.rows.prefix(notices)) }
        return result
    }

    func renderer(_ locale: String, _ format: OutputFormat = .table) -> Renderer {
        Renderer(format: format, localizer: Localizer(locale: locale), today: Self.today)
    }

    @Test func summaryLinesWithPluralsInEnglishAndRussian() {
        let formats = { (locale: String) in LocalizedFormats(localizer: Localizer(locale: locale), today: Self.today) }
        #expect(
            Self.result(overdue: [3]).summary(formats("en")) == "Mon 22 Dec: 1 loan overdue; 0 loans due within 3 days")
        #expect(
            Self.result(overdue: [3, 8], dueSoon: 1, notices: 2).summary(formats("en"))
                == "Mon 22 Dec: 2 loans overdue; 1 loan due within 3 days; 2 new notices")
        #expect(
            Self.result(overdue: [], rule: OverdueRule(grace: 1)).summary(formats("en"))
                == "Mon 22 Dec: no loans overdue; grace 1 day")
        #expect(
            Self.result(overdue: [1], dueSoon: 1, rule: OverdueRule(dueWithin: 0)).summary(formats("en"))
                == "Mon 22 Dec: 1 loan overdue; 1 loan due today")
        #expect(
            Self.result(overdue: [3]).summary(formats("ru"))
                == "Пн, 22 дек.: 1 книга просрочена; 0 книг нужно вернуть в течение 3 дней")
        #expect(
            Self.result(overdue: [1, 2, 3], dueSoon: 2, rule: OverdueRule(grace: 5, dueWithin: 1), notices: 1).summary(
                formats("ru"))
                == "Пн, 22 дек.: 3 книги просрочены; 2 книги нужно вернуть в течение 1 дня; 1 новое напоминание; льготный срок 5 дней"
        )
        #expect(
            Self.result(overdue: Array(1...5), notices: 5).summary(formats("ru")).contains(
                "5 книг просрочено; 0 книг нужно вернуть в течение 3 дней; 5 новых напоминаний"))
        #expect(
            Self.result(overdue: Array(1...21), rule: OverdueRule(dueWithin: 21)).summary(formats("ru"))
                == "Пн, 22 дек.: 21 книга просрочена; 0 книг нужно вернуть в течение 21 дня")
    }

    @Test func nagiosLineForEachStatus() {
        let formats = LocalizedFormats(localizer: .english, today: Self.today)
        #expect(
            Self.result(overdue: [1, 2, 30], dueSoon: 1).nagiosLine(formats)
                == "OVERDUE CRITICAL - 3 loans overdue | overdue=3 due_soon=1")
        #expect(
            Self.result(overdue: [], dueSoon: 2).nagiosLine(formats)
                == "OVERDUE WARNING - 2 loans due within 3 days | overdue=0 due_soon=2")
        #expect(Self.result(overdue: []).nagiosLine(formats) == "OVERDUE OK - no loans overdue | overdue=0 due_soon=0")
        #expect(
            Self.result(overdue: [7], notices: 1).nagiosLine(formats)
                == "OVERDUE CRITICAL - 1 loan overdue | overdue=1 due_soon=0 notices=1")
        #expect(OverdueResult.nagiosUnknownLine("a.db: no such database") == "OVERDUE UNKNOWN - a.db: no such database")
        #expect(
            [
                Self.result(overdue: []).status, Self.result(overdue: [], dueSoon: 1).status,
                Self.result(overdue: [1]).status,
            ] == [.ok, .warning, .critical])
    }

    @Test func rowsCarryStatusInEveryFormat() {
        let result = Self.result(overdue: [1, 21], dueSoon: 1)
        let table = renderer("ru").render(result.table(Localizer(locale: "ru")))
        #expect(
            table.contains(
                "│  №  │ название │ читатель │ вернуть до  │ просрочка │ уровень напоминания │  состояние   │"),
            "\(table)")
        #expect(
            table.contains(
                "│   1 │ Книга 1  │          │ Вс, 21 дек. │    1 день │                   1 │ ✗ просрочена │"))
        #expect(
            table.contains(
                "│   2 │ Книга 2  │ Аня      │ Пн, 1 дек.  │   21 день │                  14 │ ✗ просрочена │"))
        #expect(
            table.contains(
                "│ 100 │ Dune     │ Chloé    │ Вт, 23 дек. │           │                     │ ! скоро срок │"))
        #expect(table.hasSuffix("└\n3 книги\n") || table.hasSuffix("┘\n3 книги\n"))
        let json = renderer("ru", .json).render(result.table(Localizer(locale: "ru")))
        #expect(
            json.contains(
                #"{"id": 2, "title": "Книга 2", "borrower": "Аня", "due_on": "2025-12-01", "days_overdue": 21, "level": 14, "status": "overdue"}"#
            ))
        #expect(json.contains(#""days_overdue": null, "level": null, "status": "due-soon""#))
        #expect(
            renderer("en", .csv).render(result.table(.english)).hasPrefix(
                "id,title,borrower,due_on,days_overdue,level,status\r\n1,Книга 1,,2025-12-21,1,1,overdue\r\n"))
        let coloured = Renderer(
            format: .table, localizer: .english, today: Self.today, styling: Styling(isEnabled: true))
        #expect(coloured.render(result.table(.english)).contains("\u{1B}[31m✗ overdue\u{1B}[0m"))
    }

    @Test func quietSaysNothingWhenThereIsNothingToSay() {
        let none = Self.result(overdue: [], notices: 0)
        #expect(
            none.output(renderer("en"), nagios: false, quiet: true) == .init(standardOutput: "", standardError: nil))
        #expect(none.output(renderer("en", .json), nagios: false, quiet: true).standardOutput == "")
        let loud = none.output(renderer("en", .json), nagios: false, quiet: false)
        #expect(loud.standardOutput == "[]\n")
        #expect(loud.standardError == "Mon 22 Dec: no loans overdue; 0 loans due within 3 days; 0 new notices")
        let some = Self.result(overdue: [1, 5], notices: 1).output(renderer("en", .csv), nagios: false, quiet: true)
        #expect(
            some.standardOutput
                == "id,title,borrower,due_on,days_overdue,level,status\r\n1,Книга 1,,2025-12-21,1,1,overdue\r\n",
            "with --notify only the notices issued are printed")
        #expect(some.standardError == nil)
        let nagios = Self.result(overdue: [1]).output(renderer("en"), nagios: true, quiet: false)
        #expect(
            nagios
                == .init(
                    standardOutput: "OVERDUE CRITICAL - 1 loan overdue | overdue=1 due_soon=0\n", standardError: nil))
    }
}
