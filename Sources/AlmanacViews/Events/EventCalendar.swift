import AlmanacEvents
import AlmanacICal
import AlmanacOutput
import AlmanacStore
import AlmanacText
import Foundation

/// Events written as an iCalendar file (`ICalWriter`): every event (`export events --format ics`),
/// or those a listing or an agenda shows (`--format ics`), each once, a recurring event as its rules.
/// An event that came from another calendar keeps its `UID`; one made here is named by the
/// database's prefix and its id (`almanac-PREFIX-ID`), which an import into this database reads back
/// as that event: importing the file again changes nothing.
public enum EventCalendar {
    /// Writes every event; returns how many.
    @discardableResult
    public static func export(_ database: Database, to output: OutputWriter, now: Int64) throws -> Int {
        let store = EventStore(database: database)
        var file = try File(database, output, now)
        try store.forEachStored { try file.add($0) }
        return try file.finish()
    }

    /// Writes the events with these ids (each once, in the order given); returns how many.
    @discardableResult
    public static func write(ids: [Int64], _ store: EventStore, to output: OutputWriter, now: Int64) throws -> Int {
        var file = try File(store.database, output, now)
        var seen: Set<Int64> = []
        for id in ids where seen.insert(id).inserted {
            if let event = try store.event(id: id) { try file.add(event) }
        }
        return try file.finish()
    }

    /// A file being written.
    private struct File {
        let output: OutputWriter
        let prefix: String
        var writer: ICalWriter
        var count = 0

        init(_ database: Database, _ output: OutputWriter, _ now: Int64) throws {
            self.output = output
            prefix = try database.scalar("SELECT uid_prefix FROM calendar_identity WHERE id = 1")?.textValue ?? "0"
            writer = ICalWriter(stamp: now)
            try output.write(ICalWriter.header)
        }

        mutating func add(_ event: Event) throws {
            let start: ICalMoment = event.allDay ? .day(event.days.first) : .instant(event.startsAt)
            let end: ICalMoment? =
                event.allDay
                ? (event.days.last > event.days.first ? .day(event.days.last) : nil)
                : event.endsAt.map { .instant($0) }
            let entry = ICalWriter.Entry(
                uid: event.uid ?? "almanac-\(prefix)-\(event.id)", summary: event.title, person: event.person,
                description: event.description, location: event.location, start: start, end: end,
                zone: event.zone, recurrence: event.recurrence.map { Recurrence($0).lines } ?? [])
            try output.write(writer.event(entry))
            count += 1
        }

        mutating func finish() throws -> Int {
            try output.write(writer.footer())
            try output.flush()
            return count
        }
    }
}
