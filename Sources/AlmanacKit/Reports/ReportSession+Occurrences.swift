import AlmanacEvents
import AlmanacOutput
import AlmanacStore
import AlmanacText

/// What a report declaring `-- occurrences: FROM DAYS` reads besides the stored rows: a recurring event
/// is stored once, as its first occurrence, so SQL alone counts it once. The session expands the rules
/// for the report's days (as `events agenda` does) and binds them to `:occurrences` as JSON:
///
/// ```json
/// {"hidden": [7], "occurrences": [{"id": 3, "title": "Choir", "starts_at": "2026-02-09T18:00:00Z",
///  "ends_at": "2026-02-09T20:00:00Z", "all_day": false}]}
/// ```
/// `occurrences` are those after the first, `hidden` the events whose stored first occurrence an
/// `EXDATE` takes away. SQLite reads it with `json_each`, PostgreSQL with `jsonb_to_recordset`.
extension ReportSession {
    /// The JSON for the days from `from` (a date) for `days` days in `zone`; none for days that are not.
    static func occurrences(_ database: Database, from: SQLValue?, days: SQLValue?, zone: Zone) throws -> String {
        guard case .text(let text)? = from, let first = LocalDate(text), case .integer(let count)? = days,
            count > 0
        else { return #"{"hidden": [], "occurrences": []}"# }
        // Past the last day the years hold, the range ends there.
        let end = min(Int64(first.dayNumber) + min(count, 4_000_000), Int64(LocalDate.last.dayNumber) + 1)
        let found = try EventStore(database: database).repeats(
            from: zone.instant(wall: Int64(first.dayNumber) * 86_400), to: zone.instant(wall: end * 86_400),
            withDescriptions: false)
        let listed = found.occurrences.map { event in
            "{\"id\": \(event.id), \"title\": \(Renderer.jsonString(event.title)), \"starts_at\": \""
                + Instant.utcText(event.startsAt) + "\", \"ends_at\": "
                + (event.endsAt.map { "\"" + Instant.utcText($0) + "\"" } ?? "null") + ", \"all_day\": \(event.allDay)}"
        }
        return "{\"hidden\": [" + found.hidden.sorted().map(String.init).joined(separator: ", ")
            + "], \"occurrences\": [" + listed.joined(separator: ",\n") + "]}"
    }
}
