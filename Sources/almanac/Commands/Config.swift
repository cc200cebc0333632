import AlmanacArguments
import AlmanacBooks
import AlmanacKinds
import AlmanacKit
import AlmanacViews

/// `almanac config get KEY | set KEY VALUE | list`: the rules a library sets for itself, kept in
/// the database (the longest loan, the overdue notice levels).
struct Config: Command {
    static let configuration = CommandConfiguration(
        "config",
        abstract: localized("help.config.abstract"),
        discussion: localized("help.config.discussion"),
        subcommands: [List.self, Get.self, Set.self],
        defaultSubcommand: List.self
    )

    /// The keys, for completion.
    static let keys = ValueCompletion.words(LibrarySetting.allCases.map(\.rawValue))

    /// `config list`.
    struct List: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "list",
            abstract: localized("help.config.list.abstract"),
            discussion: localized("help.config.list.discussion"))

        static let examples = [
            Example("almanac config list", "example.config.list"),
            Example("almanac config list --format json", "example.config.list-json"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
        }

        func run() throws {
            let settings = try page.settings(global, "config.list")
            let database = try Store.openReadOnly(settings.databasePath)
            try page.write(
                settings, page.renderer(settings).render(LibrarySettings.table(database, settings.localizer)))
        }
    }

    /// `config get KEY`: the value alone, for scripts.
    struct Get: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "get",
            abstract: localized("help.config.get.abstract"),
            discussion: localized("help.config.get.discussion"))

        static let examples = [Example("almanac config get longest-loan-months", "example.config.get")]

        static let formats = FormatOption.text

        let global: GlobalOptions
        let key: String

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            key = line.argument("key", help: "help.config.key", completion: Config.keys)
        }

        func run() throws {
            let settings = try global.settings()
            let setting = try LibrarySetting.named(key)
            let values = try LibrarySettings.values(Store.openReadOnly(settings.databasePath))
            try Print.out((values[setting] ?? setting.defaultValue) + "\n")
        }
    }

    /// `config set KEY VALUE`.
    struct Set: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "set",
            abstract: localized("help.config.set.abstract"),
            discussion: localized("help.config.set.discussion"))

        static let examples = [
            Example("almanac config set longest-loan-months 4", "example.config.set-months"),
            Example("almanac config set notice-levels 3,10,30", "example.config.set-levels"),
        ]

        static let formats = FormatOption.text

        let global: GlobalOptions
        let key: String
        let value: String

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            key = line.argument("key", help: "help.config.key", completion: Config.keys)
            value = line.argument("value", help: "help.config.value")
        }

        func run() throws {
            let settings = try global.settings()
            let setting = try LibrarySetting.named(key)
            let stored = try setting.checked(value)
            let (old, new) = try LibrarySettings.set(setting, to: stored, in: Store.open(settings.databasePath))
            try Print.out(LibrarySettings.changed(setting, old: old, new: new, settings.localizer) + "\n")
        }
    }
}
