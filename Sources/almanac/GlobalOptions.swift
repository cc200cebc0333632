import AlmanacKit
import ArgumentParser

extension OutputFormat: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}

/// What `--format` accepts: the output formats, and `nagios`, the monitoring-plugin line only
/// `almanac overdue` prints. It is left out of the listed values so every other command's help stays true.
enum FormatOption: String, ExpressibleByArgument, CaseIterable {
    case table, markdown, csv, tsv, json, nagios

    static var allValueStrings: [String] { OutputFormat.allCases.map(\.rawValue) }
}

/// The options every command accepts (PRODUCT.md, "Global options").
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The database file (default: $ALMANAC_DB, else ./almanac.db).", valueName: "path"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp(
        "Language and formats, e.g. en or ru_RU (default: LC_ALL, LC_MESSAGES, LANG, else en).", valueName: "id"))
    var locale: String?

    @Option(name: .long, help: ArgumentHelp(
        "Time zone for every date shown or compared (default: $TZ, else UTC).", valueName: "zone"))
    var tz: String?

    @Option(name: .long, help: ArgumentHelp(
        "The day to treat as today, YYYY-MM-DD (default: $ALMANAC_TODAY, else the clock in --tz).", valueName: "date"))
    var today: String?

    @Option(name: .long, help: ArgumentHelp("Output format: table, markdown, csv, tsv or json.", valueName: "format"))
    var format: FormatOption = .table

    @Option(name: .long, help: ArgumentHelp(
        "Colour: auto (only on a terminal, never with NO_COLOR), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    /// True for `--format nagios`.
    var isNagios: Bool { format == .nagios }

    /// The options resolved against the environment. `--format nagios` is a usage error unless the
    /// command prints that line itself (`allowingNagios`; its rows then default to `table`).
    func settings(allowingNagios: Bool = false) throws -> Settings {
        if isNagios && !allowingNagios { throw AlmanacError(.usage, "error.format-nagios-only") }
        let locale = isNagios ? LocaleResolver.resolveForMonitoring(option: locale) : locale
        return try Settings.resolve(database: db, locale: locale, timeZone: tz, today: today,
            format: OutputFormat(rawValue: format.rawValue) ?? .table, color: color)
    }
}
