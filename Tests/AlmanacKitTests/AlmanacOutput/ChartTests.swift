import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// Pictures drawn from a table's own cells: bar lengths proportional to the numbers, every bar
/// named in the text alternative, lateness counted per number of days late and coloured by level.
@Suite struct ChartTests {
    static var formats: LocalizedFormats { LocalizedFormats(localizer: .english) }

    static func lengths(_ svg: String, _ attribute: String) throws -> [(value: Double, length: Double)] {
        let pattern = try Regex(
            "<rect class=\"bar level-[0-2]\" data-value=\"([0-9.]+)\"[^>]* " + attribute + "=\"([0-9.]+)\"")
        return svg.matches(of: pattern).map { match in
            (Double(match.output[1].substring!)!, Double(match.output[2].substring!)!)
        }
    }

    static let days = Table(
        columns: [Table.Column(key: "day", title: "day"), Table.Column(key: "events", title: "events")],
        rows: [
            [.date(LocalDate(year: 2025, month: 12, day: 22)!), .count(4, unit: "unit.event")],
            [.date(LocalDate(year: 2025, month: 12, day: 23)!), .count(1, unit: "unit.event")],
            [.date(LocalDate(year: 2025, month: 12, day: 24)!), .count(3, unit: "unit.event")],
        ])

    @Test func columnsAreAsTallAsTheirNumbers() throws {
        let figure = try #require(
            Chart.columns(label: "day", value: "events", title: "Events per day").figure(
                Self.days, formats: Self.formats, id: "c"))
        let bars = try Self.lengths(figure, "height")
        #expect(bars.map(\.value) == [4, 1, 3])
        #expect(Set(bars.map { ($0.length / $0.value * 1000).rounded() }).count == 1)
        #expect(figure.contains("role=\"img\"") && figure.contains("aria-labelledby=\"c-title c-desc\""))
        #expect(figure.contains("<title id=\"c-title\">Events per day</title>"))
        #expect(
            figure.contains(
                "<desc id=\"c-desc\">A bar chart with 3 bars. Mon 22 Dec 2025: 4 events; Tue 23 Dec 2025: 1 event; Wed 24 Dec 2025: 3 events.</desc>"
            ))
    }

    @Test func barsOfAShareAreMeasuredAgainstTheWhole() throws {
        let table = Table(
            columns: [Table.Column(key: "player", title: "player"), Table.Column(key: "accuracy", title: "accuracy")],
            rows: [[.text("Anna"), .percent(0.5)], [.text("<b>Boris</b>"), .percent(0.25)]])
        let figure = try #require(
            Chart.bars(label: "player", value: "accuracy", title: "Accuracy").figure(
                table, formats: Self.formats, id: "b"))
        let bars = try Self.lengths(figure, "width")
        #expect(bars.map(\.length) == [190, 95], "half of the 380 units a bar may take, and a quarter")
        #expect(figure.contains("&lt;b&gt;Boris&lt;/b&gt;") && !figure.contains("<b>"))
    }

    @Test func latenessCountsLoansPerDaysLateByLevel() throws {
        let table = Table(
            columns: [Table.Column(key: "days_overdue", title: "late"), Table.Column(key: "level", title: "level")],
            rows: [
                [.count(2, unit: "unit.day"), .integer(1)], [.count(2, unit: "unit.day"), .integer(1)],
                [.count(9, unit: "unit.day"), .integer(7)], [.count(30, unit: "unit.day"), .integer(14)],
                [.null, .null],
            ])
        let figure = try #require(
            Chart.lateness(days: "days_overdue", title: "Late").figure(table, formats: Self.formats, id: "l"))
        let bars = try Self.lengths(figure, "height")
        #expect(bars.map(\.value) == [2, 1, 1], "the loan not yet late is not counted")
        #expect(figure.contains("class=\"bar level-0\" data-value=\"2\""), "2 days late: the lowest level, blue")
        #expect(figure.contains("class=\"bar level-1\" data-value=\"1\""), "9 days late: level 7, amber")
        #expect(figure.contains("class=\"bar level-2\" data-value=\"1\""), "30 days late: the highest level, red")
        let custom = try #require(
            Chart.lateness(days: "days_overdue", levels: [3, 10], title: "Late").figure(
                table, formats: Self.formats, id: "l"))
        #expect(custom.contains("class=\"bar level-0\" data-value=\"2\""), "2 days late: below the first level, blue")
        #expect(custom.contains("class=\"bar level-1\" data-value=\"1\""), "9 days late: level 3, amber")
        #expect(custom.contains("<li><i class=\"level-2\"></i>Notice level: 10 days late or more</li>"))
        #expect(figure.contains("<li><i class=\"level-2\"></i>Notice level: 14 days late or more</li>"))
    }

    @Test func aTableWithoutTheColumnsHasNoPicture() {
        #expect(
            Chart.bars(label: "nope", value: "events", title: "").figure(Self.days, formats: Self.formats, id: "x")
                == nil)
    }

    @Test(arguments: [
        ("columns day events = page.chart.events-by-day", ["columns", "day", "events"], "page.chart.events-by-day"),
        ("bars player accuracy", ["bars", "player", "accuracy"], "page.chart.report"),
        ("lateness days_overdue 1,7,14 = Late loans", ["lateness", "days_overdue", "1,7,14"], "Late loans"),
    ])
    func reportsDeclareTheirChart(_ text: String, _ words: [String], _ title: String) throws {
        let report = try ReportDefinition.parse("-- chart: \(text)\nSELECT 1", source: "r.sql", defaultName: "r")
        #expect(report.chart?.words == words)
        #expect(report.chart?.titleKey == title)
    }

    @Test(arguments: ["pie a b", "columns day", "bars a b c", "lateness"])
    func aChartThatCannotBeReadIsAnError(_ text: String) {
        #expect(throws: AlmanacError.self) {
            try ReportDefinition.parse("-- chart: \(text)\nSELECT 1", source: "r.sql", defaultName: "r")
        }
    }

    @Test func svgNumbersHaveNoExponentOrNegativeZero() {
        #expect(SVGWriter.number(1e-9) == "0" && SVGWriter.number(-0.0004) == "0")
        #expect(
            SVGWriter.number(12.5) == "12.5" && SVGWriter.number(1e7) == "10000000" && SVGWriter.number(.nan) == "0")
    }
}
