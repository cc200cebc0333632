import AlmanacKit
import ArgumentParser

extension OutputFormat: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}

/// What `--format` accepts: the output formats, and `nagios`, the monitoring-plugin line only
/// `almanac overdue` prints. It is left out of the listed values so every other command's help stays true.
enum FormatOption: String, ExpressibleByArgument, CaseIterable {
    case table, markdown, csv, tsv, json, html, nagios

    static var allValueStrings: [String] { OutputFormat.allCases.map(\.rawValue) }
}

/// The options every command accepts (PRODUCT.md, "Global options").
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(localized("help.global.db"), valueName: "path"), completion: .file())
    var db: String?

    @Option(name: .long, help: ArgumentHelp(localized("help.global.locale"), valueName: "id"), completion: .almanac(.locales))
    var locale: String?

    @Option(name: .long, help: ArgumentHelp(localized("help.global.tz"), valueName: "zone"), completion: .almanac(.zones))
    var tz: String?

    @Option(name: .long, help: ArgumentHelp(localized("help.global.today"), valueName: "date"))
    var today: String?

    @Option(name: .long, help: ArgumentHelp(localized("help.global.format"), valueName: "format"))
    var format: FormatOption = .table

    @Option(name: .long, help: ArgumentHelp(localized("help.global.color"), valueName: "when"))
    var color: ColorChoice = .auto

    /// True for `--format nagios`.
    var isNagios: Bool { format == .nagios }

    /// The options resolved against the environment. The front end has refused a `--format` the command
    /// cannot print (`Formatted`); under `--format nagios` (`overdue` only) the rows are `table`.
    func settings() throws -> Settings {
        let locale = isNagios ? LocaleResolver.resolveForMonitoring(option: locale) : locale
        return try Settings.resolve(database: db, locale: locale, timeZone: tz, today: today,
            format: OutputFormat(rawValue: format.rawValue) ?? .table, color: color)
    }
}
