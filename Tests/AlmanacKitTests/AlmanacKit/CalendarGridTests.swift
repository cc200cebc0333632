import Foundation
import Testing

@testable import AlmanacCalendar
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText
@testable import AlmanacViews

/// The grid of `calendar show` and `calendar open`, byte for byte against goldens: closed, partly
/// open and refused with the arrow, in English (Christmas) and Russian (Рождество).
@Suite struct CalendarGridTests {
    static let moment = Instant.parse("2025-12-22T09:15:00Z")!
    static let holidays = ["en": "christmas", "ru": "rozhdestvo"]

    /// The grid of a holiday after opening `doors` in order, refusing `refuse` if given.
    static func grid(
        _ language: String, open doors: Int, refuse: Int? = nil, width: Int = 80, testMode: Bool = false,
        styling: Styling = .plain, depth: HolidayColor.Depth = .palette256
    ) throws -> String {
        let sample = try SampleDatabase()
        let calendar = AdventCalendar(database: sample.database)
        let key = holidays[language]!
        if testMode { _ = try calendar.setTestMode(true) }
        for door in stride(from: 1, through: doors, by: 1) { _ = try calendar.open(door, of: key, at: moment) }
        let localizer = Localizer(locale: language)
        var refusal: (door: Int, message: String)?
        if let refuse, case .refused(let door, let next) = try calendar.open(refuse, of: key, at: moment) {
            refusal = (
                door,
                AlmanacError(.invalidData, "calendar.error.not-ready", ["door": String(door), "next": String(next)])
                    .message(localizer)
            )
        }
        return CalendarGrid(
            view: try calendar.view(key), refusal: refusal, localizer: localizer, styling: styling, depth: depth,
            width: width
        ).render()
    }

    @Test(arguments: ["en", "ru"])
    func goldens(_ language: String) throws {
        try Golden.check(try Self.grid(language, open: 0), "calendar-show-closed.\(language).txt")
        try Golden.check(try Self.grid(language, open: 5), "calendar-show-partly-open.\(language).txt")
        try Golden.check(try Self.grid(language, open: 4, refuse: 7), "calendar-show-refused.\(language).txt")
    }

    @Test func aNarrowTerminalGetsFourColumns() throws {
        try Golden.check(try Self.grid("en", open: 5, refuse: 12, width: 50), "calendar-show-narrow.en.txt")
    }

    @Test(arguments: [(120, 6, 16), (80, 6, 10), (67, 6, 8), (66, 4, 13), (40, 4, 6), (10, 4, 4)])
    func layoutFollowsTheWidth(_ width: Int, _ columns: Int, _ cell: Int) {
        let layout = CalendarGrid.layout(width: width)
        #expect(layout.columns == columns && layout.cellWidth == cell, "width \(width): \(layout)")
    }

    @Test(arguments: [80, 66, 50, 30])
    func everyLineFitsTheWidth(_ width: Int) throws {
        for line in try Self.grid("ru", open: 9, refuse: 15, width: width).split(separator: "\n") {
            #expect(DisplayWidth.of(line) <= width, "\(line)")
        }
    }

    @Test func theArrowPointsUpAtTheRefusedDoor() throws {
        let lines = try Self.grid("en", open: 4, refuse: 11).split(separator: "\n").map(String.init)
        let arrow = try #require(lines.firstIndex { $0.contains("↑") })
        let column = DisplayWidth.of(lines[arrow].prefix { $0 != "↑" })
        // The line above the arrow is the bottom of the refused door's row, and the row above that
        // holds the refused door, right above the arrow.
        #expect(lines[arrow - 1].hasPrefix("└"))
        let cellLine = lines[arrow - 4]
        let cellStart = Array(cellLine).prefix(column + 1).lastIndex(of: "│")!
        let cellEnd = Array(cellLine)[(column + 1)...].firstIndex(of: "│")!
        #expect(String(Array(cellLine)[cellStart...cellEnd]).contains("✗ 11"))
        #expect(lines[arrow].contains("Door 11 is not ready: open door 5 first"))
        #expect(lines[arrow + 1].hasPrefix("┌"))
    }

    @Test func colourOnlyWhenStylingAllowsIt() throws {
        let plain = try Self.grid("en", open: 2)
        #expect(!plain.contains("\u{1B}"))
        let palette = try Self.grid("en", open: 2, styling: Styling(isEnabled: true))
        #expect(palette.contains("\u{1B}[38;5;\(HolidayColor(hex: "#C0392B")!.paletteIndex)m┌"))
        let exact = try Self.grid("en", open: 2, styling: Styling(isEnabled: true), depth: .trueColor)
        #expect(exact.contains("\u{1B}[38;2;192;57;43m┌"))
        // The symbols still say everything with the colour removed.
        let stripped = exact.replacing(try Regex("\u{1B}\\[[0-9;]*m"), with: "")
        #expect(stripped == plain)
    }

    @Test func testModeIsNamedInTheTitle() throws {
        let grid = try Self.grid("en", open: 0, testMode: true)
        #expect(grid.hasPrefix("Christmas: 0 of 24 doors open · test mode (any order)\n"))
    }

    @Test func theRevealFramesTheGreeting() throws {
        let holiday = Holiday(
            key: "christmas", title: "Christmas", color: "#C0392B", image: nil,
            greeting: "Merry Christmas! May your home be warm, your table full and your heart light.")
        let reveal = CalendarReveal(
            holiday: holiday, surprise: "The tree lights up: Merry Christmas!", localizer: .english
        ).render()
        try Golden.check(reveal, "calendar-reveal.en.txt")
        let lines = reveal.split(separator: "\n")
        #expect(Set(lines.map { DisplayWidth.of($0) }).count == 1, "every line of the frame is as wide")
    }
}
