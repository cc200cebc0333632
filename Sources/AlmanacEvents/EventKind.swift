import AlmanacICal
import AlmanacKinds
import AlmanacText

extension ImportKind {
    /// `events` (`EventKind`).
    public static let events = ImportKind(rawValue: "events")
}

/// `events`: a title, when it starts and perhaps ends, and who, what picture, what it is about.
///
/// `starts_at` and `ends_at` are ISO 8601 date-times (an offset, or else the user's `--tz` by the
/// daylight-saving rule of `Zone.instant(wall:)`), or both plain days for an all-day event: a day is
/// the same day in every zone, so it is stored from 00:00 UTC of its first day to 00:00 UTC after its
/// last, with `all_day` set, and written back as days. The end may not be before the start.
package enum EventKind: KindDefinition {
    package enum Column: Int, KindColumn {
        case id, title, person, startsAt, endsAt, image, description, location, uid, recurrence, zone, allDay

        package var spec: ColumnSpec {
            switch self {
            case .id: ColumnSpec("id", .id, key: true)
            case .title: ColumnSpec("title", .text, required: true)
            case .person: ColumnSpec("person", .text)
            case .startsAt:
                ColumnSpec(
                    "starts_at", .instant, required: true,
                    exportExpression: "CASE WHEN all_day THEN substr(starts_at, 1, 10) ELSE starts_at END",
                    postgresExportExpression: """
                        CASE WHEN all_day = 1 THEN to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') \
                        ELSE to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') END
                        """)
            case .endsAt:
                ColumnSpec(
                    "ends_at", .instant,
                    exportExpression:
                        "CASE WHEN all_day THEN nullif(date(ends_at, '-1 day'), substr(starts_at, 1, 10)) ELSE ends_at END",
                    postgresExportExpression: """
                        CASE WHEN all_day = 1 THEN nullif(to_char((ends_at AT TIME ZONE 'UTC') - interval '1 day', \
                        'YYYY-MM-DD'), to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')) \
                        ELSE to_char(ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') END
                        """
                )
            case .image: ColumnSpec("image", .text)
            case .description: ColumnSpec("description", .text)
            case .location: ColumnSpec("location", .text)
            case .uid: ColumnSpec("uid", .text)
            case .recurrence: ColumnSpec("recurrence", .text)
            case .zone: ColumnSpec("zone", .text)
            case .allDay: ColumnSpec("all_day", .boolean)
            }
        }
    }

    /// The zone of date-times written without an offset (the user's `--tz`).
    package typealias Context = ZoneContext

    package static let kind = ImportKind.events
    package static let table = "events"
    package static let exportOrder = "id"

    /// The rules check each of the table's CHECKs (`CheckBypassTests`): a million events go in
    /// without SQLite evaluating their CHECKs again.
    package static let checkedByTheImporter = true

    /// An events file may be an iCalendar file (`CalendarRows`, `EventCalendar`).
    package static let hasCalendarFiles = true

    /// Whether an event lasts whole days follows from its start and end unless a file says so.
    package static let decidedBy: [Column: [Column]] = [.allDay: [.startsAt, .endsAt]]

    /// Seconds in a day: an all-day event's end is the midnight after its last day.
    package static let day: Int64 = 86_400

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Context) {
        row.bindOptionalID(Column.id)
        if row.requireText(Column.title) { row.bindField(Column.title) }
        row.bindField(Column.person)
        row.bindField(Column.image)
        row.bindField(Column.description)
        row.bindField(Column.location)
        row.bindField(Column.uid)
        checkRecurrence(&row, context)
        guard row.require(Column.startsAt) else { return }
        var allDay: Bool?
        if !row.isEmpty(Column.allDay) {
            guard let flag = row.boolean(Column.allDay) else { return }
            allDay = flag
        }
        switch allDay {
        case true?: checkAllDay(&row, given: true)
        case false?:
            if row.dayAlone(Column.startsAt) != nil {
                return row.fail(Column.startsAt, RuleViolation("rule.events.timed-needs-time"))
            }
            checkTimed(&row, context)
        case nil:
            if row.dayAlone(Column.startsAt) != nil {
                checkAllDay(&row, given: false)
            } else {
                checkTimed(&row, context)
            }
        }
    }

    /// An all-day event: its first and last day. The days are written alone (the last one included),
    /// or, when the file says `all_day` (Outlook's `All day event`), also as midnights, the end then
    /// the midnight after the last day as calendar programs write it.
    private static func checkAllDay<Row: RowSource>(_ row: inout Row, given: Bool) {
        row.bindInteger(Column.allDay, 1)
        guard let first = allDayDate(&row, Column.startsAt, given: given, starts: nil) else { return }
        row.bindInstant(Column.startsAt, Int64(first.day.dayNumber) * day)
        var last = first.day
        if !row.isEmpty(Column.endsAt) {
            guard let end = allDayDate(&row, Column.endsAt, given: given, starts: first.day) else { return }
            // A midnight ends the day before it, unless it is the first day's own.
            let named = end.midnight && end.day > first.day ? end.day.adding(days: -1) : end.day
            if named < first.day {
                return row.fail(
                    Column.endsAt,
                    RuleViolation(
                        "rule.events.last-day-before-first",
                        ["starts": first.day.description, "start": Column.startsAt.spec.name]))
            }
            last = named
        }
        // The end is the midnight after the last day: the field that names 9999-12-31 is at fault.
        guard last < LocalDate.last else {
            return row.fail(
                row.isEmpty(Column.endsAt) ? Column.startsAt : Column.endsAt,
                RuleViolation("rule.events.all-day-past-the-years"))
        }
        row.bindInstant(Column.endsAt, Int64(last.dayNumber) * day + day)
    }

    /// The day an all-day event's column names, and whether it was written as a midnight; fails the
    /// column for anything else.
    private static func allDayDate<Row: RowSource>(
        _ row: inout Row, _ column: Column, given: Bool, starts: LocalDate?
    ) -> (day: LocalDate, midnight: Bool)? {
        if let date = row.dayAlone(column) { return (date, false) }
        if given, let wall = row.wallTime(column) {
            if wall.second == 0 { return (wall.day, true) }
            row.fail(column, RuleViolation("rule.events.all-day-time"))
            return nil
        }
        if let starts {
            row.fail(column, RuleViolation("rule.events.all-day-end", ["starts": starts.description]))
        } else {
            _ = row.date(column)
        }
        return nil
    }

    /// A timed event: an instant, perhaps an end no earlier.
    private static func checkTimed<Row: RowSource>(_ row: inout Row, _ context: Context) {
        row.bindInteger(Column.allDay, 0)
        guard let starts = row.instant(Column.startsAt, zone: context.zone, unreadable: "rule.events.not-a-datetime")
        else { return }
        row.bindInstant(Column.startsAt, starts)
        guard !row.isEmpty(Column.endsAt) else { return row.bindNull(Column.endsAt) }
        if row.dayAlone(Column.endsAt) != nil {
            return row.fail(Column.endsAt, RuleViolation("rule.events.timed-end", ["starts": Instant.utcText(starts)]))
        }
        guard let ends = row.instant(Column.endsAt, zone: context.zone, unreadable: "rule.events.not-a-datetime") else {
            return
        }
        row.bindInstant(Column.endsAt, ends)
        if ends < starts {
            row.fail(
                Column.endsAt,
                RuleViolation(
                    "rule.events.ends-before-start",
                    [
                        "starts": Instant.utcText(starts), "ends": Instant.utcText(ends),
                        "start": Column.startsAt.spec.name,
                    ]))
        }
    }
}

