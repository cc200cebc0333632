import Testing

@testable import AlmanacText
@testable import AlmanacViews

/// An event's rules in words (`events show`), in English and Russian with their plural forms; a rule
/// with parts the words do not cover is left to iCalendar's own text (nil).
@Suite struct RecurrenceWordsTests {
    static var english: LocalizedFormats {
        LocalizedFormats(localizer: .english, today: LocalDate(year: 2026, month: 1, day: 1))
    }
    static var russian: LocalizedFormats {
        LocalizedFormats(localizer: Localizer(locale: "ru"), today: LocalDate(year: 2026, month: 1, day: 1))
    }

    @Test(arguments: [
        (
            "RRULE:FREQ=WEEKLY;COUNT=5\nEXDATE:20260209T180000Z", "weekly, 5 times, except 1 date",
            "еженедельно, 5 раз, кроме 1 даты"
        ),
        ("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "every 2 weeks on Mon, Thu", "раз в 2 недели по пн, чт"),
        ("RRULE:FREQ=DAILY;COUNT=21", "daily, 21 times", "ежедневно, 21 раз"),
        ("RRULE:FREQ=MONTHLY;COUNT=3", "monthly, 3 times", "ежемесячно, 3 раза"),
        ("RRULE:FREQ=YEARLY;INTERVAL=5", "every 5 years", "раз в 5 лет"),
        ("RRULE:FREQ=HOURLY;INTERVAL=21", "every 21 hours", "раз в 21 час"),
        ("RRULE:FREQ=DAILY;UNTIL=20260331T235959Z", "daily, until Tue 31 Mar", "ежедневно, до Вт, 31 марта"),
        ("RDATE:20260301T100000Z,20260401T100000Z", "on 2 more dates", "ещё 2 даты"),
        (
            "RRULE:FREQ=WEEKLY\nRDATE:20260301T100000Z\nEXDATE:20260209T180000Z,20260216T180000Z",
            "weekly, on 1 more date, except 2 dates", "еженедельно, ещё 1 дата, кроме 2 дат"
        ),
    ])
    func rulesInWords(_ rules: String, _ english: String, _ russian: String) {
        #expect(RecurrenceWords.describe(rules, Self.english) == english)
        #expect(RecurrenceWords.describe(rules, Self.russian) == russian)
    }

    @Test(arguments: [
        "RRULE:FREQ=MONTHLY;BYMONTHDAY=15", "RRULE:FREQ=MONTHLY;BYDAY=1MO", "RRULE:FREQ=WEEKLY;BYSETPOS=-1",
        "RRULE:FREQ=WEEKLY;INTERVAL=0", "RRULE:FREQ=SOMETIMES", "X-OTHER:1",
    ])
    func partsWithoutWordsAreLeftToICalendar(_ rules: String) {
        #expect(RecurrenceWords.describe(rules, Self.english) == nil)
    }
}
