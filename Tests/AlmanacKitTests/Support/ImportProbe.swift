import AlmanacSQLite
import AlmanacStore
import CCSV
import CSQLite
import Foundation

@testable import AlmanacImport
@testable import AlmanacKinds

// Shared by the libFuzzer harness (Tests/Fuzz), which compiles it into the same module as
// AlmanacKit's sources with -D FUZZING, and by the corpus replay in FuzzCorpusTests.
#if !FUZZING
    @testable import AlmanacKit
    @testable import AlmanacSQLite
    @testable import AlmanacText
#endif

/// Imports one input through the real `Importer` into an in-memory database that starts every run
/// from the same baseline, and checks what must hold whatever the input:
///   - the import ends (with a report or an error), and never leaves a transaction open;
///   - when nothing was committed the database is byte for byte the baseline;
///   - a clean import inserted exactly the file's data records (counted by libcsv alone), and the
///     table grew by the rows reported;
///   - everything committed passes `PRAGMA integrity_check` (every CHECK and NOT NULL, also those
///     the importer leaves to its own rules for books and events), has no dangling foreign key, and
///     holds only valid UTF-8 without NUL.
final class ImportProbe {
    /// The connection imports run on: an in-memory database (SQLite's memdb VFS).
    let database: SQLiteDatabase
    private let baseline: [UInt8]
    private let baselineCounts: [String: Int]
    private let inputPath: String
    private let rejectsPath: String

    /// The tables the probe watches, with the import kinds that write them.
    static let tables = [
        "holidays", "doors", "events", "countries", "quiz_answers", "animation_properties", "animation_settings",
        "animation_setting_values", "books", "import_log", "calendar_state", "overdue_notices", "library_settings",
        "sqlite_sequence",
    ]

    /// The table a kind's rows land in (the last ids: SQLite's own, under their view).
    static func table(_ kind: ImportKind) -> String { kind == .lastIDs ? "sqlite_sequence" : kind.table }

    /// A probe writing its input file into `directory` (a tmpfs is fastest).
    init(directory: String) throws {
        let tag = "\(getpid())-\(UUID().uuidString.prefix(8))"
        inputPath = directory + "/almanac-probe-\(tag).csv"
        rejectsPath = directory + "/almanac-probe-\(tag)-rejects.csv"
        let setup = try SQLiteDatabase(path: ":memory:")
        try DatabaseMigrator.builtIn.migrate(setup)
        try setup.execute(Self.seedSQL)
        var size: sqlite3_int64 = 0
        guard let bytes = sqlite3_serialize(setup.handle, "main", &size, 0) else {
            throw ProbeFailure("cannot serialize")
        }
        baseline = Array(UnsafeBufferPointer(start: bytes, count: Int(size)))
        sqlite3_free(bytes)
        database = try SQLiteDatabase(path: ":memory:")
        guard let buffer = sqlite3_malloc64(sqlite3_uint64(baseline.count))?.assumingMemoryBound(to: UInt8.self) else {
            throw ProbeFailure("out of memory")
        }
        buffer.update(from: baseline, count: baseline.count)
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
        let size64 = sqlite3_int64(baseline.count)
        guard sqlite3_deserialize(database.handle, "main", buffer, size64, size64, flags) == SQLITE_OK else {
            throw ProbeFailure("sqlite3_deserialize failed")
        }
        var counts: [String: Int] = [:]
        for table in Self.tables { counts[table] = try Self.count(table, database) }
        baselineCounts = counts
    }

    deinit {
        unlink(inputPath)
        unlink(rejectsPath)
    }

    /// Rows the other kinds refer to or collide with: holidays, countries, animation properties, a loan.
    /// The countries are named unlike the reference data (`ReferenceLoad`), whose rows give way to an
    /// import: these are a user's, and a row with one of their codes collides.
    static let seedSQL = """
        INSERT INTO holidays (key, title, color) VALUES ('xmas', 'Christmas', '#C0392B'), ('a', 'A', NULL);
        INSERT INTO doors (holiday, door, surprise) VALUES ('xmas', 1, 'Star');
        INSERT INTO countries (code, name, alpha3, numeric) VALUES ('DE', 'Deutschland', 'DEU', '276'),
            ('FR', 'République française', 'FRA', '250'), ('JP', 'Nippon', 'JPN', '392'), ('RU', 'Rossiya', 'RUS', '643');
        INSERT INTO animation_properties (key, label, min, max, step, default_value) VALUES
            ('x', 'X', -180, 180, 15, 0), ('o', 'Opacity', 0, 1, 0.05, 1);
        INSERT INTO books (id, title, loaned_on, due_on) VALUES (1, 'Dune', '2025-12-01', '2025-12-20');
        INSERT INTO events (id, title, starts_at) VALUES (1, 'Party', '2025-12-22T16:30:00Z');
        """

