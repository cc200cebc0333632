import AlmanacKit
import ArgumentParser

extension OutputFormat: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}

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
    var format: OutputFormat = .table

    @Option(name: .long, help: ArgumentHelp(
        "Colour: auto (only on a terminal, never with NO_COLOR), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    /// The options resolved against the environment.
    func settings() throws -> Settings {
        try Settings.resolve(database: db, locale: locale, timeZone: tz, today: today, format: format, color: color)
    }
}

extension GlobalOptions {
    /// The global options that take a value, by their spelling on the command line.
    static let valued: Set<String> = ["--db", "--locale", "--tz", "--today", "--format", "--color"]

    /// Moves global options written before the subcommand (`almanac --db x.db init`) to the end, where
    /// the subcommand that declares them can parse them. Everything after `--` stays as it is.
    static func hoisted(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            guard valued.contains(name) else { break }
            leading.append(argument)
            if !argument.contains("="), index + 1 < arguments.count {
                leading.append(arguments[index + 1])
                index += 1
            }
            index += 1
        }
        guard !leading.isEmpty else { return arguments }
        var rest = Array(arguments[index...])
        let end = rest.firstIndex(of: "--") ?? rest.count
        rest.insert(contentsOf: leading, at: end)
        return rest
    }
}
