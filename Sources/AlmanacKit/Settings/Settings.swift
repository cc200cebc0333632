import AlmanacOutput
import AlmanacText
import Foundation

/// The global options, resolved against the environment: the database, the locale, the time zone,
/// "today", the output format and colour. Resolving here (not in the command line) keeps the rules
/// in one place and testable.
public struct Settings: Sendable {
    /// The database file.
    public var databasePath: String
    /// The user's locale for words, dates and numbers.
    public var localizer: Localizer
    /// The zone every date is shown and compared in.
    public var timeZone: Zone
    /// The day "today" means.
    public var today: LocalDate
    /// How rows are printed.
    public var format: OutputFormat
    /// Whether to colour output.
    public var color: ColorChoice
    /// The heading of an `html` page, in the user's words (set by the command that prints it).
    public var pageTitle: String?
    /// The delimiter and byte-order mark of csv and tsv output (`--delimiter`, `--bom`).
    public var sheet = SheetForm.plain

    /// Memberwise creation, for tests and embedding.
    public init(
        databasePath: String, localizer: Localizer = .english, timeZone: Zone = .utc,
        today: LocalDate, format: OutputFormat = .table, color: ColorChoice = .never
    ) {
        self.databasePath = databasePath
        self.localizer = localizer
        self.timeZone = timeZone
        self.today = today
        self.format = format
        self.color = color
    }

    /// The hot standby for reads: `--replica`, else `$ALMANAC_REPLICA`, else none. It must be a
    /// PostgreSQL address, and the database (`--db`) one too: a file has no standby (64).
    public static func replica(
        option: String?, database: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> String? {
        let (value, source) =
            option.map { ($0, "--replica") }
            ?? (environment["ALMANAC_REPLICA"].flatMap { $0.isEmpty ? nil : $0 }.map { ($0, "ALMANAC_REPLICA") }
                ?? (nil, ""))
        guard let value else { return nil }
        guard Store.isServer(value) else {
            throw AlmanacError(.usage, "database.error.replica-not-server", ["source": source, "value": value])
        }
        guard Store.isServer(database) else {
            throw AlmanacError(.usage, "database.error.replica-needs-server", ["source": source, "path": database])
        }
        return value
    }

    /// Resolves the options as PRODUCT.md orders them: the option, else the environment, else the default.
    ///   - database: `--db`, else `$ALMANAC_DB`, else `./almanac.db`
    ///   - locale: `--locale`, else `LC_ALL`, `LC_MESSAGES`, `LANG`, else `en`
    ///   - timeZone: `--tz`, else `TZ`, else the machine's zone (`localtime`, `/etc/localtime`: a TZif
    ///     file or a link into the tz database, as `date` reads it), else UTC when there is none (see
    ///     `Zone.named` for the forms; `TZDIR` moves the tz database, as for the C library)
    ///   - today: `--today`, else `$ALMANAC_TODAY`, else the clock's day in the time zone
    public static func resolve(
        database: String?, locale: String?, timeZone: String?, today: String?,
        format: OutputFormat = .table, color: ColorChoice = .auto,
        environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date(),
        localtime: String = Zone.localtimePath
    ) throws -> Settings {
        let path = try DatabaseLocation.resolve(option: database, environment: environment)
        let localizer = Localizer(locale: LocaleResolver.resolve(option: locale, environment: environment))
        let directory = nonEmpty(environment["TZDIR"]) ?? Zone.systemDirectory
        let zone: Zone
        if let name = nonEmpty(timeZone) {
            zone = try Zone.named(name, source: "--tz", directory: directory)
        } else if let name = nonEmpty(environment["TZ"]) {
            zone = try Zone.named(name, source: "TZ", directory: directory)
        } else {
            zone = Zone.machine(localtime: localtime, directory: directory)
        }
        let day: LocalDate
        if let text = nonEmpty(today) {
            guard let parsed = LocalDate(text) else {
                throw AlmanacError(.usage, "error.bad-today", ["value": text, "source": "--today"])
            }
            day = parsed
        } else if let text = nonEmpty(environment["ALMANAC_TODAY"]) {
            guard let parsed = LocalDate(text) else {
                throw AlmanacError(.usage, "error.bad-today", ["value": text, "source": "ALMANAC_TODAY"])
            }
            day = parsed
        } else {
            day = LocalDate(now, in: zone)
        }
        return Settings(
            databasePath: path, localizer: localizer, timeZone: zone, today: day, format: format, color: color)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