    /// The kind a fuzz input selects: its first byte's low three bits, and eight more when the input's
    /// length is odd (the first byte is full, and twelve kinds need four bits; the length is the one
    /// thing libFuzzer changes besides the bytes). Every kind can be picked, the first four twice as often.
    static func kind(_ flags: UInt8, length: Int) -> ImportKind {
        KindRegistry.listed[(Int(flags & 7) + (length & 1) * 8) % KindRegistry.listed.count]
    }

    /// The options the rest of the first byte selects: encoding, conflict policy, skip-invalid.
    static func options(_ flags: UInt8) -> ImportOptions { allOptions[Int(flags)] }

    /// Made once: a TimeZone costs more to create than a small import.
    private static let allOptions = (0...255).map { makeOptions(UInt8($0)) }

    private static func makeOptions(_ flags: UInt8) -> ImportOptions {
        var options = ImportOptions(today: LocalDate(year: 2025, month: 12, day: 22)!)
        options.encoding = [nil, .windows1251, .latin1, .utf8][Int(flags >> 3 & 3)]
        options.onConflict = [.fail, .skip, .replace, .fail][Int(flags >> 5 & 3)]
        options.skipInvalid = flags & 0x80 != 0
        options.maxErrors = 20
        return options
    }

    /// Imports `body` as `kind` with the options of `flags`; nil when every invariant holds, else
    /// what broke. `diagnostic` sees each problem the import lists.
    func check(
        _ body: UnsafeRawBufferPointer, kind: ImportKind, flags: UInt8,
        diagnostic: @escaping (ImportDiagnostic) -> Void = { _ in }
    ) -> String? {
        do {
            try reset()
            // Plain write(2): FileManager writes atomically, with an fsync and a rename per input.
            let descriptor = open(inputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return "cannot write \(inputPath)" }
            let written = body.isEmpty ? 0 : write(descriptor, body.baseAddress, body.count)
            close(descriptor)
            guard written == body.count else { return "cannot write \(inputPath)" }
            var options = Self.options(flags)
            if options.skipInvalid {
                // An existing file is never replaced without --force: each run starts without one.
                unlink(rejectsPath)
                options.rejectsPath = rejectsPath
            }
            let importer = Importer(database: database, options: options)
            let report: ImportReport
            do {
                report = try importer.run([(kind, inputPath)], diagnostic: diagnostic)
            } catch {
                if database.isInTransaction { return "transaction left open after \(error)" }
                return unchanged() ? nil : "database changed by a failed import: \(error)"
            }
            if database.isInTransaction { return "transaction left open" }
            guard report.committed else {
                return unchanged() ? nil : "database changed by an import that committed nothing"
            }
            return try committed(report, kind: kind, options: options, body: body)
        } catch {
            return "probe failed: \(error)"
        }
    }

    private func committed(
        _ report: ImportReport, kind: ImportKind, options: ImportOptions, body: UnsafeRawBufferPointer
    ) throws -> String? {
        let table = Self.table(kind)
        let grown = try Self.count(table, database) - baselineCounts[table, default: 0]
        // A replace updates rows in place; under fail, so does a row that meets a reference row `init`
        // loads (it gives way); the last ids are raised in place.
        let replacing =
            options.onConflict == .replace || kind == .lastIDs
            || (options.onConflict == .fail && ReferenceLoad.kinds.contains(kind))
        if replacing ? grown > report.rows : grown != report.rows {
            return "\(table) grew by \(grown) rows, the report says \(report.rows)"
        }
        if report.errorCount == 0 {
            // Lines of empty fields (a spreadsheet's `;;;`) are no rows; only those may be left out.
            guard let dialect = report.files.first?.dialect else { return "no dialect reported for a clean file" }
            let records = Self.dataRecords(body, dialect: dialect)
            if report.rows + report.skipped > records.all || report.rows + report.skipped < records.all - records.empty
            {
                return
                    "\(report.rows) rows + \(report.skipped) skipped, but the file has \(records.all) data records (\(records.empty) empty)"
            }
            let logged = try Self.count("import_log", database) - baselineCounts["import_log", default: 0]
            if logged != 1 { return "import_log has \(logged) new rows for one clean file" }
        }
        for written in [table, "import_log"] + (kind == .animationSettings ? ["animation_setting_values"] : []) {
            if let problem = try storedProblem(in: written) { return problem }
        }
        return nil
    }

    /// What is wrong with a table's rows, or nil: a CHECK or NOT NULL broken, an index out of step,
    /// a dangling foreign key, text that is not clean UTF-8. (Only the tables an import writes are
    /// checked: the rest is the baseline, unchanged.)
    func storedProblem(in table: String) throws -> String? {
        let integrity = try database.rows("PRAGMA integrity_check(\(table))").compactMap { $0.first?.textValue }
        if integrity != ["ok"] { return "integrity_check: \(integrity.joined(separator: "; "))" }
        if let dangling = try database.rows("PRAGMA foreign_key_check(\(table))").first {
            return "dangling foreign key in \(dangling.first?.textValue ?? "?")"
        }
        return try textProblem(in: table)
    }

