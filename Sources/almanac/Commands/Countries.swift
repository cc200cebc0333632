import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import AlmanacQuiz
import AlmanacViews

/// `almanac countries list [--search TEXT]`.
struct Countries: Command {
    static let configuration = CommandConfiguration(
        "countries",
        abstract: localized("help.countries.abstract"),
        discussion: localized("help.countries.discussion"),
        subcommands: [List.self]
    )

    /// `almanac countries list`.
    struct List: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "list",
            abstract: localized("help.countries.list.abstract"),
            discussion: localized("help.countries.list.discussion"))

        static let examples = [
            Example("almanac countries list", "example.countries.list.all"),
            Example("almanac --locale ru countries list --search гвин", "example.countries.list.search"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let search: String?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            search = line.option("--search", value: "text", help: "help.countries.list.search")
        }

        func run() throws {
            let settings = try page.settings(global, "countries.list")
            let directory = try CountryDirectory.load(Store.openReadOnly(settings.databasePath))
            try page.write(settings, page.renderer(settings).render(directory.listTable(search, settings.localizer)))
        }
    }
}
