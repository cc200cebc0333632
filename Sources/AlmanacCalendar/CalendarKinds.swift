import AlmanacKinds
import AlmanacStore
import AlmanacText

/// The calendars' kinds.
extension ImportKind {
    /// `holidays` (`HolidayKind`).
    public static let holidays = ImportKind(rawValue: "holidays")
    /// `doors` (`DoorKind`).
    public static let doors = ImportKind(rawValue: "doors")
    /// `calendar-state` (`CalendarStateKind`).
    public static let calendarState = ImportKind(rawValue: "calendar-state")
}

/// `holidays`: an advent calendar's holiday. Its key is how commands name it (`a-z`, `0-9`, `-`); its
/// colour is `#RRGGBB`; its first day, if any, the day door 1 opens (`DoorOrder`).
package enum HolidayKind: KindDefinition {
    package enum Column: Int, KindColumn {
        case key, title, color, image, greeting, firstDay

        package var spec: ColumnSpec {
            switch self {
            case .key: ColumnSpec("key", .text, required: true, key: true, jsonKey: "holiday")
            case .title: ColumnSpec("title", .text, required: true)
            case .color: ColumnSpec("color", .text)
            case .image: ColumnSpec("image", .text)
            case .greeting: ColumnSpec("greeting", .text)
            case .firstDay: ColumnSpec("first_day", .date, jsonKey: "starts_on")
            }
        }
    }

    package static let kind = ImportKind.holidays
    package static let table = "holidays"

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Void) {
        row.bindHolidayKey(Column.key)
        if row.requireText(Column.title) { row.bindField(Column.title) }
        if !row.isEmpty(Column.color) && !row.withBytes(Column.color.rawValue, CalendarRules.isColor) {
            row.fail(Column.color, RuleViolation("rule.calendar.color"))
        }
        row.bindField(Column.color)
        row.bindField(Column.image)
        row.bindField(Column.greeting)
        if !row.isEmpty(Column.firstDay), let day = row.date(Column.firstDay) { row.bindDay(Column.firstDay, day) }
    }
}

/// `doors`: door 1 to 24 of a holiday that exists (its foreign key checks that, so a holiday imported
/// earlier in the same run counts), what is behind it, and when it was opened (empty while closed).
package enum DoorKind: KindDefinition {
    package enum Column: Int, KindColumn {
        case holiday, door, surprise, openedAt

        package var spec: ColumnSpec {
            switch self {
            case .holiday: ColumnSpec("holiday", .text, required: true, key: true)
            case .door: ColumnSpec("door", .integer, required: true, key: true)
            case .surprise: ColumnSpec("surprise", .text, required: true)
            case .openedAt: ColumnSpec("opened_at", .instant)
            }
        }
    }

    /// The zone of an opening time written without an offset.
    package typealias Context = ZoneContext

    package static let kind = ImportKind.doors
    package static let table = "doors"
    package static let exportOrder = "holiday, door"
    package static let refersTo = [ImportKind.holidays]

    /// A door that is there already, or of a holiday that is not.
    package static func refusal(_ constraint: DatabaseError.Constraint, field: (Int) -> String, database: Database)
        -> RowRefusal?
    {
        switch constraint {
        case .primaryKey: RowRefusal(Column.door, "import.error.door-exists", ["holiday": field(Column.holiday.index)])
        case .foreignKey: RowRefusal(Column.holiday, "import.error.unknown-holiday")
        default: nil
        }
    }

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Context) {
        row.bindHolidayKey(Column.holiday)
        if row.require(Column.door) {
            switch CalendarRules.door(row.text(Column.door)) {
            case .success(let door): row.bindInteger(Column.door, Int64(door))
            case .failure(let violation): row.fail(Column.door, violation)
            }
        }
        if row.requireText(Column.surprise) { row.bindField(Column.surprise) }
        if !row.isEmpty(Column.openedAt), let opened = row.instant(Column.openedAt, zone: context.zone) {
            row.bindInstant(Column.openedAt, opened)
        }
    }
}

/// `calendar-state`: the one row of the calendars' state: the selected holiday (empty for none) and
/// whether test mode is on. It has no key column: every row is the one row, so a file holds one.
package enum CalendarStateKind: KindDefinition {
    package enum Column: Int, KindColumn {
        case id, selectedHoliday, testMode

        package var spec: ColumnSpec {
            switch self {
            case .id: ColumnSpec("id", .integer, key: true, inFile: false)
            case .selectedHoliday: ColumnSpec("selected_holiday", .text, jsonKey: "selected")
            case .testMode: ColumnSpec("test_mode", .boolean, emptyMeans: "false")
            }
        }
    }

    package static let kind = ImportKind.calendarState
    package static let table = "calendar_state"
    package static let refersTo = [ImportKind.holidays]

    /// The one row as the schema makes it: no holiday selected, test mode off.
    package static let reference: ReferenceRows? = ReferenceRows([
        FieldValues.check(CalendarStateKind.self, [:], ()).values
    ])

    /// A second row of the state, or a holiday that is not there.
    package static func refusal(_ constraint: DatabaseError.Constraint, field: (Int) -> String, database: Database)
        -> RowRefusal?
    {
        switch constraint {
        case .primaryKey: RowRefusal(Column.selectedHoliday, "import.error.state-exists")
        case .foreignKey: RowRefusal(Column.selectedHoliday, "import.error.unknown-holiday")
        default: nil
        }
    }

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Void) {
        row.bindInteger(Column.id, 1)
        if !row.isEmpty(Column.selectedHoliday)
            && !row.withBytes(Column.selectedHoliday.rawValue, CalendarRules.isHolidayKey)
        {
            row.fail(Column.selectedHoliday, RuleViolation("rule.calendar.key"))
        }
        row.bindField(Column.selectedHoliday)
        if row.isEmpty(Column.testMode) {
            row.bindInteger(Column.testMode, 0)
        } else if let on = row.boolean(Column.testMode) {
            row.bindInteger(Column.testMode, on ? 1 : 0)
        }
    }
}

extension RowSource {
    /// Binds a required holiday key (`a-z`, `0-9` and `-`), or fails the column.
    package mutating func bindHolidayKey(_ column: some ColumnIndex) {
        guard require(column) else { return }
        if withBytes(column.index, CalendarRules.isHolidayKey) {
            bindField(column)
        } else {
            fail(column, RuleViolation("rule.calendar.key"))
        }
    }
}
