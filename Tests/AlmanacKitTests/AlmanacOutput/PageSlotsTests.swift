import Foundation
import Testing

@testable import AlmanacOutput

/// A page made around a command's page (`almanac serve`) fills the page's named places: its parts
/// land where they belong whether the page is made whole or written as its rows come, a last column
/// of actions follows the rows by their id, and a page without slots is the command line's.
@Suite struct PageSlotsTests {
    static let table = Table(
        columns: [Table.Column(key: "id", title: "id"), Table.Column(key: "title", title: "title")],
        rows: [[.identifier(7), .text("Dune")], [.identifier(9), .text("Emma")]])

    static func renderer(_ slots: PageSlots) -> Renderer {
        var renderer = Renderer(format: .html, localizer: .english)
        renderer.title = "Loans"
        renderer.slots = slots
        return renderer
    }

    static var slots: PageSlots {
        var slots = PageSlots(style: "nav{}\n", nav: "<nav>N</nav>\n", top: "<p>TOP</p>\n", bottom: "<p>BOTTOM</p>\n")
        slots.rowActions = PageSlots.Actions(title: "do") { "<b>\($0)</b>" }
        return slots
    }

    @Test func theSlotsLandInTheirPlaces() throws {
        for page in [Self.renderer(Self.slots).render(Self.table), try Self.streamed(Self.slots)] {
            let order = [
                "nav{}\n</style>", "<main>\n<nav>N</nav>\n<h1>Loans</h1>\n<p>TOP</p>\n",
                "<th scope=\"col\" data-key=\"actions\">do</th></tr></thead>",
                "<td class=\"actions\"><b>7</b></td></tr>", "<td class=\"actions\"><b>9</b></td></tr>",
                "<p>BOTTOM</p>\n<footer>",
            ]
            var from = page.startIndex
            for part in order {
                let found = try #require(page.range(of: part, range: from..<page.endIndex), "\(part) in \(page)")
                from = found.upperBound
            }
        }
    }

    @Test func withoutSlotsThePageIsTheCommandLines() throws {
        let plain = Self.renderer(PageSlots()).render(Self.table)
        var bare = Renderer(format: .html, localizer: .english)
        bare.title = "Loans"
        #expect(plain == bare.render(Self.table))
        #expect(!plain.contains("actions"))
    }

    @Test func aBodyAloneHasNoHeadOrFoot() {
        var slots = PageSlots()
        slots.bodyOnly = true
        let body = Self.renderer(slots).render(Self.table)
        #expect(body.hasPrefix("<div class=\"scroll\"><table>"))
        #expect(!body.contains("<html") && !body.contains("<footer>"))
    }

    @Test func actionsNeedAnIdColumn() {
        let untitled = Table(columns: [Table.Column(key: "title", title: "title")], rows: [[.text("Dune")]])
        #expect(!Self.renderer(Self.slots).render(untitled).contains("data-key=\"actions\""))
    }

    static func streamed(_ slots: PageSlots) throws -> String {
        let writer = try TableWriter(Self.renderer(slots), head: table.head, chart: nil, output: nil)
        for row in table.rows { try writer.row(row) }
        try writer.finish()
        return writer.text
    }
}
