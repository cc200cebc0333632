import Foundation
import Testing

@testable import AlmanacCalendar
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacViews

/// The 24 doors in the holiday's colour, with ink that reads on it, and a colour that is not one
/// never reaching the page.
@Suite struct CalendarPictureTests {
    static func view(opened: Int, color: String?, greeting: String? = "Merry Christmas!") -> CalendarView {
        let doors = (1...24).map {
            Door(number: $0, surprise: "Surprise \($0)", openedAt: $0 <= opened ? Date(timeIntervalSince1970: 0) : nil)
        }
        return CalendarView(
            holiday: Holiday(key: "x", title: "X", color: color, image: nil, greeting: greeting), doors: doors,
            testMode: false)
    }

    @Test func everyDoorSaysWhatItIs() {
        let figure = CalendarPicture(view: Self.view(opened: 2, color: "#1F4E9C"), localizer: .english).figure(id: "c")
        #expect(figure.contains("data-door=\"1\" data-status=\"open\""))
        #expect(figure.contains("data-door=\"3\" data-status=\"next\""))
        #expect(figure.contains("data-door=\"24\" data-status=\"closed\""))
        #expect(figure.contains("<title>Door 1, open: Surprise 1</title>"))
        #expect(figure.contains("fill=\"#1F4E9C\""))
        #expect(!figure.contains("class=\"reveal\""), "the greeting waits for door 24")
    }

    @Test func door24OpenShowsTheGreeting() {
        let figure = CalendarPicture(view: Self.view(opened: 24, color: "#C0392B"), localizer: .english).figure(id: "c")
        #expect(figure.contains("<p class=\"reveal\" style=\"border-color:#C0392B\">Merry Christmas!</p>"))
        #expect(figure.contains("Every door is open."))
    }

    @Test(arguments: [nil, "red", "#12345", "#GGGGGG", "\"><script>", "#C0392B;x"])
    func aColourThatIsNotOneIsReplaced(_ color: String?) {
        #expect(CalendarPicture(view: Self.view(opened: 0, color: color), localizer: .english).color == "#B3261E")
    }

    @Test func inkReadsOnTheColour() {
        #expect(CalendarPicture.inks("#D4AC0D").ink == "#1F2328", "dark ink on gold")
        #expect(CalendarPicture.inks("#1F4E9C").ink == "#FFFFFF", "white ink on blue")
    }

    @Test func longSurprisesWrapAndAreCut() {
        #expect(
            CalendarPicture.wrap("A paper star to hang in the window", width: 15, lines: 4) == [
                "A paper star to", "hang in the", "window",
            ])
        let lines = CalendarPicture.wrap(String(repeating: "word ", count: 40), width: 15, lines: 4)
        #expect(lines.count == 4 && lines[3].hasSuffix("…"))
    }
}