extension EventKind {
    /// A recurrence is rules libical reads (`Recurrence.problem`), kept on the wall clock of a zone
    /// the tz database knows: the one given, else the user's `--tz`.
    static func checkRecurrence<Row: RowSource>(_ row: inout Row, _ context: Context) {
        if row.isEmpty(Column.recurrence) {
            row.bindNull(Column.recurrence)
        } else if let problem = Recurrence.problem(row.text(Column.recurrence)) {
            row.fail(Column.recurrence, RuleViolation(problem.key, problem.arguments))
        } else {
            row.bindText(Column.recurrence, Recurrence(row.text(Column.recurrence)).text)
        }
        if !row.isEmpty(Column.zone) {
            let name = row.text(Column.zone)
            if Zone(identifier: name) == nil {
                row.fail(Column.zone, RuleViolation("rule.events.unknown-zone", ["zone": name]))
            } else {
                row.bindText(Column.zone, name)
            }
        } else if !row.isEmpty(Column.recurrence) {
            row.bindText(Column.zone, context.zone.identifier)
        } else {
            row.bindNull(Column.zone)
        }
    }
}

/// What tells an all-day event from a timed one.
package enum EventRules {
    /// The day a field names when it is a plain `YYYY-MM-DD`, or nil (a date-time, or not a date).
    package static func day(_ bytes: UnsafeRawBufferPointer) -> LocalDate? {
        bytes.count == 10 ? LocalDate(bytes: bytes) : nil
    }
}
