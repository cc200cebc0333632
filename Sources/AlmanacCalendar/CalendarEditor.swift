import AlmanacKinds
import AlmanacStore
import AlmanacText

/// Adds, changes and deletes holidays and their doors, each row checked by its kind's rules exactly
/// as an import's row is (`HolidayKind`, `DoorKind`, through `KindWriter`). What it did comes back
/// as a `RowChange` to print.
public struct CalendarEditor {
    /// A holiday's fields as given on the command line; nil leaves a field as it is, "" clears an
    /// optional one.
    public struct HolidayFields: Sendable {
        public var title: String?
        public var color: String?
        public var image: String?
        public var greeting: String?
        /// The first day, `YYYY-MM-DD` (`--starts`).
        public var firstDay: String?

        /// Fields to set.
        public init(
            title: String? = nil, color: String? = nil, image: String? = nil, greeting: String? = nil,
            firstDay: String? = nil
        ) {
            self.title = title
            self.color = color
            self.image = image
            self.greeting = greeting
            self.firstDay = firstDay
        }

        /// True when no field is given.
        public var isEmpty: Bool { texts.isEmpty }

        /// The fields given, as the columns' text.
        package var texts: [HolidayKind.Column: String?] {
            var texts: [HolidayKind.Column: String?] = [:]
            for (column, text) in [
                (HolidayKind.Column.title, title), (.color, color), (.image, image), (.greeting, greeting),
                (.firstDay, firstDay),
            ] {
                if let text { texts[column] = text }
            }
            return texts
        }
    }

    /// How the commands name the columns in messages.
    package static let holidayLabels: [HolidayKind.Column: String] = [
        .key: KindWriter<HolidayKind>.argument, .title: "--title", .color: "--holiday-color", .image: "--image",
        .greeting: "--greeting", .firstDay: "--starts",
    ]
    package static let doorLabels: [DoorKind.Column: String] = [
        .holiday: KindWriter<DoorKind>.argument, .door: KindWriter<DoorKind>.argument, .surprise: "--surprise",
    ]

    /// The connection.
    package let database: Database

    /// An editor of an open database.
    public init(database: Database) {
        self.database = database
    }

    private var holidays: KindWriter<HolidayKind> { KindWriter(database, labels: Self.holidayLabels) }
    private var doors: KindWriter<DoorKind> { KindWriter(database, labels: Self.doorLabels) }

    /// Adds a holiday; a key that exists is refused (exit 65), naming it.
    public func addHoliday(_ key: String, _ fields: HolidayFields) throws -> RowChange {
        try database.transaction(.immediate) {
            if try holidays.fileForm(key: [.text(key)]) != nil {
                throw AlmanacError(.invalidData, "calendar.error.holiday-exists", ["holiday": key])
            }
            var texts = fields.texts
            texts[.key] = key
            try holidays.insert(texts, ())
            return try holidayChange(key, "calendar.holiday.added")
        }
    }

    /// Changes the given fields of a holiday; an unknown key is exit 66.
    public func editHoliday(_ key: String, _ fields: HolidayFields) throws -> RowChange {
        try database.transaction(.immediate) {
            guard try holidays.update(key: [.text(key)], changes: fields.texts, ()) != nil else {
                throw try unknown(key)
            }
            return try holidayChange(key, "calendar.holiday.updated")
        }
    }

    /// The holiday about to be deleted, with the question to ask first; an unknown key is exit 66.
    public func holidayToDelete(_ key: String, localizer: Localizer) throws -> (change: RowChange, question: String) {
        let change = try holidayChange(key, "calendar.holiday.deleted")
        return (change, localizer("calendar.holiday.delete.question", change.arguments))
    }

    /// Deletes a holiday and its doors (their foreign key cascades); the selection, if it was this
    /// holiday, is cleared. An unknown key is exit 66.
    public func deleteHoliday(_ key: String) throws -> RowChange {
        try database.transaction(.immediate) {
            let change = try holidayChange(key, "calendar.holiday.deleted")
            _ = try holidays.delete(key: [.text(key)])
            return change
        }
    }

