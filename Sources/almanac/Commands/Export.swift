import AlmanacKit
import ArgumentParser

/// `almanac export KIND [--out FILE]`.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a kind's rows as CSV in its import format.",
        discussion: """
            Writes to standard output, or with --out to a file, written under a
            temporary name and put in place only once it is complete and on the disk.
            --out is never the database or its -wal/-shm/-journal files; an existing
            file is replaced only with --force. Empty values are empty fields; export then import into an
            empty database gives the same rows.

            \(ImportKind.helpText)
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("One of: \(ImportKind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "kind"))
    var kind: String

    @Option(name: .long, help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
    var out: String?

    @Option(name: .long, help: ArgumentHelp("Field delimiter: , ; or tab.", valueName: "char"))
    var delimiter = ","

    @Flag(name: .long, help: "Replace an existing --out file (without it, an existing file is refused).")
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
