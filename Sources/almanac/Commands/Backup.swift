import AlmanacKit
import ArgumentParser

/// `almanac backup FILE [--force]`.
struct BackupCommand: ParsableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: localized("help.backup.abstract"),
        discussion: localized("help.backup.discussion"))

    static let examples = [
        Example("almanac backup almanac-copy.db", "example.backup.file"),
        Example("almanac backup almanac-copy.db --force", "example.backup.force"),
    ]

    static let formats = FormatOption.text

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(localized("help.backup.file"), valueName: "file"), completion: .file())
    var file: String

    @Flag(name: .long, help: ArgumentHelp(localized("help.backup.force")))
    var force = false

    func run() throws {
        let settings = try global.settings()
        let database = try Store.openReadOnly(settings.databasePath)
        let report = try Backup.write(database, to: file, force: force)
        let t = settings.localizer
        try Print.line(t("backup.done", ["path": report.path, "database": settings.databasePath,
                                         "size": t.count(Int(report.bytes), unit: "unit.byte")]))
    }
}
