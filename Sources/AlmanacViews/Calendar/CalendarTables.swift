import AlmanacCalendar
import AlmanacKinds
import AlmanacOutput
import AlmanacText

/// The calendar's rows as `Table`s, for every output format: the list of holidays, and a calendar's
/// doors, which its grid and its picture show.
public enum CalendarTables {
    /// The holidays with `✓` on the selected one (`true`/`false` for machines), their colour and
    /// progress.
    public static func holidays(
        _ summaries: [AdventCalendar.Summary], selected: String?, for audience: Audience,
        localizer t: Localizer
    ) -> Table {
        let human = audience == .people
        let columns = [
            Table.Column(key: "selected", title: t("calendar.column.selected"), alignment: .left),
            Table.Column(key: "holiday", title: t("column.holiday")),
            Table.Column(key: "title", title: t("column.title")),
            Table.Column(key: "color", title: t("column.color")),
            Table.Column(key: "image", title: t("column.image")),
            Table.Column(key: "opened", title: t("column.opened")),
            Table.Column(key: "next_door", title: t("column.next_door")),
        ]
        let rows: [[Table.Cell]] = summaries.map { summary in
            let isSelected = summary.holiday.key == selected
            return [
                human ? (isSelected ? .text("✓") : .null) : .bool(isSelected),
                .text(summary.holiday.key), .text(summary.holiday.title),
                summary.holiday.color.map(Table.Cell.text) ?? .null,
                summary.holiday.image.map(Table.Cell.text) ?? .null,
                human
                    ? .text(
                        t("calendar.opened-of", ["opened": String(summary.opened), "total": String(summary.doors)]))
                    : .integer(Int64(summary.opened)),
                summary.next.map { .identifier(Int64($0)) } ?? .null,
            ]
        }
        return Table(columns: columns, rows: rows, summaryUnit: "unit.holiday", empty: Table.Sentence("calendar.none"))
    }

    /// The holidays for people, and for machines when asked.
    public static func holidays(_ summaries: [AdventCalendar.Summary], selected: String?, localizer t: Localizer)
        -> Page
    {
        Page(
            sections: [.table(holidays(summaries, selected: selected, for: .people, localizer: t))],
            machines: { holidays(summaries, selected: selected, for: .machines, localizer: t) })
    }

    /// A calendar: its doors as rows, drawn as `grid` on a terminal and as its picture on a page
    /// titled with the holiday; with `doorForm`, each door of the picture is a button of that form.
    /// `caption` (the days its doors open on) comes first where captions are shown.
    public static func calendar(
        _ view: CalendarView, grid: @escaping () -> String, doorForm: String? = nil, caption: String? = nil,
        localizer t: Localizer
    ) -> Page {
        Page(
            title: view.holiday.title,
            sections: (caption.map { [Page.Section.caption($0)] } ?? []) + [
                .table(
                    doors(view, localizer: t),
                    picture: Picture(
                        terminal: grid,
                        svg: { CalendarPicture(view: view, localizer: t, doorForm: doorForm).figure(id: "calendar") },
                        style: doorForm == nil ? nil : { CalendarPicture.doorButtonStyle }))
            ])
    }

    /// A door's state as a tag: open, next, closed.
    public static func status(of door: Door, in view: CalendarView, localizer t: Localizer) -> Table.Tag {
        if door.isOpen {
            return Table.Tag(value: "open", label: t("calendar.status.open"), symbol: "✓", role: .success)
        }
        if view.next == door.number {
            return Table.Tag(value: "next", label: t("calendar.status.next"), symbol: "★", role: .warning)
        }
        return Table.Tag(value: "closed", label: t("calendar.status.closed"))
    }

    /// A calendar's doors, one row each; a closed door's surprise stays hidden.
    public static func doors(_ view: CalendarView, localizer t: Localizer) -> Table {
        let rows: [[Table.Cell]] = view.doors.map { door in
            [
                .text(view.holiday.key), .identifier(Int64(door.number)),
                .tag(status(of: door, in: view, localizer: t)),
                door.isOpen ? .text(door.surprise) : .null, door.openedAt.map(Table.Cell.instant) ?? .null,
            ]
        }
        return Table(columns: doorColumns(t), rows: rows, summaryUnit: "unit.door")
    }

    /// The door `open` opened (or found open), with the greeting when it is the big reveal. Its status
    /// is the door's state as `show` words it (`open`); `already_open` tells whether this run opened it.
    public static func opened(_ door: Door, of holiday: Holiday, already: Bool, localizer t: Localizer) -> Table {
        let status =
            already
            ? Table.Tag(value: "open", label: t("calendar.status.already-open"), symbol: "✓")
            : Table.Tag(value: "open", label: t("calendar.status.opened"), symbol: "✓", role: .success)
        let greeting: Table.Cell =
            DoorOrder.isReveal(door.number) ? holiday.greeting.map(Table.Cell.text) ?? .null : .null
        let columns =
            doorColumns(t) + [
                Table.Column(key: "already_open", title: t("column.already_open")),
                Table.Column(key: "greeting", title: t("column.greeting")),
            ]
        return Table(
            columns: columns,
            rows: [
                [
                    .text(holiday.key), .identifier(Int64(door.number)), .tag(status), .text(door.surprise),
                    door.openedAt.map(Table.Cell.instant) ?? .null, .bool(already), greeting,
                ]
            ],
            summaryUnit: nil)
    }

    private static func doorColumns(_ t: Localizer) -> [Table.Column] {
        [
            Table.Column(key: "holiday", title: t("column.holiday")),
            Table.Column(key: "door", title: t("column.door")),
            Table.Column(key: "status", title: t("column.status")),
            Table.Column(key: "surprise", title: t("column.surprise")),
            Table.Column(key: "opened_at", title: t("column.opened_at")),
        ]
    }
}
