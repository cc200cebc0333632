import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText
import Foundation

/// `almanac export DIR`: every kind of the database into one folder, one file per kind named as
/// `import DIR` reads it (`books.csv`, …), with what makes each whole (a door's `opened_at`, a
/// setting's `created_at`, an answer's `session`), so that `init` then `import DIR` into a fresh
/// database gives the same rows in every table but the import log (`DatabaseExportTests`).
public enum DatabaseExport {
    /// One file written.
    public struct File: Sendable {
        /// The kind.
        public let kind: ImportKind
        /// The file, inside the folder as given.
        public let path: String
        /// The rows written.
        public let rows: Int
    }

    /// Writes every kind of `database` into `folder` (made when missing; its parent must exist). All
    /// files are claimed through one `OutputGuard` before the first is written (never the database
    /// or its side files; an existing file only with `force`; never a FIFO or a device), each is
    /// written under a temporary name in the folder the claim opened, and none takes its name until
    /// all are complete and on the disk. Every kind is read in one read transaction, so the files
    /// agree with each other while another process writes.
    /// `sheet` and `localizer` give each file's form, as `Exporter.export` takes them.
    public static func write(
        _ database: Database, into folder: String, sheet: SheetForm = .plain, localizer: Localizer = .english,
        force: Bool = false
    ) throws -> [File] {
        try makeFolder(folder)
        var outputs = OutputGuard(database: database.path, force: force)
        let kinds = KindRegistry.kinds
        let paths = kinds.map { path(folder, $0.fileName) }
        let targets = try paths.map { try outputs.claim($0, option: "export", fileOnly: true) }
        let files = try targets.map { try $0.open() }
        var counts: [Int] = []
        do {
            try withReadTransaction(database) {
                for (kind, file) in zip(kinds, files) {
                    counts.append(
                        try AlmanacError.explaining {
                            try Exporter.write(kind, database, CSVWriter(file.writer, sheet: sheet), localizer)
                        }
                    )
                }
            }
            try OutputFile.synchronize(files)
            try OutputFile.publish(files)
        } catch {
            for file in files { file.discard() }
            throw error
        }
        return zip(kinds, zip(paths, counts)).map { File(kind: $0.0, path: $0.1.0, rows: $0.1.1) }
    }

    /// Runs `body` inside one read transaction of `database`, without BEGIN (which a read-only
    /// connection refuses): SQLite keeps an implicit transaction open while any statement of the
    /// connection is active, so one stepped and not yet reset makes every read in `body` see the
    /// same snapshot.
    static func withReadTransaction<T>(_ database: Database, _ body: () throws -> T) throws -> T {
        if database.dialect == .postgresql {
            // One snapshot for every table: REPEATABLE READ, which a read-only connection may begin.
            try database.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            defer { _ = try? database.execute("COMMIT") }
            return try body()
        }
        let anchor = try database.prepare("SELECT 1 FROM sqlite_schema UNION ALL SELECT 1")
        _ = try anchor.step()
        defer { anchor.reset() }
        return try body()
    }

    /// The folder's path joined with a file name, as the user wrote the folder.
    static func path(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func makeFolder(_ folder: String) throws {
        guard !folder.isEmpty else { throw AlmanacError(.usage, "write.refused.empty", ["option": "export"]) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw AlmanacError(.usage, "export.error.not-a-folder", ["path": folder])
            }
            return
        }
        if mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw AlmanacError(
                .cannotCreate, "export.error.cannot-make-folder",
                ["path": folder, "reason": String(cString: strerror(errno))])
        }
    }
}
