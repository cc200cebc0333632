import AlmanacKit
import ArgumentParser

/// `almanac countries list [--search TEXT]`.
struct Countries: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the countries, with their flags and names in your language.",
        discussion: """
            The countries come from the database (import them with `almanac import countries FILE`; \
            the demo loads all 249 ISO 3166-1 entries). Names are shown in the --locale's language \
            from ICU's data (ru: Германия), falling back to the stored name; JSON and CSV keep the \
            stored name.
            """,
        subcommands: [List.self]
    )

    /// `almanac countries list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the countries, sorted by name in the --locale's order.",
            discussion: """
                --search keeps the countries whose name (in your language or as stored) contains the \
                text, or whose alpha-2, alpha-3 or numeric code is the text; case and accents are \
                ignored, so "cote" finds Côte d’Ivoire and "елка" finds Ёлка.

                Example: almanac --locale ru countries list --search гвин
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(name: .long, help: ArgumentHelp("Only the countries whose name or code matches.", valueName: "text"))
        var search: String?

        func run() throws {
            let settings = try global.settings()
            let directory = try CountryDirectory.load(Store.openReadOnly(settings.databasePath))
            try Print.out(Renderer.standardOutput(settings).render(directory.listTable(search, settings.localizer)))
        }
    }
}
