import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput

/// `html` through a `TableWriter`: the page's parts in order as the rows come, and a page with a
/// picture the same whether its rows were held in memory or spooled to a temporary file, with the
/// picture drawn from every row.
@Suite struct HTMLFormatTests {
    static let head = Table.Head(
        columns: [
            Table.Column(key: "title", title: "title"),
            Table.Column(key: "days_overdue", title: "days overdue"),
        ], summaryUnit: "unit.loan")

    /// 3,000 loans, 1 to 30 days late, and one not late.
    static let rows: [[Table.Cell]] =
        (0..<3_000).map { [.text("Book \($0)"), .count(Int64($0 % 30 + 1), unit: "unit.day")] }
        + [[.text("On time"), .null]]

    static var renderer: Renderer {
        var renderer = Renderer(format: .html, localizer: .english)
        renderer.title = "Loans"
        return renderer
    }

    static func page(_ chart: Chart?, heldBytes: Int) throws -> String {
        var renderer = Self.renderer
        renderer.heldBytes = heldBytes
        let writer = try TableWriter(renderer, head: head, chart: chart, output: nil)
        for row in rows { try writer.row(row) }
        try writer.finish()
        return writer.text
    }

    @Test func aPageWithAPictureIsTheSameSpooledOrHeld() throws {
        let chart = Chart.lateness(days: "days_overdue", title: "Lateness")
        let spooled = try Self.page(chart, heldBytes: 0)
        #expect(spooled == (try Self.page(chart, heldBytes: .max)))
        #expect(
            spooled
                == Self.renderer.render(
                    Table(columns: Self.head.columns, rows: Self.rows, summaryUnit: "unit.loan"), chart: chart))
        // The picture is above the table, with a column per number of days late, each of 100 loans.
        let figure = try #require(spooled.range(of: "<figure"))
        #expect(figure.lowerBound < spooled.range(of: "<table>")!.lowerBound)
        #expect(spooled.components(separatedBy: "<rect class=\"bar").count - 1 == 30)
        #expect(spooled.components(separatedBy: "data-value=\"100\"").count - 1 == 30)
        #expect(
            spooled.hasSuffix(
                "<p class=\"count\">3,001 loans</p>\n" + HTMLPage(title: "Loans", localizer: .english).foot()))
    }

    @Test func aPageWithoutAPictureWritesEachRowAsItComes() throws {
        let renderer = Self.renderer
        let writer = try TableWriter(renderer, head: Self.head, output: nil)
        try writer.row(Self.rows[0])
        #expect(writer.text.hasPrefix(HTMLPage(title: "Loans", localizer: .english).head()))
        #expect(
            writer.text.hasSuffix(
                "<td data-value=\"Book 0\">Book 0</td><td class=\"num\" data-value=\"1\">1 day</td></tr>\n"))
        try writer.finish()
        #expect(
            writer.text
                == renderer.render(Table(columns: Self.head.columns, rows: [Self.rows[0]], summaryUnit: "unit.loan")))
    }
}
