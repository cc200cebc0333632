import AlmanacKit
import ArgumentParser
import Foundation

extension ConflictPolicy: ExpressibleByArgument {}

/// `almanac import KIND FILE…` and `almanac import DIR`.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import CSV files: `import KIND FILE…` (FILE - is standard input) or `import DIR`.",
        discussion: """
            A directory imports every known file in it (holidays.csv, doors.csv,
            countries.csv, quiz-answers.csv, animation-properties.csv,
            animation-settings.csv, events.csv, books.csv) in that order, so rows
            can refer to rows imported before them.

            All files of one command are imported in one transaction. By default one
            invalid row and nothing is written (exit 65); each problem is listed as
            FILE:LINE:COLUMN: error: MESSAGE, up to --max-errors. With --skip-invalid
            the valid rows are committed and the invalid ones are written to
            --rejects as CSV with a `reason` column: fix them and import that file
            again. With several files each gets its own, named after it: --rejects
            r.csv and books.csv give r-books.csv (files of one name in different
            folders take their folder too: r-a-books.csv). A rejects file is never the
            database, its -wal/-shm/-journal files or an input; an existing one is
            replaced only with --force. It is written under a temporary name and put in
            place once the import has committed.
            Each file is recorded in the import_log table with its SHA-256.
            A progress line is shown on standard error when it is a terminal.

            \(ImportKind.helpText)
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("KIND FILE… (FILE - reads standard input), or one directory.", valueName: "kind-or-dir"))
    var arguments: [String] = []

    @Option(name: .long, help: ArgumentHelp("A row whose key exists: fail, skip or replace.", valueName: "policy"))
    var onConflict: ConflictPolicy = .fail

    @Flag(name: .long, help: "Commit the valid rows; leave out the invalid ones (still exit 65).")
    var skipInvalid = false

    @Option(name: .long, help: ArgumentHelp("Write invalid rows here, with a reason column (with --skip-invalid).", valueName: "file"))
    var rejects: String?

    @Flag(name: .long, help: "Replace an existing --rejects file (without it, an existing file is refused).")
    var force = false

    @Flag(name: .long, help: "Check and insert everything, then roll back: the database is not changed.")
    var dryRun = false

    @Option(name: .long, help: ArgumentHelp("Field delimiter: , ; or tab.", valueName: "char"))
    var delimiter = ","

    @Option(name: .long, help: ArgumentHelp("Input encoding: utf-8, windows-1251 or latin1.", valueName: "name"))
    var encoding = "utf-8"

    @Option(name: .long, help: ArgumentHelp("List at most this many errors (an all-or-nothing import stops there).", valueName: "n"))
    var maxErrors = 100

    func run() throws {
        let settings = try global.settings()
        let t = settings.localizer
        var options = ImportOptions(today: settings.today)
        guard let delimiterByte = ImportOptions.delimiter(named: delimiter) else {
            throw AlmanacError(.usage, "import.error.bad-delimiter", ["value": delimiter])
        }
        guard let textEncoding = TextEncoding(name: encoding) else {
            throw AlmanacError(.usage, "import.error.bad-encoding", ["value": encoding])
        }
        guard maxErrors > 0 else { throw AlmanacError(.usage, "import.error.bad-max-errors", ["value": String(maxErrors)]) }
        if rejects != nil && !skipInvalid { throw AlmanacError(.usage, "import.error.rejects-needs-skip") }
        options.delimiter = delimiterByte
        options.encoding = textEncoding
        options.onConflict = onConflict
        options.skipInvalid = skipInvalid
        options.rejectsPath = rejects
        options.force = force
        options.dryRun = dryRun
        options.maxErrors = maxErrors
        options.timeZone = settings.timeZone

        let plan = try ImportPlan.resolve(arguments)
        for path in plan.ignored { try Print.note(t("import.note.ignored", ["path": path])) }
        let database = try Store.open(settings.databasePath)
        let progress = TerminalProgress.ifTerminal()
        let report = try Importer(database: database, options: options, localizer: t).run(
            plan.files,
            diagnostic: { problem in
                progress?.clear()
                ErrorReporter.printError(problem.formatted(t))
            },
            progress: progress.map { line in { line.update($0.line(t)) } })
        progress?.clear()
        if report.committed || report.dryRun { try Print.line(report.summary(t)) }
        if let failure = report.failure(t, maxErrors: maxErrors) { throw failure }
    }
}