    /// The first stored text that is not clean UTF-8 (mojibake or a NUL would be a bug).
    private func textProblem(in table: String) throws -> String? {
        let statement = try database.prepare("SELECT * FROM \(table)") as! SQLiteStatement
        while try statement.step() {
            for column in 0..<sqlite3_column_count(statement.handle)
            where sqlite3_column_type(statement.handle, column) == SQLITE_TEXT {
                let text = sqlite3_column_text(statement.handle, column)
                let bytes = UnsafeRawBufferPointer(
                    start: text, count: Int(sqlite3_column_bytes(statement.handle, column)))
                if let (offset, problem) = TextCheck.firstProblem(in: bytes) {
                    return "\(table) column \(column) holds \(problem) at byte \(offset)"
                }
            }
        }
        return nil
    }

    /// Puts the baseline back when the last input changed the database. The pages are written
    /// through the memdb file itself, not with sqlite3_deserialize or a backup (which make the
    /// connection parse the whole schema again, a fifth of the time of a run): the connection holds
    /// no lock between runs, sees the file change counter differ at its next transaction and drops
    /// its page cache, and keeps its parsed schema when the schema cookie is the one it parsed.
    private func reset() throws {
        if unchanged() { return }
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(database.handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
            let file, let methods = file.pointee.pMethods
        else { throw ProbeFailure("no file pointer") }
        let wrote = methods.pointee.xWrite(file, baseline, Int32(baseline.count), 0)
        let truncated = methods.pointee.xTruncate(file, sqlite3_int64(baseline.count))
        guard wrote == SQLITE_OK, truncated == SQLITE_OK, unchanged() else {
            throw ProbeFailure("cannot restore the baseline")
        }
    }

    /// True when the database's pages are exactly the baseline's.
    private func unchanged() -> Bool {
        var size: sqlite3_int64 = 0
        // An in-memory database of the memdb VFS lends its pages without a copy.
        guard let pages = sqlite3_serialize(database.handle, "main", &size, UInt32(SQLITE_SERIALIZE_NOCOPY)) else {
            return false
        }
        return Int(size) == baseline.count && memcmp(pages, baseline, baseline.count) == 0
    }

    private static func count(_ table: String, _ database: Database) throws -> Int {
        guard case .integer(let count)? = try database.scalar("SELECT count(*) FROM \(table)") else { return -1 }
        return Int(count)
    }

    /// The records after the header, as libcsv alone counts them in strict mode (after the byte-order mark).
    /// The data records of a file read in `dialect` (its encoding, its delimiter, its `sep=` line),
    /// and how many of them hold only empty fields.
    static func dataRecords(_ body: UnsafeRawBufferPointer, dialect: FileDialect) -> (all: Int, empty: Int) {
        var parser = csv_parser()
        csv_init(&parser, UInt8(CSV_STRICT | CSV_STRICT_FINI))
        csv_set_delim(&parser, dialect.delimiter)
        csv_set_space_func(&parser, almanac_csv_no_space)
        defer { csv_free(&parser) }
        // A byte-order mark opens the file; it is not part of the first field (`"key"` after one is quoted).
        let mark = dialect.byteOrderMark ? dialect.encoding.byteOrderMark?.count ?? 0 : 0
        var text = [UInt8](UnsafeRawBufferPointer(rebasing: body[min(mark, body.count)...]))
        if let transcoder = dialect.encoding.transcoder() {
            text = text.withUnsafeBytes { [UInt8](transcoder.convert($0)) } + [UInt8](transcoder.finish())
        }
        if dialect.sepLine, let sep = text.withUnsafeBytes({ DelimiterSniffer.sepLine($0) }) {
            text.removeFirst(sep.length)
        }
        // Records, empty ones, and whether the record being read has a non-empty field so far.
        var counts = (all: 0, empty: 0, filled: false)
        let onField: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = {
            _, length, context in
            if length > 0 {
                context!.assumingMemoryBound(to: (all: Int, empty: Int, filled: Bool).self).pointee.filled = true
            }
        }
        let onRecord: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { _, context in
            let counts = context!.assumingMemoryBound(to: (all: Int, empty: Int, filled: Bool).self)
            counts.pointee.all += 1
            if !counts.pointee.filled { counts.pointee.empty += 1 }
            counts.pointee.filled = false
        }
        text.withUnsafeBytes { _ = csv_parse(&parser, $0.baseAddress, $0.count, onField, onRecord, &counts) }
        _ = csv_fini(&parser, onField, onRecord, &counts)
        return (max(counts.all - 1, 0), counts.all > 0 ? counts.empty : 0)
    }
}

/// A probe that could not run (not an invariant broken by the importer).
struct ProbeFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
