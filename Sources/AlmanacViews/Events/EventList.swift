import AlmanacEvents
import AlmanacKinds
import AlmanacOutput
import AlmanacText

public enum EventList {
    /// The columns: id, start and end (days for an all-day event, instants otherwise), whether it
    /// fills whole days, title and person.
    package static let columns: [EventKind.Column] = [.id, .startsAt, .endsAt, .allDay, .title, .person]

    /// Writes the events `filter` keeps, in the renderer's format, as they are read.
    public static func write(
        _ store: EventStore, filter: EventFilter, zone: Zone, renderer: Renderer, to output: OutputWriter
    ) throws {
        let t = renderer.localizer
        let head = Table.Head(
            columns: columns.map { Table.Column(key: $0.spec.jsonKey, title: t("column." + $0.spec.name)) },
            summaryUnit: "unit.event", empty: filter.emptySentence(t))
        let writer = try renderer.writer(head, to: output)
        try store.forEachEvent(filter, zone: zone, localizer: t) { event in
            try writer.row(columns.map { cell(event, $0) })
        }
        try writer.finish()
    }

    /// An event's value in a column: an all-day event's days as days.
    package static func cell(_ event: Event, _ column: EventKind.Column) -> Table.Cell {
        guard event.allDay else { return Agenda.cell(event, column) }
        switch column {
        case .startsAt: return .date(event.days.first)
        case .endsAt: return .date(event.days.last)
        default: return Agenda.cell(event, column)
        }
    }
}
