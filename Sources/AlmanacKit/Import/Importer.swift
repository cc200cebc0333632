import Foundation

/// Imports CSV files into the database: every file of one command in one transaction, so by default
/// one invalid row leaves the database unchanged.
public final class Importer {
    let database: Database
    let options: ImportOptions
    private let localizer: Localizer
    private var listed = 0

    /// An importer for an open database.
    public init(database: Database, options: ImportOptions, localizer: Localizer = .english) {
        self.database = database
        self.options = options
        self.localizer = localizer
    }

    /// Imports the files in order. `diagnostic` receives each problem (up to `maxErrors`) as it is
    /// found; `progress` receives snapshots, at most ten a second.
    public func run(_ files: [(kind: ImportKind, path: String)],
                    diagnostic: (ImportDiagnostic) -> Void = { _ in },
                    progress: ((ImportProgress) -> Void)? = nil) throws -> ImportReport {
        let started = Date()
        var report = ImportReport()
        report.dryRun = options.dryRun
        // A page cache of 4 MiB: bulk appends need little, and the import's memory stays flat however
        // large the file (a bigger cache only fills up on big files).
        try database.execute("PRAGMA cache_size = -4096")
        try database.execute("BEGIN IMMEDIATE TRANSACTION")
        do {
            for (kind, path) in files {
                let rejects = options.rejectsPath.map { RejectsWriter.path($0, input: path, shared: files.count > 1) }
                let summary = try importFile(kind, path, rejectsPath: rejects, report: &report, diagnostic: diagnostic, progress: progress)
                report.files.append(summary)
                if report.errorCount > 0 && !options.skipInvalid && listed >= options.maxErrors { break }
            }
        } catch {
            if database.isInTransaction { try? database.execute("ROLLBACK TRANSACTION") }
            throw error
        }
        let keep = !options.dryRun && (report.errorCount == 0 || options.skipInvalid)
        try database.execute(keep ? "COMMIT TRANSACTION" : "ROLLBACK TRANSACTION")
        report.committed = keep
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    private func importFile(_ kind: ImportKind, _ path: String, rejectsPath: String?, report: inout ImportReport,
                            diagnostic: (ImportDiagnostic) -> Void, progress: ((ImportProgress) -> Void)?) throws -> ImportFileSummary {
        let input = try InputFile(path: path)
        let startedAt = Instant.utcText(Int64(Date().timeIntervalSince1970))
        let began = Date()
        var summary = ImportFileSummary(kind: kind, file: path)
        let properties = kind == .animationSettings ? try loadProperties() : []
        let rules = makeRules(kind, properties: properties)
        let reader = CSVReader(input: input, delimiter: options.delimiter, encoding: options.encoding)
        let preparer = BatchPreparer(file: input.displayName, kind: kind, rules: rules, encoding: options.encoding)
        let inserter = try RowInserter(database: database, kind: kind, policy: options.onConflict, properties: properties.map(\.key))
        let indexes = try dropIndexesIfEmpty(kind)
        // Books and events are checked here by exactly the rules of their CHECK constraints, on the
        // parsing thread; evaluating the date CHECKs again on the inserting thread would cost a third
        // of its time. The constraints stay on for every other writer and every other kind.
        let checkedHere = kind == .books || kind == .events
        if checkedHere { try database.execute("PRAGMA ignore_check_constraints = ON") }
        defer { if checkedHere { try? database.execute("PRAGMA ignore_check_constraints = OFF") } }
        let pipeline = BatchPipeline(reader: reader, preparer: preparer)
        pipeline.start()
        var rejects: RejectsWriter?
        var lastProgress = Date.distantPast
        var stop = false
        do {
            while !stop, let batch = try pipeline.next() {
                defer { pipeline.recycle(batch) }
                for problem in batch.fatal { note(problem, &report, diagnostic) }
                if !batch.fatal.isEmpty {
                    summary.rejected += 1
                    stop = true
                    break
                }
                let mapping = preparer.mapping?.fields ?? []
                let values = batch.values
                var issueIndex = 0
                for record in 0..<batch.recordCount where !batch.skipped.contains(record) {
                    if batch.invalid.contains(record) {
                        var reasons: [String] = []
                        while issueIndex < batch.issues.count && batch.issues[issueIndex].record <= record {
                            let problem = batch.issues[issueIndex].diagnostic
                            if batch.issues[issueIndex].record == record {
                                note(problem, &report, diagnostic)
                                reasons.append("\(problem.line):\(problem.column): \(problem.message(localizer))")
                            }
                            issueIndex += 1
                        }
                        try reject(batch, record, reasons, header: preparer.header, rejectsPath, &rejects, &summary)
                    } else {
                        let outcome = try values.withUnsafeBufferPointer {
                            try inserter.insert(batch, $0, record: record, mapping: mapping, columns: rules.columns, file: input.displayName)
                        }
                        switch outcome {
                        case .inserted: summary.rows += 1
                        case .skipped: summary.skipped += 1
                        case .failed(let problem):
                            note(problem, &report, diagnostic)
                            try reject(batch, record, ["\(problem.line):\(problem.column): \(problem.message(localizer))"],
                                header: preparer.header, rejectsPath, &rejects, &summary)
                        }
                    }
                    if !options.skipInvalid && listed >= options.maxErrors {
                        stop = true
                        break
                    }
                }
                if let progress, Date().timeIntervalSince(lastProgress) >= 0.1 {
                    lastProgress = Date()
                    progress(ImportProgress(file: input.displayName, rows: summary.rows + summary.skipped + summary.rejected,
                        bytes: batch.bytesRead, totalBytes: input.size, seconds: lastProgress.timeIntervalSince(began)))
                }
            }
        } catch {
            pipeline.cancel()
            throw error
        }
        pipeline.cancel()
        try rejects?.close()
        summary.rejectsPath = rejects?.path
        summary.bytes = reader.bytesRead
        summary.sha256 = reader.digest
        try recreate(indexes)
        if !options.dryRun && !stop {
            try database.run("""
                INSERT INTO import_log (kind, file_name, sha256, rows, rejected, started_at, finished_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(kind.rawValue), .text(path), summary.sha256.map { .text($0) } ?? .null,
                      .integer(Int64(summary.rows)), .integer(Int64(summary.rejected)), .text(startedAt),
                      .text(Instant.utcText(Int64(Date().timeIntervalSince1970)))])
        }
        return summary
    }

    private func note(_ problem: ImportDiagnostic, _ report: inout ImportReport, _ diagnostic: (ImportDiagnostic) -> Void) {
        report.errorCount += 1
        if listed < options.maxErrors { diagnostic(problem) }
        listed += 1
    }

    private func reject(_ batch: RecordBatch, _ record: Int, _ reasons: [String], header: [String]?, _ path: String?,
                        _ writer: inout RejectsWriter?, _ summary: inout ImportFileSummary) throws {
        summary.rejected += 1
        guard options.skipInvalid, let path, let header else { return }
        if writer == nil { writer = try RejectsWriter(path: path, header: header, delimiter: options.delimiter) }
        try writer?.write(batch, record: record, reasons: reasons)
    }

    private func makeRules(_ kind: ImportKind, properties: [AnimationProperty]) -> any RowRules {
        switch kind {
        case .holidays: return HolidayRows()
        case .doors: return DoorRows()
        case .events: return EventRows(zone: options.timeZone)
        case .countries: return CountryRows()
        case .quizAnswers: return QuizAnswerRows(zone: options.timeZone)
        case .animationProperties: return AnimationPropertyRows()
        case .animationSettings: return AnimationSettingRows(properties: properties)
        case .books: return BookRows(today: options.today)
        }
    }
}
