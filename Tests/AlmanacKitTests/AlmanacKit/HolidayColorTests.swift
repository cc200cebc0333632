import Testing

@testable import AlmanacCalendar
@testable import AlmanacKinds
@testable import AlmanacKit

@Suite struct HolidayColorTests {
    @Test(arguments: [
        ("#FF0000", 196), ("#000000", 16), ("#FFFFFF", 231), ("#808080", 244), ("#C0392B", 130),
        ("#1F4E9C", 25), ("#D4AC0D", 178), ("#7D3C98", 96), ("#5F87AF", 67), ("#121212", 233),
    ])
    func nearestPaletteColour(_ hex: String, _ index: Int) throws {
        #expect(try #require(HolidayColor(hex: hex)).paletteIndex == index)
    }

    @Test func trueColourWhenTheTerminalSaysSo() throws {
        let color = try #require(HolidayColor(hex: "#c0392b"))
        #expect(color.foreground(.trueColor) == "38;2;192;57;43")
        #expect(color.foreground(.palette256) == "38;5;130")
        #expect(HolidayColor.Depth(environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(HolidayColor.Depth(environment: ["COLORTERM": "24bit"]) == .trueColor)
        #expect(HolidayColor.Depth(environment: [:]) == .palette256)
    }

    @Test(arguments: ["red", "#12345", "#1234567", "#GG0000", ""])
    func onlyHexColoursParse(_ text: String) {
        #expect(HolidayColor(hex: text) == nil)
    }
}
