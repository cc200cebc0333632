import AlmanacArguments
import AlmanacImport
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacStore
import AlmanacText
import AlmanacViews

/// `almanac export KIND [--out FILE]` and `almanac export DIR`.
struct Export: RunnableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        "export",
        abstract: localized("help.export.abstract"),
        discussion: localized("help.export.discussion") + "\n\n" + localized("help.export.folder") + "\n\n"
            + Import.kindsHelp,
        reference: localized("help.import.rules"))

    static let examples = [
        Example("almanac export books --out books-export.csv", "example.export.out"),
        Example("almanac export events --delimiter ';'", "example.export.stdout"),
        Example("almanac export events --format ics --out events.ics", "example.export.ics"),
        Example("almanac export books --delimiter ';' --bom --out books-excel.csv", "example.export.excel"),
        Example(
            "almanac --locale ru export books --headers titles --date-format DD.MM.YYYY --delimiter ';' --bom",
            "example.export.own-form"),
        Example("almanac export moved/", "example.export.directory"),
        Example("almanac export moved/ --force", "example.export.directory-force"),
    ]

    static let formats: [FormatOption] = [.csv, .ics]

    let global: GlobalOptions
    let kind: String
    let out: String?
    let sheet: SheetOptions
    let force: Bool

    init(_ line: ArgumentReader) {
        global = GlobalOptions(line)
        kind = line.argument("kind-or-dir", help: "help.export.kind", completion: .list(.kinds))
        out = line.option("--out", value: "file", help: "help.export.out", completion: .files)
        sheet = SheetOptions(line)
        force = line.flag("--force", help: "help.export.force")
    }

    func run() throws {
        let settings = try global.settings()
        let form = try sheet.form()
        guard let exportKind = KindRegistry.kind(named: kind) else { return try exportFolder(settings, sheet: form) }
        let database = try Store.openReadOnly(settings.databasePath)
        if global.isCalendar { return try exportCalendar(exportKind, database, settings) }
        let rows = try Exporter.export(
            exportKind, from: database, to: out, sheet: form, localizer: settings.localizer, force: force)
        if let out { try Print.note(settings.localizer("export.done", ["rows": String(rows), "path": out])) }
    }

    /// `export DIR`: a word that is not a kind names a folder, unless it looks like a mistyped kind.
    private func exportFolder(_ settings: Settings, sheet: SheetForm) throws {
        let kinds = KindRegistry.listed.map(\.rawValue)
        if !kind.contains("/"), !kind.contains("."), !Suggestions.nearest(to: kind, among: kinds).isEmpty {
            throw AlmanacError(.usage, "import.error.unknown-kind", ["kind": kind, "kinds": ImportPlan.kindList])
        }
        if out != nil { throw AlmanacError(.usage, "export.error.out-with-folder", ["path": kind]) }
        let database = try Store.openReadOnly(settings.databasePath)
        let files = try DatabaseExport.write(
            database, into: kind, sheet: sheet, localizer: settings.localizer, force: force)
        let t = settings.localizer
        try Print.note(
            t(
                "export.folder.done",
                [
                    "path": kind, "files": t.count(files.count, unit: "unit.file"),
                    "rows": t.count(files.reduce(0) { $0 + $1.rows }, unit: "unit.row"),
                ]))
    }

    /// `export events --format ics`: the events as an iCalendar file; no other kind has one.
    private func exportCalendar(_ kind: ImportKind, _ database: Database, _ settings: Settings) throws {
        guard kind.definition.hasCalendarFiles else {
            throw AlmanacError(.usage, "ical.error.format-needs-events", ["command": "export \(kind.rawValue)"])
        }
        let now = Int64(settings.now().timeIntervalSince1970)
        guard let out else {
            _ = try EventCalendar.export(database, to: .standardOutput, now: now)
            return
        }
        var outputs = OutputGuard(database: database.path, force: force)
        let rows = try outputs.write(out, option: "--out") { try EventCalendar.export(database, to: $0, now: now) }
        try Print.note(settings.localizer("export.done", ["rows": String(rows), "path": out]))
    }
}
