import AlmanacStore
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite
@testable import AlmanacText

@Suite struct ReportParameterTests {
    static let today = LocalDate(year: 2025, month: 12, day: 20)!

    static let values: [(kind: ReportParameter.Kind, text: String, value: SQLValue?)] = [
        (.integer, "7", .integer(7)), (.integer, "-3", .integer(-3)), (.integer, " 12 ", .integer(12)),
        (.integer, "7.5", nil), (.integer, "seven", nil), (.integer, "", nil), (.integer, "99999999999999999999", nil),
        (.real, "2.5", .real(2.5)), (.real, "3", .real(3)), (.real, "-0.25", .real(-0.25)),
        (.real, "nan", nil), (.real, "inf", nil), (.real, "1e400", nil), (.real, "abc", nil),
        (.text, "Аня Петрова", .text("Аня Петрова")), (.text, "", .text("")),
        (.date, "2025-12-01", .text("2025-12-01")), (.date, "today", .text("2025-12-20")),
        (.date, "today+12", .text("2026-01-01")), (.date, "today-20", .text("2025-11-30")),
        (.date, "TODAY", .text("2025-12-20")),
        (.date, "2025-02-30", nil), (.date, "tomorrow", nil), (.date, "today+2920000", .text("9999-12-31")),
        (.date, "today-740000", .text("0001-01-01")),
        (.date, "today+10000001", nil), (.date, "today--9223372036854775808", nil),
        (.date, "today+2912454", .text("9999-12-31")), (.date, "today-739604", .text("0001-01-01")),
        (.date, "today+x", nil), (.date, "22.12.2025", nil),
        (.boolean, "true", .integer(1)), (.boolean, "No", .integer(0)), (.boolean, "1", .integer(1)),
        (.boolean, "maybe", nil),
    ]

    @Test(arguments: values)
    func value(_ sample: (kind: ReportParameter.Kind, text: String, value: SQLValue?)) {
        #expect(ReportParameter.value(of: sample.text, kind: sample.kind, today: Self.today) == sample.value)
    }

    @Test func describesItselfForMachinesAndPeople() {
        let days = ReportParameter(name: "days", kind: .integer, defaultText: "7")
        let from = ReportParameter(name: "from", kind: .date, defaultText: "today")
        let who = ReportParameter(name: "who", kind: .text, defaultText: "")
        let must = ReportParameter(name: "player", kind: .text, defaultText: nil)
        #expect(days.declaration == "days integer = 7")
        #expect(who.declaration == "who text = ''")
        #expect(must.declaration == "player text")
        let russian = Localizer(locale: "ru")
        #expect(days.summary(russian) == "days: целое число, по умолчанию 7")
        #expect(from.summary(russian) == "from: дата, по умолчанию сегодня (today)")
        #expect(who.summary(russian) == "who: текст, по умолчанию пусто")
        #expect(must.summary(russian) == "player: текст, обязательный")
        #expect(days.summary(.english) == "days: integer, default 7")
    }
}
