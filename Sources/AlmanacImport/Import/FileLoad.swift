import AlmanacKinds
import AlmanacOutput
import AlmanacText
import Foundation

/// One file's rows on the inserting thread: valid rows go in by groups of `RowInserter.groupSize`,
/// invalid ones are reported in file order and, with `--skip-invalid`, written to the rejects file.
final class FileLoad {
    private let inserter: RowInserter
    private let preparer: BatchPreparer
    private let columns: [ImportColumn]
    private let file: String
    private let rejectsTarget: OutputTarget?
    private let skipInvalid: Bool
    private let localizer: Localizer
    /// Reports a problem; returns true when the import must stop (enough errors for all-or-nothing).
    private let report: (ImportDiagnostic) -> Bool
    /// The rejects file, once a row was rejected; finished by `finish()`, put in place after the COMMIT.
    private(set) var rejects: RejectsWriter?
    private var pending: [Int] = []

    /// How the file went so far.
    var summary: ImportFileSummary
    /// True once the file must not be read further.
    private(set) var stopped = false

    init(
        summary: ImportFileSummary, inserter: RowInserter, preparer: BatchPreparer, columns: [ImportColumn],
        file: String,
        rejectsTarget: OutputTarget?, options: ImportOptions, localizer: Localizer,
        report: @escaping (ImportDiagnostic) -> Bool
    ) {
        self.summary = summary
        self.inserter = inserter
        self.preparer = preparer
        self.columns = columns
        self.file = file
        self.rejectsTarget = rejectsTarget
        skipInvalid = options.skipInvalid
        self.localizer = localizer
        self.report = report
        pending.reserveCapacity(RowInserter.groupSize)
    }

    /// Handles a batch's records in order.
    func consume(_ batch: RecordBatch) throws {
        // Without a header there are no rows to look at; a fault later on (an overlong field) comes
        // after the batch's rows, which are handled first.
        if !batch.fatal.isEmpty && preparer.mapping == nil { return stop(batch) }
        defer {
            inserter.releaseBindings()
            if !batch.fatal.isEmpty && !stopped { stop(batch) }
        }
        if batch.readWallTimes { summary.readWallTimes = true }
        let values = batch.values
        // Read once a batch: most batches skip no record and hold no invalid one, and each look into
        // the batch (a class) is checked for exclusive access.
        let (skipped, invalid) = (batch.skipped, batch.invalid)
        let (anySkipped, anyInvalid) = (!skipped.isEmpty, !invalid.isEmpty)
        try values.withUnsafeBufferPointer { values in
            var issueIndex = 0
            for record in 0..<batch.recordCount where !(anySkipped && skipped.contains(record)) {
                if anyInvalid && invalid.contains(record) {
                    try flush(batch, values)
                    if stopped { return }
                    var problems: [ImportDiagnostic] = []
                    while issueIndex < batch.issues.count && batch.issues[issueIndex].record <= record {
                        let problem = batch.issues[issueIndex].diagnostic
                        if batch.issues[issueIndex].record == record {
                            if report(problem) { stopped = true }
                            problems.append(problem)
                        }
                        issueIndex += 1
                    }
                    try reject(batch, record, problems)
                    if stopped { return }
                } else {
                    pending.append(record)
                    if pending.count == inserter.pendingLimit { try flush(batch, values) }
                    if stopped { return }
                }
            }
            try flush(batch, values)
        }
    }

    /// A problem of the whole file (its header, an empty file, an overlong field): reported, and
    /// the file read no further. It is no row, so no row is counted as rejected for it.
    private func stop(_ batch: RecordBatch) {
        for problem in batch.fatal { _ = report(problem) }
        stopped = true
    }

    /// Stops reading the file (the problems reported before its rows were enough).
    func stop() { stopped = true }

    /// Writes the rejects file and closes it, still under its temporary name.
    func finish() throws {
        try rejects?.close()
        summary.rejectsPath = rejects?.path
    }

    /// Inserts the pending rows: as one group when there are enough, else (or when the group is
    /// refused) one by one, so a refusal is placed at its row.
    private func flush(_ batch: RecordBatch, _ values: UnsafeBufferPointer<BindValue>) throws {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        if let counts = try inserter.insertGroup(batch, values, records: pending[...]) {
            summary.rows += counts.inserted
            summary.skipped += counts.skipped
            return
        }
        for record in pending {
            switch try inserter.insert(
                batch, values, record: record, mapping: preparer.mapping?.placedFields ?? [],
                columns: preparer.mapping?.shown ?? columns, file: file)
            {
            case .inserted: summary.rows += 1
            case .skipped: summary.skipped += 1
            case .failed(let problem):
                if report(problem) { stopped = true }
                try reject(batch, record, [problem])
                if stopped { return }
            }
        }
    }

    private func reason(_ problem: ImportDiagnostic) -> String {
        "\(problem.line):\(problem.column): \(problem.message(localizer))"
    }

    /// Counts an invalid row and, with `--skip-invalid`, writes it with its reasons (worded only then).
    private func reject(_ batch: RecordBatch, _ record: Int, _ problems: [ImportDiagnostic]) throws {
        summary.rejected += 1
        guard skipInvalid, let rejectsTarget, let header = preparer.header else { return }
        if rejects == nil {
            rejects = try RejectsWriter(
                target: rejectsTarget, header: header, delimiter: batch.dialect.delimiter,
                dialect: batch.dialect)
        }
        try rejects?.write(batch, record: record, reasons: problems.map(reason))
    }
}
