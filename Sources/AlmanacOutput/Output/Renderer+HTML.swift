import AlmanacText

extension Renderer {
    /// The page's heading: the command's title, else "Almanac".
    package var pageTitle: String { title ?? localizer("page.title.default") }

    /// What a page says about time: the day it describes (today, unless `about` is false because
    /// its lead names its days) and when it was made; nil when the renderer knows neither.
    package func pageDate(about: Bool = true) -> PageDate? {
        let about = about ? today : nil
        guard about != nil || made != nil else { return nil }
        // With the year always: a page outlives the year it was made in.
        let formats = LocalizedFormats(localizer: localizer, timeZone: timeZone, today: nil)
        return PageDate(
            about: about.map(formats.date), made: made.map(formats.instant), madeValue: made.map(Instant.format))
    }

    /// A page holding one table (and the pictures before it), written as a stream: the page's
    /// head, the table's head, each row, the table's foot, the page's foot.
    package func htmlPage(
        _ table: Table, pictures: [String] = [], style: String = "", lead: String? = nil, body: String = ""
    ) -> String {
        var page = HTMLPage(title: pageTitle, lead: lead, dated: pageDate(), localizer: localizer)
        page.style = style
        page.slots = slots
        return page.head() + pictures.joined() + body + htmlTable(table) + page.foot()
    }

    /// One table as HTML, with its count line.
    func htmlTable(_ table: Table, caption: String? = nil) -> String {
        let writer = HTMLTableWriter(
            columns: table.columns, formats: makeFormats(), caption: caption, actions: slots.rowActions)
        var out = writer.head()
        for row in table.rows { out += writer.row(row) }
        return out + writer.foot(summaryLine(table))
    }

    /// The line under a table: its rows counted with the table's noun (`3 loans`), or nil.
    func summaryLine(_ table: Table) -> String? {
        table.summaryUnit.map { makeFormats().count(Int64(table.rows.count), unit: $0) }
    }

    /// A machine table (titled by its keys) with the titles people read: `column.KEY` where the
    /// translations have it (`starts_at` → "starts", «начало»), else the key.
    func titled(_ table: Table) -> Table {
        var titled = table
        titled.columns = table.columns.map { column in
            let keys = [
                "column." + column.key, "events.column." + (column.key == "continuation" ? "note" : column.key),
            ]
            let key = keys.first(where: localizer.hasKey)
            return Table.Column(
                key: column.key, title: key.map { localizer($0) } ?? column.title, alignment: column.alignment)
        }
        return titled
    }

    /// Sections as one table, with a heading row over each section's rows, and the summary line.
    func htmlTable(_ sectioned: SectionedTable) -> String {
        let writer = HTMLTableWriter(columns: sectioned.columns, formats: makeFormats(), actions: slots.rowActions)
        var out = writer.head()
        for section in sectioned.sections {
            out += writer.section(section.heading)
            for row in section.rows { out += writer.row(row) }
        }
        return out + writer.foot(sectioned.summary)
    }
}
