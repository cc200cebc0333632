import AlmanacKinds
import AlmanacStore
import AlmanacText
import Foundation

/// The advent calendars in the database: which holiday is selected, test mode, and opening,
/// closing and resetting doors by the rules of `DoorOrder`.
public final class AdventCalendar {
    /// What `open` did.
    public enum OpenResult: Equatable, Sendable {
        /// The door opened; `reveal` when it was the last door.
        case opened(Door, reveal: Bool)
        /// The door was open already.
        case alreadyOpen(Door)
        /// Out of order outside test mode: nothing opened; `next` is the door to open first.
        case refused(door: Int, next: Int)
        /// Before its day (a holiday with a first day) outside test mode: nothing opened.
        case tooEarly(door: Int, opensOn: LocalDate)
    }

    private let database: Database

    /// The calendars of an open database.
    public init(database: Database) {
        self.database = database
    }

    /// Every holiday, by key.
    public func holidays() throws -> [Holiday] {
        try database.rows("SELECT key, title, color, image, greeting, first_day FROM holidays ORDER BY key").map {
            row in
            Holiday(
                key: row[0].textValue ?? "", title: row[1].textValue ?? "", color: row[2].textValue,
                image: row[3].textValue, greeting: row[4].textValue, firstDay: row[5].textValue.flatMap(LocalDate.init))
        }
    }

    /// A holiday with its progress, for the list of holidays.
    public struct Summary: Sendable, Equatable {
        /// The holiday.
        public let holiday: Holiday
        /// How many doors it has.
        public let doors: Int
        /// How many are open.
        public let opened: Int
        /// The next door to open, nil when all are open.
        public let next: Int?
    }

    /// Every holiday with its progress, by key.
    public func summaries() throws -> [Summary] {
        let counts = try database.rows(
            """
            SELECT holiday, count(*), count(opened_at), min(CASE WHEN opened_at IS NULL THEN door END)
            FROM doors GROUP BY holiday
            """)
        var byKey: [String: (Int, Int, Int?)] = [:]
        for row in counts {
            byKey[row[0].textValue ?? ""] = (
                Int(row[1].textValue ?? "0") ?? 0, Int(row[2].textValue ?? "0") ?? 0,
                row[3].textValue.flatMap { Int($0) }
            )
        }
        return try holidays().map { holiday in
            let count = byKey[holiday.key] ?? (0, 0, nil)
            return Summary(holiday: holiday, doors: count.0, opened: count.1, next: count.2)
        }
    }

    /// The selected holiday's key, or nil.
    public func selectedKey() throws -> String? {
        try database.scalar("SELECT selected_holiday FROM calendar_state WHERE id = 1")?.textValue
    }

    /// True when doors open in any order.
    public func isTestMode() throws -> Bool {
        try database.scalar("SELECT test_mode FROM calendar_state WHERE id = 1") == .integer(1)
    }

    /// The holiday `key` names, or the selected one when `key` is nil, or the only one when there
    /// is one and none is selected (there is nothing to choose). Errors list the holidays.
    public func holiday(_ key: String?) throws -> Holiday {
        let all = try holidays()
        guard !all.isEmpty else { throw AlmanacError.notFound("calendar.error.no-holidays") }
        let names = all.map(\.key).joined(separator: ", ")
        guard let wanted = try key ?? selectedKey() ?? (all.count == 1 ? all[0].key : nil) else {
            throw AlmanacError(.usage, "calendar.error.no-selection", ["holidays": names])
        }
        guard let holiday = all.first(where: { $0.key == wanted }) else {
            throw AlmanacError.notFound("calendar.error.unknown-holiday", ["holiday": wanted, "holidays": names])
        }
        return holiday
    }

    /// Makes `key` the selected holiday.
    @discardableResult
    public func select(_ key: String) throws -> Holiday {
        let holiday = try holiday(key)
        try database.run("UPDATE calendar_state SET selected_holiday = ? WHERE id = 1", [.text(holiday.key)])
        return holiday
    }

    /// The calendar of a holiday (nil: the selected one), with its doors and test mode.
    public func view(_ key: String?) throws -> CalendarView {
        let holiday = try holiday(key)
        let doors = try database.rows(
            "SELECT door, surprise, opened_at FROM doors WHERE holiday = ? ORDER BY door",
            [.text(holiday.key)]
        ).map { row in
            Door(
                number: row[0].textValue.flatMap { Int($0) } ?? 0, surprise: row[1].textValue ?? "",
                openedAt: row[2].textValue.flatMap(Instant.parse))
        }
        return CalendarView(holiday: holiday, doors: doors, testMode: try isTestMode())
    }

    /// Tries to open a door at `moment`, by `DoorOrder`; records `opened_at` when it opens. `today`
    /// is the day in the commands' zone (`--today`, else the clock in `--tz`), which a holiday's first
    /// day is compared with; nil compares the day `moment` falls on in UTC.
    public func open(_ number: Int, of key: String?, at moment: Date, today: LocalDate? = nil) throws -> OpenResult {
        try database.transaction {
            let calendar = try view(key)
            switch DoorOrder.attempt(
                number, doors: calendar.numbers, opened: calendar.opened, testMode: calendar.testMode,
                firstDay: calendar.holiday.firstDay, today: today ?? LocalDate(moment, in: .utc))
            {
            case .missing:
                throw AlmanacError(
                    .invalidData, "calendar.error.missing-door",
                    ["door": String(number), "holiday": calendar.holiday.key])
            case .alreadyOpen:
                return .alreadyOpen(calendar.door(number)!)
            case .notReady(let next):
                return .refused(door: number, next: next)
            case .tooEarly(let day):
                return .tooEarly(door: number, opensOn: day)
            case .opens:
                let stamp = Instant.format(moment)
                try database.run(
                    "UPDATE doors SET opened_at = ? WHERE holiday = ? AND door = ?",
                    [.text(stamp), .text(calendar.holiday.key), .integer(Int64(number))])
                let door = Door(
                    number: number, surprise: calendar.door(number)!.surprise, openedAt: Instant.parse(stamp))
                return .opened(door, reveal: DoorOrder.isReveal(number))
            }
        }
    }

    /// Closes every door of a holiday (nil: the selected one); returns how many were open.
    @discardableResult
    public func reset(_ key: String?) throws -> Int {
        let holiday = try holiday(key)
        try database.run(
            "UPDATE doors SET opened_at = NULL WHERE holiday = ? AND opened_at IS NOT NULL", [.text(holiday.key)])
        return database.changes
    }

    /// What switching test mode did.
    public struct TestModeChange: Equatable, Sendable {
        /// Test mode before.
        public let wasOn: Bool
        /// Test mode now.
        public let isOn: Bool
        /// Doors closed by leaving test mode (of every holiday).
        public let closedDoors: Int
    }

    /// Turns test mode on or off. Leaving it closes every door of every calendar without asking:
    /// doors opened out of order must not stay open once the order counts again.
    public func setTestMode(_ on: Bool) throws -> TestModeChange {
        try database.transaction {
            let wasOn = try isTestMode()
            try database.run("UPDATE calendar_state SET test_mode = ? WHERE id = 1", [.integer(on ? 1 : 0)])
            var closed = 0
            if wasOn && !on {
                try database.run("UPDATE doors SET opened_at = NULL WHERE opened_at IS NOT NULL")
                closed = database.changes
            }
            return TestModeChange(wasOn: wasOn, isOn: on, closedDoors: closed)
        }
    }
}
