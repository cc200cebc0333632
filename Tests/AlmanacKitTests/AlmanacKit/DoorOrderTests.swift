import AlmanacText
import Testing

@testable import AlmanacCalendar
@testable import AlmanacKinds
@testable import AlmanacKit

/// The door rule as a table: which door opens, with and without test mode.
@Suite struct DoorOrderTests {
    static let all = Set(1...24)

    struct Case: Sendable, CustomTestStringConvertible {
        let door: Int
        let opened: Set<Int>
        let testMode: Bool
        let expected: DoorOrder.Outcome
        var testDescription: String { "door \(door), open \(opened.sorted()), test mode \(testMode)" }
    }

    static let cases: [Case] = [
        // In order: the lowest closed door opens.
        Case(door: 1, opened: [], testMode: false, expected: .opens),
        Case(door: 5, opened: [1, 2, 3, 4], testMode: false, expected: .opens),
        Case(door: 24, opened: Set(1...23), testMode: false, expected: .opens),
        // Out of order: refused, naming the next door.
        Case(door: 2, opened: [], testMode: false, expected: .notReady(next: 1)),
        Case(door: 7, opened: [1, 2, 3, 4], testMode: false, expected: .notReady(next: 5)),
        Case(door: 24, opened: [], testMode: false, expected: .notReady(next: 1)),
        // A gap left by test mode: the next door is the lowest closed one, not the highest open + 1.
        Case(door: 4, opened: [1, 3], testMode: false, expected: .notReady(next: 2)),
        Case(door: 2, opened: [1, 3], testMode: false, expected: .opens),
        // Already open: nothing changes, in or out of test mode.
        Case(door: 3, opened: [1, 2, 3], testMode: false, expected: .alreadyOpen),
        Case(door: 3, opened: [1, 2, 3], testMode: true, expected: .alreadyOpen),
        // Test mode: any closed door opens.
        Case(door: 7, opened: [], testMode: true, expected: .opens),
        Case(door: 24, opened: [], testMode: true, expected: .opens),
        Case(door: 1, opened: [5, 9], testMode: true, expected: .opens),
    ]

    @Test(arguments: cases)
    func attempt(_ c: Case) {
        #expect(DoorOrder.attempt(c.door, doors: Self.all, opened: c.opened, testMode: c.testMode) == c.expected)
    }

    @Test(arguments: [(Set<Int>(), 1), (Set(1...4), 5), (Set([1, 3]), 2), (Set(1...24), nil)] as [(Set<Int>, Int?)])
    func nextIsTheLowestClosedDoor(_ opened: Set<Int>, _ next: Int?) {
        #expect(DoorOrder.next(doors: Self.all, opened: opened) == next)
    }

    @Test func aDoorTheCalendarDoesNotHaveIsMissing() {
        #expect(DoorOrder.attempt(4, doors: [1, 2, 3], opened: [], testMode: true) == .missing)
        #expect(DoorOrder.next(doors: [1, 2, 3], opened: [1, 2, 3]) == nil)
    }

    /// A holiday with a first day: door N opens from day N on (first day + N - 1), besides in order;
    /// its day is said first; test mode opens any; without a first day the date plays no part.
    @Test func aFirstDayOpensDoorNFromDayN() throws {
        let first = try #require(LocalDate("2026-12-01"))
        func attempt(
            _ door: Int, _ opened: Set<Int>, on day: String, testMode: Bool = false, firstDay: LocalDate? = first
        )
            -> DoorOrder.Outcome
        {
            DoorOrder.attempt(
                door, doors: Self.all, opened: opened, testMode: testMode, firstDay: firstDay, today: LocalDate(day))
        }
        #expect(DoorOrder.opensOn(1, firstDay: first) == first)
        #expect(DoorOrder.opensOn(24, firstDay: first)?.description == "2026-12-24")
        #expect(DoorOrder.opensOn(3, firstDay: nil) == nil)
        #expect(attempt(1, [], on: "2026-12-01") == .opens)
        #expect(attempt(1, [], on: "2026-11-30") == .tooEarly(opensOn: first))
        #expect(attempt(3, [1, 2], on: "2026-12-02") == .tooEarly(opensOn: try #require(LocalDate("2026-12-03"))))
        #expect(attempt(3, [1, 2], on: "2026-12-03") == .opens)
        #expect(attempt(3, [1, 2], on: "2027-01-15") == .opens, "a late door still opens")
        #expect(attempt(3, [1], on: "2026-12-05") == .notReady(next: 2), "its day has come, but not its turn")
        #expect(attempt(5, [1], on: "2026-12-02") == .tooEarly(opensOn: try #require(LocalDate("2026-12-05"))))
        #expect(attempt(9, [], on: "2026-12-01", testMode: true) == .opens)
        #expect(attempt(3, [1, 2], on: "2026-11-01", firstDay: nil) == .opens)
        #expect(attempt(2, [1, 2], on: "2026-11-01") == .alreadyOpen)
    }

    @Test(arguments: 1...24)
    func onlyTheLastDoorIsTheReveal(_ door: Int) {
        #expect(DoorOrder.isReveal(door) == (door == 24))
    }
}
