import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacText

extension OutputFormat: ArgumentValue {}
extension ColorChoice: ArgumentValue {}

/// What `--format` accepts: the output formats, `nagios`, the monitoring-plugin line only
/// `almanac overdue` prints, and `ics`, the iCalendar file of the events commands. The two are left
/// out of the listed values so every other command's help stays true.
enum FormatOption: String, ArgumentValue, CaseIterable {
    case table, markdown, csv, tsv, json, html, nagios, ics

    static var allowedValues: [String] { OutputFormat.allCases.map(\.rawValue) }
}

/// The options every command accepts (PRODUCT.md, "Global options").
struct GlobalOptions: ArgumentGroup {
    let db: String?
    let replica: String?
    let locale: String?
    let tz: String?
    let today: String?
    let format: FormatOption
    let color: ColorChoice

    init(_ line: ArgumentReader) {
        db = line.option("--db", value: "path", help: "help.global.db", completion: .files)
        replica = line.option("--replica", value: "url", help: "help.global.replica")
        locale = line.option("--locale", value: "id", help: "help.global.locale", completion: .list(.locales))
        tz = line.option("--tz", value: "zone", help: "help.global.tz", completion: .list(.zones))
        today = line.option("--today", value: "date", help: "help.global.today")
        format = line.option("--format", value: "format", help: "help.global.format", default: .table)
        color = line.option("--color", value: "when", help: "help.global.color", default: .auto)
    }

    /// True for `--format nagios`.
    var isNagios: Bool { format == .nagios }

    /// True for `--format ics`: the events commands write an iCalendar file, no table.
    var isCalendar: Bool { format == .ics }

    /// The options resolved against the environment. The front end has refused a `--format` the command
    /// cannot print (`Formatted`); under `--format nagios` (`overdue` only) the rows are `table`.
    func settings() throws -> Settings {
        let locale = isNagios ? LocaleResolver.resolveForMonitoring(option: locale) : locale
        let settings = try Settings.resolve(
            database: db, locale: locale, timeZone: tz, today: today,
            format: OutputFormat(rawValue: format.rawValue) ?? .table, color: color)
        let replica = try Settings.replica(option: replica, database: settings.databasePath)
        let t = settings.localizer
        Store.useReplica(replica) { standby, reason in
            try? Print.note(t("database.warning.replica-down", ["path": standby, "reason": reason]))
        }
        return settings
    }
}
