import AlmanacKit
import ArgumentParser

/// `almanac export KIND [--out FILE]`.
struct Export: ParsableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        abstract: localized("help.export.abstract"),
        discussion: localized("help.export.discussion") + "\n\n" + Import.kindsHelp)

    static let examples = [
        Example("almanac export books --out books-export.csv", "example.export.out"),
        Example("almanac export events --delimiter ';'", "example.export.stdout"),
    ]

    static let formats: [FormatOption] = [.csv]

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(localized("help.export.kind"), valueName: "kind"), completion: .almanac(.kinds))
    var kind: String

    @Option(name: .long, help: ArgumentHelp(localized("help.export.out"), valueName: "file"), completion: .file())
    var out: String?

    @Option(name: .long, help: ArgumentHelp(localized("help.import.delimiter"), valueName: "char"),
            completion: .list(ImportOptions.delimiterNames))
    var delimiter = ","

    @Flag(name: .long, help: ArgumentHelp(localized("help.export.force")))
    var force = false

    func run() throws {
        let settings = try global.settings()
        guard let exportKind = ImportKind(rawValue: kind) else {
            throw AlmanacError(.usage, "import.error.unknown-kind", ["kind": kind, "kinds": ImportPlan.kindList])
        }
        guard let delimiterByte = ImportOptions.delimiter(named: delimiter) else {
            throw AlmanacError(.usage, "import.error.bad-delimiter", ["value": delimiter])
        }
        let database = try Store.openReadOnly(settings.databasePath)
        let rows = try Exporter.export(exportKind, from: database, to: out, delimiter: delimiterByte, force: force)
        if let out { try Print.note(settings.localizer("export.done", ["rows": String(rows), "path": out])) }
    }
}
