import AlmanacArguments
import AlmanacKinds
import AlmanacKit

/// `almanac init`: create the database, or bring its schema up to date.
struct Init: RunnableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        "init",
        abstract: localized("help.init.abstract"),
        discussion: localized("help.init.discussion"))

    static let examples = [
        Example("almanac init", "example.init.here"),
        Example("almanac --db books.db init", "example.init.db"),
    ]

    static let formats = FormatOption.text

    let global: GlobalOptions
    let force: Bool

    init(_ line: ArgumentReader) {
        global = GlobalOptions(line)
        force = line.flag("--force", help: "help.init.force")
    }

    func run() throws {
        let settings = try global.settings()
        let report = try Store.initialize(settings.databasePath, force: force)
        let t = settings.localizer
        let arguments = ["path": report.path, "from": String(report.fromVersion), "version": String(report.toVersion)]
        if report.fromVersion == report.toVersion {
            try Print.line(t("init.up-to-date", arguments))
        } else if report.fromVersion == 0 {
            try Print.line(t("init.created", arguments))
        } else {
            try Print.line(t("init.migrated", arguments))
        }
        let added = report.reference
        if added.isEmpty {
            try Print.line(t("init.reference.there"))
        } else {
            try Print.line(
                t(
                    "init.reference.loaded",
                    Dictionary(uniqueKeysWithValues: added.counts.map { ($0.name, t.count($0.rows, unit: $0.unit)) })))
        }
    }
}
