import AlmanacKinds
import AlmanacText
import Foundation

/// A holiday's advent calendar as stored: its words, colour and picture, and its doors.
public struct Holiday: Sendable, Equatable {
    /// The key used in commands (`christmas`).
    public let key: String
    /// The title shown (`Christmas`).
    public let title: String
    /// The colour as `#RRGGBB`, or nil.
    public let color: String?
    /// The picture's file name, or nil.
    public let image: String?
    /// The greeting of the big reveal, or nil.
    public let greeting: String?
    /// The day door 1 opens (door N opens on day N), or nil when doors wait only for their turn.
    public let firstDay: LocalDate?

    /// Creates a holiday.
    public init(
        key: String, title: String, color: String?, image: String?, greeting: String?, firstDay: LocalDate? = nil
    ) {
        self.key = key
        self.title = title
        self.color = color
        self.image = image
        self.greeting = greeting
        self.firstDay = firstDay
    }
}

/// One door of a calendar.
public struct Door: Sendable, Equatable {
    /// Its number, 1 to 24.
    public let number: Int
    /// What is behind it.
    public let surprise: String
    /// When it was opened, or nil while closed.
    public let openedAt: Date?

    /// Creates a door.
    public init(number: Int, surprise: String, openedAt: Date?) {
        self.number = number
        self.surprise = surprise
        self.openedAt = openedAt
    }

    /// True once opened.
    public var isOpen: Bool { openedAt != nil }
}

/// A calendar as one command sees it: the holiday, its doors in order, and test mode.
public struct CalendarView: Sendable {
    /// The holiday.
    public let holiday: Holiday
    /// Its doors, by number.
    public let doors: [Door]
    /// Whether doors open in any order.
    public let testMode: Bool

    /// Creates a view.
    public init(holiday: Holiday, doors: [Door], testMode: Bool) {
        self.holiday = holiday
        self.doors = doors
        self.testMode = testMode
    }

    /// The door numbers the calendar has.
    public var numbers: Set<Int> { Set(doors.map(\.number)) }
    /// The numbers of the open doors.
    public var opened: Set<Int> { Set(doors.filter(\.isOpen).map(\.number)) }
    /// The next door to open, nil when all are open.
    public var next: Int? { DoorOrder.next(doors: numbers, opened: opened) }
    /// The door with a number, if the calendar has it.
    public func door(_ number: Int) -> Door? { doors.first { $0.number == number } }
}
