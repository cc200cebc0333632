import AlmanacArguments
import AlmanacImport
import AlmanacKinds
import AlmanacKit

/// `almanac backup FILE [--force]`.
struct BackupCommand: RunnableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        "backup",
        abstract: localized("help.backup.abstract"),
        discussion: localized("help.backup.discussion"))

    static let examples = [
        Example("almanac backup almanac-copy.db", "example.backup.file"),
        Example("almanac backup almanac-copy.db --force", "example.backup.force"),
    ]

    static let formats = FormatOption.text

    let global: GlobalOptions
    let file: String
    let force: Bool

    init(_ line: ArgumentReader) {
        global = GlobalOptions(line)
        file = line.argument("file", help: "help.backup.file", completion: .files)
        force = line.flag("--force", help: "help.backup.force")
    }

    func run() throws {
        let settings = try global.settings()
        let database = try Store.openReadOnly(settings.databasePath, upgrading: false)
        let report = try Backup.write(database, to: file, force: force)
        let t = settings.localizer
        try Print.line(
            t(
                "backup.done",
                [
                    "path": report.path, "database": settings.databasePath,
                    "size": t.count(Int(report.bytes), unit: "unit.byte"),
                ]))
    }
}
