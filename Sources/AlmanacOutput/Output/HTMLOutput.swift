/// `html`: one self-contained page. Rows stream into a table (`HTMLFormat`); a page's pictures are
/// drawn as SVG above its rows; a change, a detail and cards show the rows machines read, under
/// titles in the user's words.
package struct HTMLOutput: Format {
    package let renderer: Renderer

    package func rows(_ head: Table.Head, chart: Chart?) -> any RowFormat { HTMLFormat(head, renderer, chart: chart) }

    /// The page's pictures, then its rows; words and captions are left out (the title says what
    /// the page is). A page with neither (a refused door's) is no page at all.
    package func page(_ page: Page) -> String {
        var titled = renderer
        if let title = page.title { titled.title = title }
        var pictures = ""
        var style = ""
        var tables = ""
        for section in page.sections {
            switch section {
            case .caption, .words: break
            case .table(let table, let picture):
                if let picture { add(picture, &pictures, &style) }
                tables += renderer.htmlTable(table)
            case .sectioned(let sectioned): tables += renderer.htmlTable(sectioned)
            case .picture(let picture): add(picture, &pictures, &style)
            }
        }
        guard !pictures.isEmpty || !tables.isEmpty else { return "" }
        var html = HTMLPage(title: titled.pageTitle, dated: renderer.pageDate(), localizer: renderer.localizer)
        html.style = style
        html.slots = renderer.slots
        return html.head() + pictures + tables + html.foot()
    }

    private func add(_ picture: Picture, _ pictures: inout String, _ style: inout String) {
        pictures += picture.svg?() ?? ""
        style += picture.style?() ?? ""
    }

    package func change(_ change: ChangedRow) -> String { renderer.render(renderer.titled(change.row)) }

    package func detail(_ detail: Detail) -> String {
        var page = renderer
        page.title = detail.title
        return page.htmlPage(
            renderer.titled(detail.row), lead: detail.lead,
            body: detail.paragraphs.filter { !$0.isEmpty }.map { "<p>" + HTMLText.escaped($0) + "</p>\n" }.joined())
    }

    package func cards(_ cards: Cards) -> String { cards.htmlPage(renderer) }

    package func write(_ listing: any Listing, to output: OutputWriter?) throws -> String {
        guard let cards = try listing.cards() else { return try renderer.stream(listing, for: .people, to: output) }
        return try renderer.send(self.cards(cards), to: output)
    }
}
