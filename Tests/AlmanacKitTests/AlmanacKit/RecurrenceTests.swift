import AlmanacText
import Testing

@testable import AlmanacICal

/// Recurrence rules expanded by libical on an event's wall clock (`Recurrence`), and the reading of
/// iCalendar files (`ICalReader`) and their writing (`ICalWriter`).
@Suite struct RecurrenceTests {
    let berlin = Zone(identifier: "Europe/Berlin")!

    func at(_ text: String) -> Int64 { Instant.seconds(iso8601: text, zone: .utc)! }

    /// A weekly 09:00 in Berlin stays 09:00 across the change to summer time (29 March 2026).
    @Test func aWeeklyRuleKeepsItsWallClockAcrossDaylightSaving() {
        let rule = Recurrence("RRULE:FREQ=WEEKLY;COUNT=4")
        let starts = rule.starts(
            first: at("2026-03-21T08:00:00Z"), allDay: false, zone: berlin, from: at("2026-03-01T00:00:00Z"),
            to: at("2026-05-01T00:00:00Z"))
        #expect(
            starts.map(Instant.utcText)
                == ["2026-03-21T08:00:00Z", "2026-03-28T08:00:00Z", "2026-04-04T07:00:00Z", "2026-04-11T07:00:00Z"])
    }

    @Test func exdatesLeaveOutAndRdatesAdd() {
        let rule = Recurrence(
            "RRULE:FREQ=DAILY;COUNT=5\nEXDATE;TZID=Europe/Berlin:20260103T100000\nRDATE:20260110T090000Z")
        let starts = rule.starts(
            first: at("2026-01-01T09:00:00Z"), allDay: false, zone: berlin, from: at("2026-01-02T00:00:00Z"),
            to: at("2026-02-01T00:00:00Z"))
        #expect(
            starts.map(Instant.utcText)
                == ["2026-01-02T09:00:00Z", "2026-01-04T09:00:00Z", "2026-01-05T09:00:00Z", "2026-01-10T09:00:00Z"])
    }

    /// An all-day yearly event: its days, the same in every zone, only those in the range.
    @Test func anAllDayRuleGivesDays() {
        let starts = Recurrence("RRULE:FREQ=YEARLY").starts(
            first: at("2020-03-08T00:00:00Z"), allDay: true, zone: .utc, from: at("2025-01-01T00:00:00Z"),
            to: at("2027-01-01T00:00:00Z"))
        #expect(starts.map(Instant.utcText) == ["2025-03-08T00:00:00Z", "2026-03-08T00:00:00Z"])
    }

    @Test(
        arguments: [
            ("RRULE:FREQ=WEEKLY;BYDAY=MO", nil),
            ("RRULE:FREQ=WEEKLY;COUNT=3\nEXDATE:20260105T090000Z", nil),
            ("RRULE:FREQ=SOMETIMES", "rule.events.recurrence-unreadable"),
            ("RRULE:FREQ=MINUTELY", "rule.events.recurrence-too-often"),
            ("RRULE:FREQ=DAILY\nRRULE:FREQ=WEEKLY", "rule.events.recurrence-two-rules"),
            ("EXDATE:tomorrow", "rule.events.recurrence-unreadable"),
            ("FREQ=WEEKLY", "rule.events.recurrence-unreadable"),
        ] as [(String, String?)])
    func aRecurrenceIsCheckedBeforeItIsKept(text: String, problem: String?) {
        #expect(Recurrence.problem(text)?.key == problem)
    }

    @Test func onlyRulesThatEndAreBounded() {
        #expect(Recurrence("RRULE:FREQ=WEEKLY;COUNT=3").isBounded)
        #expect(Recurrence("RRULE:FREQ=WEEKLY;UNTIL=20260101T000000Z").isBounded)
        #expect(Recurrence("RDATE:20260101T000000Z").isBounded)
        #expect(!Recurrence("RRULE:FREQ=WEEKLY").isBounded)
    }

    /// What the reader keeps of a VEVENT, where its properties are, and what it refuses, by line.
    @Test func theReaderPlacesPropertiesAndProblemsOnTheirLines() {
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x",
            "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20260105T090000",
            "SUMMARY:Hi\\, there", "ORGANIZER;CN=Anna:mailto:anna@example.org", "URL:https://example.org",
            "RRULE:FREQ=WEEKLY;COUNT=3", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "SUMMARY:No start", "END:VEVENT",
            "BEGIN:VEVENT", "UID:c", "DTSTART;TZID=Mars/Olympus:20260105T090000", "END:VEVENT",
            "BEGIN:VTODO", "UID:d", "END:VTODO", "END:VCALENDAR",
        ].joined(separator: "\r\n")
        let reader = ICalReader(text)
        #expect(reader.events.count == 3)
        let first = reader.events[0]
        #expect(first.line == 4)
        #expect(first.summary == "Hi, there")
        #expect(first.person == "Anna")
        #expect(first.zone == "Europe/Berlin")
        #expect(first.start == .instant(at("2026-01-05T08:00:00Z")))
        #expect(first.recurrence == ["RRULE:FREQ=WEEKLY;COUNT=3"])
        #expect(first.dropped.map(\.name) == ["URL"] && first.dropped.map(\.line) == [9])
        #expect(first.problems.isEmpty)
        #expect(reader.events[1].problems.map(\.key) == ["ical.error.no-start"])
        #expect(reader.events[1].problems.map(\.line) == [12])
        #expect(reader.events[2].problems.map(\.key) == ["ical.error.unknown-zone"])
        #expect(reader.events[2].problems.map(\.line) == [18])
        #expect(reader.others.map(\.name) == ["VTODO"] && reader.others.map(\.line) == [20])
    }

    /// The writer's event reads back as the same event.
    @Test func aWrittenEventReadsBack() {
        var writer = ICalWriter(stamp: at("2026-01-01T00:00:00Z"))
        let entry = ICalWriter.Entry(
            uid: "x@tests", summary: "Choir, weekly; Ёлка", person: "Anna Petrova", description: "Line one\nline two",
            location: "Hall", start: .instant(at("2026-02-02T18:00:00Z")), end: .instant(at("2026-02-02T20:00:00Z")),
            zone: "Europe/Berlin", recurrence: ["RRULE:FREQ=WEEKLY;COUNT=6"])
        let text = ICalWriter.header + writer.event(entry) + writer.footer()
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:20260202T190000\r\n"))
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"))
        let event = ICalReader(text).events[0]
        #expect(event.uid == "x@tests" && event.summary == entry.summary && event.person == "Anna Petrova")
        #expect(event.description == entry.description && event.location == "Hall" && event.zone == "Europe/Berlin")
        #expect(event.start == entry.start && event.end == entry.end && event.recurrence == entry.recurrence)
    }
}
