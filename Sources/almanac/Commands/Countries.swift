import AlmanacKit
import ArgumentParser

/// `almanac countries list [--search TEXT]`.
struct Countries: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: localized("help.countries.abstract"),
        discussion: localized("help.countries.discussion"),
        subcommands: [List.self]
    )

    /// `almanac countries list`.
    struct List: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.countries.list.abstract"),
            discussion: localized("help.countries.list.discussion"))

        static let examples = [
            Example("almanac countries list", "example.countries.list.all"),
            Example("almanac --locale ru countries list --search гвин", "example.countries.list.search"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions
        @Option(name: .long, help: ArgumentHelp(localized("help.countries.list.search"), valueName: "text"))
        var search: String?

        func run() throws {
            let settings = try page.settings(global, "countries.list")
            let directory = try CountryDirectory.load(Store.openReadOnly(settings.databasePath))
            try page.write(settings, page.renderer(settings).render(directory.listTable(search, settings.localizer)))
        }
    }
}
