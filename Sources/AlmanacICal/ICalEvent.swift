import AlmanacText

/// A start or an end as an iCalendar file gives it, resolved as far as the file allows.
public enum ICalMoment: Equatable, Sendable {
    /// A day (`VALUE=DATE`): an all-day event's.
    case day(LocalDate)
    /// An instant (UTC seconds): a time in UTC (`…Z`), or in a zone the file or the tz database defines.
    case instant(Int64)
    /// A floating time, the same wall clock in every zone (seconds since 1970-01-01T00:00 on that
    /// clock): the reader's zone decides the instant.
    case wall(Int64)
}

/// One problem of a VEVENT, at the line of the property it concerns.
public struct ICalProblem: Equatable, Sendable {
    /// The 1-based line in the file.
    public let line: Int
    /// The property (`DTSTART`, `RRULE`) or component (`VEVENT`) at fault.
    public let property: String
    /// The translation key of the message (`ical.error.…`).
    public let key: String
    /// The message's placeholder values.
    public let arguments: [String: String]
}

/// One VEVENT of an iCalendar file: the properties Almanac keeps, in the file's own terms, with the
/// lines they were on, the problems that keep it out, and what of it is not kept.
public struct ICalEvent: Sendable {
    /// The line of its `BEGIN:VEVENT`.
    public var line: Int
    /// `UID`.
    public var uid: String?
    /// `SUMMARY`.
    public var summary: String?
    /// `DESCRIPTION`.
    public var description: String?
    /// `LOCATION`.
    public var location: String?
    /// `ORGANIZER`'s name (or address), else the first `ATTENDEE`'s.
    public var person: String?
    /// `DTSTART`.
    public var start: ICalMoment?
    /// `DTEND`, or nil.
    public var end: ICalMoment?
    /// `DURATION` in seconds (whole days for an all-day event), or nil.
    public var duration: Int64?
    /// The tz database's name of the zone its times were written in (`TZID`), when it has one.
    public var zone: String?
    /// Its `RRULE`, `RDATE` and `EXDATE` lines, unfolded, as the file writes them.
    public var recurrence: [String] = []
    /// `RECURRENCE-ID`: the occurrence of another event (the same `UID`) this one changes.
    public var recurrenceID: ICalMoment?
    /// What keeps it out of the database, by line.
    public var problems: [ICalProblem] = []
    /// The properties and components not kept (`URL`, `VALARM`), with their lines.
    public var dropped: [(name: String, line: Int)] = []
    /// The line of each property it has (the first, when repeated).
    public var lines: [String: Int] = [:]

    /// The line of a property, else of the event.
    public func line(of property: String) -> Int { lines[property] ?? line }
}