    /// Adds door `number` of a holiday with a surprise, or changes the surprise of the door that is
    /// there (keeping when it was opened). An unknown holiday is exit 66.
    public func setDoor(_ holiday: String, _ number: String, surprise: String) throws -> RowChange {
        try database.transaction(.immediate) {
            guard try holidays.fileForm(key: [.text(holiday)]) != nil else { throw try unknown(holiday) }
            let checked = try doors.checked([.holiday: holiday, .door: number, .surprise: surprise], .init(zone: .utc))
            let key = [checked[DoorKind.Column.holiday.rawValue], checked[DoorKind.Column.door.rawValue]]
            if try doors.update(key: key, changes: [.surprise: surprise], .init(zone: .utc)) == nil {
                try doors.insert([.holiday: holiday, .door: number, .surprise: surprise], .init(zone: .utc))
                return try doorChange(key, "calendar.door.added")
            }
            return try doorChange(key, "calendar.door.updated")
        }
    }

    /// Deletes door `number` of a holiday; an unknown holiday or door is exit 66.
    public func deleteDoor(_ holiday: String, _ number: String) throws -> RowChange {
        try database.transaction(.immediate) {
            guard try holidays.fileForm(key: [.text(holiday)]) != nil else { throw try unknown(holiday) }
            let checked = try doors.checked([.holiday: holiday, .door: number, .surprise: "-"], .init(zone: .utc))
            let key = [checked[DoorKind.Column.holiday.rawValue], checked[DoorKind.Column.door.rawValue]]
            let change = try doorChange(key, "calendar.door.deleted")
            _ = try doors.delete(key: key)
            return change
        }
    }

    /// The holiday's row as a change to print; an unknown key is exit 66.
    private func holidayChange(_ key: String, _ sentence: String) throws -> RowChange {
        guard
            let row = try database.rows(
                "SELECT \(HolidayKind.sqlList(HolidayKind.Column.allCases)) FROM holidays WHERE key = ?1",
                [.text(key)]
            ).first
        else { throw try unknown(key) }
        let doors = try database.scalar("SELECT count(*) FROM doors WHERE holiday = ?1", [.text(key)])?.textValue ?? "0"
        let title = row[HolidayKind.Column.title.rawValue].textValue ?? ""
        return RowChange(
            HolidayKind.self, sentence, ["holiday": key, "title": TerminalText.escaped(title, .cell), "doors": doors],
            values: row)
    }

    /// The door's row as a change to print; an unknown door is exit 66.
    private func doorChange(_ key: [SQLValue], _ sentence: String) throws -> RowChange {
        let holiday = key[0].textValue ?? ""
        let number = key[1].textValue ?? ""
        guard
            let row = try database.rows(
                "SELECT \(DoorKind.sqlList(DoorKind.Column.allCases)) FROM doors WHERE holiday = ?1 AND door = ?2",
                key
            ).first
        else { throw AlmanacError.notFound("calendar.error.no-such-door", ["holiday": holiday, "door": number]) }
        let surprise = row[DoorKind.Column.surprise.rawValue].textValue ?? ""
        return RowChange(
            DoorKind.self, sentence,
            ["holiday": holiday, "door": number, "surprise": TerminalText.escaped(surprise, .cell)],
            values: row)
    }

    /// The error for a holiday that is not there, listing those that are.
    private func unknown(_ key: String) throws -> AlmanacError {
        let keys = try database.rows("SELECT key FROM holidays ORDER BY key").compactMap { $0.first?.textValue }
        if keys.isEmpty { return AlmanacError.notFound("calendar.error.no-holidays") }
        return AlmanacError.notFound(
            "calendar.error.unknown-holiday", ["holiday": key, "holidays": keys.joined(separator: ", ")])
    }
}
