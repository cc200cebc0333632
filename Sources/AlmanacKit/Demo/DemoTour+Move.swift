import AlmanacImport
import AlmanacKinds
import AlmanacOutput
import Foundation

/// The moving part of the demo tour: the database written out as one folder of files and copied
/// as one file, beside the demo database.
extension DemoTour {
    /// One step: `export DIR` (each kind's file and rows) and `backup FILE` (the copy and its size).
    static func move(_ context: DemoContext) throws -> [Step] {
        let t = context.localizer
        let folder = URL(fileURLWithPath: context.settings.databasePath).deletingLastPathComponent()
        let exported = folder.appendingPathComponent("export").path
        let files = try DatabaseExport.write(context.database, into: exported, force: true)
        let table = Table(
            columns: [
                Table.Column(key: "kind", title: t("demo.column.kind")),
                Table.Column(key: "file", title: t("demo.column.file")),
                Table.Column(key: "rows", title: t("init.column.rows")),
            ],
            rows: files.map { [.text($0.kind.rawValue), .text($0.kind.fileName), .integer(Int64($0.rows))] })
        let copy = try Backup.write(
            context.database, to: folder.appendingPathComponent("almanac-backup.db").path, force: true)
        return [
            Step(
                heading: t("demo.step.move", ["folder": exported]),
                body: context.renderer.render(table)
                    + t("demo.move.backup", ["path": copy.path, "size": t.count(Int(copy.bytes), unit: "unit.byte")])
                    + "\n")
        ]
    }
}
