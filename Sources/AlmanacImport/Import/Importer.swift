import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText
import Foundation

/// Imports CSV files into the database: every file of one command in one transaction, so by default
/// one invalid row leaves the database unchanged.
public final class Importer {
    let database: Database
    let options: ImportOptions
    private let localizer: Localizer
    private var errorCount = 0

    /// An importer for an open database.
    public init(database: Database, options: ImportOptions, localizer: Localizer = .english) {
        self.database = database
        self.options = options
        self.localizer = localizer
    }

    /// Imports the files in order. `diagnostic` receives each problem (up to `maxErrors`) as it is
    /// found; `progress` receives snapshots, at most ten a second.
    public func run(
        _ files: [(kind: ImportKind, path: String)],
        diagnostic: @escaping (ImportDiagnostic) -> Void = { _ in },
        progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportReport {
        try run(files.map { ImportSource(kind: $0.kind, path: $0.path) }, diagnostic: diagnostic, progress: progress)
    }

    /// Imports the sources in order (`ImportPlan`: a folder's files come opened already).
    public func run(
        _ files: [ImportSource],
        diagnostic: @escaping (ImportDiagnostic) -> Void = { _ in },
        progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportReport {
        let started = Date()
        errorCount = 0
        var report = ImportReport()
        report.dryRun = options.dryRun
        // Every file this import may write is checked before the transaction begins.
        var outputs = OutputGuard(database: database.path, inputs: files.map(\.path), force: options.force)
        let rejectsTargets = try options.rejectsPath.map {
            try RejectsWriter.claim($0, inputs: files.map(\.path), outputs: &outputs)
        }
        var written: [RejectsWriter] = []
        // A page cache of 4 MiB: bulk appends need little, and the import's memory stays flat however
        // large the file (a bigger cache only fills up on big files).
        switch database.dialect {
        case .sqlite:
            try database.execute("PRAGMA cache_size = -4096")
            try database.execute("BEGIN IMMEDIATE TRANSACTION")
        case .postgresql:
            // Rows of other writers do not wait for the import, nor it for them: a key both write is
            // the constraint's to refuse.
            try database.execute("BEGIN TRANSACTION")
        }
        do {
            for (index, source) in files.enumerated() {
                let (summary, rejects) = try importFile(
                    source, rejectsTarget: rejectsTargets?[index], diagnostic: diagnostic,
                    progress: progress)
                report.files.append(summary)
                if let rejects { written.append(rejects) }
                report.errorCount = errorCount
                if !options.skipInvalid && errorCount >= options.maxErrors { break }
            }
        } catch {
            if database.isInTransaction { try? database.execute("ROLLBACK TRANSACTION") }
            throw error
        }
        let keep = !options.dryRun && (report.errorCount == 0 || options.skipInvalid)
        if keep, let progress, let last = report.files.last {
            progress(
                ImportProgress(
                    file: last.file, rows: report.rows, bytes: report.bytes, totalBytes: nil,
                    seconds: Date().timeIntervalSince(started), phase: .committing))
        }
        do {
            // The rejects files are on the disk before the COMMIT, all at once (one sync, not one per file).
            try OutputFile.synchronize(written.map(\.output))
            if keep { try database.execute("COMMIT TRANSACTION") } else { try database.execute("ROLLBACK TRANSACTION") }
        } catch {
            // A failed COMMIT (a full disk) can leave the transaction open: nothing may stay half-written.
            if database.isInTransaction { try? database.execute("ROLLBACK TRANSACTION") }
            throw error
        }
        // The rejects files were complete before the COMMIT; they take their names after it.
        try OutputFile.publish(written.map(\.output))
        report.committed = keep
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    private func importFile(
        _ source: ImportSource, rejectsTarget: OutputTarget?,
        diagnostic: @escaping (ImportDiagnostic) -> Void, progress: ((ImportProgress) -> Void)?
    )
        throws -> (ImportFileSummary, RejectsWriter?)
    {
        let (kind, path) = (source.kind, source.path)
        var input = try source.opened ?? InputFile(path: path)
        // An iCalendar file (found by its content) is read by libical into the rows of an events file.
        let calendar =
            try kind.definition.hasCalendarFiles
            ? CalendarRows.open(&input, database: database, zone: options.timeZone) : nil
        let startedAt = Instant.utcText(Int64(Date().timeIntervalSince1970))
        let began = Date()
        let rules = try KindRegistry.entry(kind).rules(
            ImportRun(
                database: database, zone: options.timeZone, today: options.today,
                now: Int64(options.now.timeIntervalSince1970.rounded(.down)), kindsWithIDs: KindRegistry.kindsWithIDs))
        let reader = CSVReader(
            input: input, delimiter: options.delimiter, encoding: options.encoding,
            headerFields: HeaderMapping.fieldsKept(rules.columns),
            recognized: HeaderMapping.recognizer(rules.columns, renames: options.renames),
            isDateColumn: HeaderMapping.dateNamer(rules.columns, renames: options.renames),
            datePattern: options.datePattern, encodingForced: options.encodingForced)
        let preparer = BatchPreparer(
            file: input.displayName, kind: kind, rules: rules, renames: options.renames,
            throughLink: input.throughLink)
        // Columns after the kind's own are keys whose values go into a table of their own (a setting's properties).
        // A calendar's events update those of the same UID (their id is found first), unless told to skip.
        let inserter = try RowInserter(
            database: database, kind: kind,
            policy: calendar != nil && options.onConflict == .fail ? .replace : options.onConflict,
            keys: rules.columns.dropFirst(kind.definition.specs.count).map(\.name))
        let indexes = try dropIndexesForBulkLoad(kind, fileSize: input.size)
        let pipeline = BatchPipeline(reader: reader, preparer: preparer, size: input.size)
        let load = FileLoad(
            summary: ImportFileSummary(kind: kind, file: path), inserter: inserter, preparer: preparer,
            columns: rules.columns, file: input.displayName, rejectsTarget: rejectsTarget, options: options,
            localizer: localizer,
            report: { [unowned self] problem in note(calendar?.rows.place(problem) ?? problem, diagnostic) })
        for problem in calendar?.rows.problems ?? [] {
            load.summary.rejected += 1
            if note(problem, diagnostic) { load.stop() }
        }
        func loadRows() throws {
            pipeline.start()
            var lastProgress = Date.distantPast
            do {
                try withChecksSkipped(for: kind) {
                    while !load.stopped, let batch = try pipeline.next() {
                        defer { pipeline.recycle(batch) }
                        try load.consume(batch)
                        if let progress, Date().timeIntervalSince(lastProgress) >= 0.1 {
                            lastProgress = Date()
                            let rows = load.summary.rows + load.summary.skipped + load.summary.rejected
                            progress(
                                ImportProgress(
                                    file: input.displayName, rows: rows, bytes: batch.bytesRead, totalBytes: input.size,
                                    seconds: lastProgress.timeIntervalSince(began)))
                        }
                    }
                }
            } catch {
                pipeline.cancel()
                throw error
            }
            pipeline.cancel()
            try load.finish()
        }
        // Rows going into indexes that are kept land on random index pages: a larger cache (still a
        // fixed size) saves most of the reads and rewrites.
        if try hasSecondaryIndexes(kind) { try withPageCache(kib: 16_384, loadRows) } else { try loadRows() }
        var summary = load.summary
        let stop = load.stopped
        summary.bytes = calendar?.bytes ?? reader.bytesRead
        summary.sha256 = calendar?.sha256 ?? reader.digest
        summary.dialect = calendar == nil ? reader.dialect : nil
        summary.calendar = calendar?.rows.form
        summary.calendar?.floating = summary.readWallTimes
        summary.zone = options.timeZone.identifier
        if let progress, !indexes.isEmpty {
            progress(
                ImportProgress(
                    file: input.displayName, rows: summary.rows, bytes: summary.bytes, totalBytes: input.size,
                    seconds: Date().timeIntervalSince(began), phase: .indexing))
        }
        try recreate(indexes)
        if !options.dryRun && !stop {
            try database.run(
                """
                INSERT INTO import_log (kind, file_name, sha256, rows, rejected, started_at, finished_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(kind.rawValue), .text(path), summary.sha256.map { .text($0) } ?? .null,
                    .integer(Int64(summary.rows)), .integer(Int64(summary.rejected)), .text(startedAt),
                    .text(Instant.utcText(Int64(Date().timeIntervalSince1970))),
                ])
        }
        return (summary, load.rejects)
    }

    /// Counts a problem and passes it on while fewer than `maxErrors` were; true when an
    /// all-or-nothing import has listed enough and should stop.
    private func note(_ problem: ImportDiagnostic, _ diagnostic: (ImportDiagnostic) -> Void) -> Bool {
        errorCount += 1
        if errorCount <= options.maxErrors { diagnostic(problem) }
        return !options.skipInvalid && errorCount >= options.maxErrors
    }
}
