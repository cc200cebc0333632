import Foundation
import Testing

@testable import AlmanacCalendar
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// The calendar's rules on a real database: door order, test mode and leaving it, reset, door 24.
@Suite struct AdventCalendarTests {
    static let moment = Instant.parse("2025-12-22T09:15:00Z")!

    static func opened(_ calendar: AdventCalendar, _ key: String) throws -> [Int] {
        try calendar.view(key).doors.filter(\.isOpen).map(\.number)
    }

    /// A step of a scenario and what must hold after it.
    enum Step: Sendable {
        case open(String, Int, expect: String)
        case testMode(Bool, closed: Int)
        case reset(String, closed: Int)
        case openDoors(String, [Int])
    }

    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let steps: [Step]
        let christmas: [Int]
        let hanukkah: [Int]
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(
            name: "in order",
            steps: [.open("christmas", 1, expect: "opened"), .open("christmas", 2, expect: "opened")],
            christmas: [1, 2], hanukkah: []),
        Scenario(
            name: "out of order is refused and opens nothing",
            steps: [
                .open("christmas", 1, expect: "opened"), .open("christmas", 7, expect: "refused 2"),
                .open("christmas", 24, expect: "refused 2"),
            ],
            christmas: [1], hanukkah: []),
        Scenario(
            name: "an open door stays open",
            steps: [.open("christmas", 1, expect: "opened"), .open("christmas", 1, expect: "already")],
            christmas: [1], hanukkah: []),
        Scenario(
            name: "test mode opens any door",
            steps: [
                .testMode(true, closed: 0), .open("christmas", 7, expect: "opened"),
                .open("christmas", 3, expect: "opened"),
                .open("hanukkah", 24, expect: "reveal"),
            ],
            christmas: [3, 7], hanukkah: [24]),
        Scenario(
            name: "leaving test mode closes every door of every calendar",
            steps: [
                .openDoors("christmas", [1, 2]), .testMode(true, closed: 0), .open("christmas", 9, expect: "opened"),
                .open("hanukkah", 5, expect: "opened"), .testMode(false, closed: 4),
            ],
            christmas: [], hanukkah: []),
        Scenario(
            name: "turning test mode off when it is off closes nothing",
            steps: [.openDoors("christmas", [1, 2]), .testMode(false, closed: 0)], christmas: [1, 2], hanukkah: []),
        Scenario(
            name: "after test mode the order counts again",
            steps: [
                .testMode(true, closed: 0), .open("christmas", 5, expect: "opened"), .testMode(false, closed: 1),
                .open("christmas", 5, expect: "refused 1"), .open("christmas", 1, expect: "opened"),
            ],
            christmas: [1], hanukkah: []),
        Scenario(
            name: "reset closes one calendar only",
            steps: [
                .openDoors("christmas", [1, 2, 3]), .openDoors("hanukkah", [1]), .reset("christmas", closed: 3),
                .open("christmas", 2, expect: "refused 1"),
            ],
            christmas: [], hanukkah: [1]),
        Scenario(
            name: "door 24 in order is the big reveal",
            steps: [.openDoors("christmas", Array(1...23)), .open("christmas", 24, expect: "reveal")],
            christmas: Array(1...24), hanukkah: []),
    ]

    @Test(arguments: scenarios)
    func scenario(_ scenario: Scenario) throws {
        let sample = try SampleDatabase()
        let calendar = AdventCalendar(database: sample.database)
        for step in scenario.steps {
            switch step {
            case .open(let key, let door, let expected):
                let result = try calendar.open(door, of: key, at: Self.moment)
                switch result {
                case .opened(let opened, let reveal):
                    #expect(expected == (reveal ? "reveal" : "opened"), "door \(door): \(result)")
                    #expect(opened.openedAt == Self.moment)
                case .alreadyOpen: #expect(expected == "already", "door \(door): \(result)")
                case .refused(_, let next): #expect(expected == "refused \(next)", "door \(door): \(result)")
                case .tooEarly(_, let day): #expect(expected == "too early \(day)", "door \(door): \(result)")
                }
            case .testMode(let on, let closed):
                let change = try calendar.setTestMode(on)
                #expect(change.closedDoors == closed)
                #expect(try calendar.isTestMode() == on)
            case .reset(let key, let closed):
                #expect(try calendar.reset(key) == closed)
            case .openDoors(let key, let doors):
                for door in doors { _ = try calendar.open(door, of: key, at: Self.moment) }
            }
        }
        #expect(try Self.opened(calendar, "christmas") == scenario.christmas)
        #expect(try Self.opened(calendar, "hanukkah") == scenario.hanukkah)
    }

    @Test func aRefusalChangesNothingInTheDatabase() throws {
        let sample = try SampleDatabase()
        let calendar = AdventCalendar(database: sample.database)
        _ = try calendar.open(1, of: "christmas", at: Self.moment)
        let before = try sample.database.rows("SELECT * FROM doors ORDER BY holiday, door")
        #expect(try calendar.open(3, of: "christmas", at: Self.moment) == .refused(door: 3, next: 2))
        #expect(try sample.database.rows("SELECT * FROM doors ORDER BY holiday, door") == before)
        #expect(
            try sample.database.scalar("SELECT opened_at FROM doors WHERE holiday = 'christmas' AND door = 1")
                == .text("2025-12-22T09:15:00Z"))
    }

    @Test func selectionAndTestModeArePersisted() throws {
        let sample = try SampleDatabase()
        let calendar = AdventCalendar(database: sample.database)
        try calendar.select("hanukkah")
        _ = try calendar.setTestMode(true)
        let again = AdventCalendar(database: try Store.open(sample.path))
        #expect(try again.selectedKey() == "hanukkah")
        #expect(try again.isTestMode())
        #expect(try again.view(nil).holiday.key == "hanukkah")
    }

    @Test func withoutASelectionTheHolidayMustBeNamed() throws {
        let calendar = AdventCalendar(database: try SampleDatabase().database)
        let error = try #require(throws: AlmanacError.self) { try calendar.view(nil) }
        #expect(error.failure == .usage)
        #expect(error.key == "calendar.error.no-selection")
        #expect(error.arguments["holidays"] == "christmas, hanukkah, new-year, rozhdestvo")
        let unknown = try #require(throws: AlmanacError.self) { try calendar.select("easter") }
        #expect(unknown.key == "calendar.error.unknown-holiday")
        #expect(unknown.description.contains("christmas, hanukkah, new-year, rozhdestvo"))
    }

    @Test func aCalendarWithoutAnyHolidaysSaysHowToGetThem() throws {
        let directory = try TemporaryDirectory()
        let calendar = AdventCalendar(database: try Store.create(directory.path("empty.db")))
        let error = try #require(throws: AlmanacError.self) { try calendar.view("christmas") }
        #expect(error.key == "calendar.error.no-holidays")
        #expect(error.failure == .missingInput)
    }

    @Test func aDoorWithoutASurpriseCannotOpen() throws {
        let sample = try SampleDatabase()
        try sample.database.execute("DELETE FROM doors WHERE holiday = 'new-year' AND door > 3")
        let calendar = AdventCalendar(database: sample.database)
        _ = try calendar.setTestMode(true)
        let error = try #require(throws: AlmanacError.self) { try calendar.open(9, of: "new-year", at: Self.moment) }
        #expect(error.failure == .invalidData)
        #expect(try calendar.summaries().first { $0.holiday.key == "new-year" }?.doors == 3)
    }
}
