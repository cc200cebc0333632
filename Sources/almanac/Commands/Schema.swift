import AlmanacArguments
import AlmanacKinds
import AlmanacKit

/// `almanac schema [KIND|TABLE]`: the tables, their columns, keys and indexes, and each kind's CSV columns.
struct Schema: RunnableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        "schema",
        abstract: localized("help.schema.abstract"),
        discussion: localized("help.schema.discussion"))

    static let examples = [
        Example("almanac schema", "example.schema.all"),
        Example("almanac schema books", "example.schema.kind"),
        Example("almanac schema quiz_answers --format json", "example.schema.json"),
    ]

    static let formats = FormatOption.rows

    let global: GlobalOptions
    let page: PageOptions
    let name: String?

    init(_ line: ArgumentReader) {
        global = GlobalOptions(line)
        page = PageOptions(line)
        name = line.argument("name", help: "help.schema.name", completion: .list(.schemaNames))
    }

    func run() throws {
        let settings = try page.settings(global, "schema")
        let listing = try SchemaListing(Store.openReadOnly(settings.databasePath), name: name)
        try page.write(settings, listing.render(page.renderer(settings)))
    }
}
