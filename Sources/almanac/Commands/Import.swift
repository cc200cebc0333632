import AlmanacArguments
import AlmanacImport
import AlmanacKinds
import AlmanacKit
import AlmanacText
import Foundation

extension ConflictPolicy: ArgumentValue {}

/// `almanac import KIND FILE…` and `almanac import DIR`.
struct Import: RunnableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        "import",
        abstract: localized("help.import.abstract"),
        discussion: localized("help.import.discussion") + "\n\n" + kindsHelp + "\n\n" + localized("help.import.more"),
        reference: localized("help.import.reference") + "\n\n" + localized("help.import.rules"))

    static let examples = [
        Example("almanac import books loans.csv", "example.import.file"),
        Example("almanac import events calendar.ics --tz Europe/Berlin", "example.import.ics"),
        Example("almanac import data/", "example.import.directory"),
        Example("almanac import books loans.csv --skip-invalid --rejects rejects.csv", "example.import.rejects"),
        Example("almanac import events agenda.csv --on-conflict replace --dry-run", "example.import.dry-run"),
        Example("almanac import books old.csv --encoding windows-1251 --delimiter ';'", "example.import.encoding"),
        Example("almanac import books loans-excel.csv", "example.import.excel"),
    ]

    /// The kinds with their columns (also in `export`'s help); the rules every import checks are in
    /// the man page (`help.import.rules`).
    static var kindsHelp: String {
        let kinds = KindRegistry.listed.map { kind in
            // A kind with keyed values says how its columns go on after these (one per property key).
            hanging(
                "  \(kind.rawValue): "
                    + (kind.definition.keyedValues.map { localized($0.help, ["columns": kind.helpColumns]) }
                        ?? kind.helpColumns))
        }.joined(separator: "\n")
        return localized("help.import.kinds") + "\n" + kinds
    }

    /// A kind's line cut after a comma to fit 80 columns (and the help's margin), the rest indented under it.
    static func hanging(_ line: String, width: Int = 78) -> String {
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ") {
            if current.count + 1 + word.count > width && current.hasSuffix(",") {
                lines.append(current)
                current = "   "
            }
            current += (current.isEmpty ? "  " : " ") + word
        }
        return (lines + [current]).joined(separator: "\n")
    }

    static let formats = FormatOption.text

    let global: GlobalOptions
    let arguments: [String]
    let onConflict: ConflictPolicy
    let skipInvalid: Bool
    let rejects: String?
    let force: Bool
    let dryRun: Bool
    let delimiter: String?
    let encoding: String?
    let maxErrors: Int
    let map: [String]
    let followLinks: Bool
    let dateFormat: String?

    init(_ line: ArgumentReader) {
        global = GlobalOptions(line)
        arguments = line.argument(
            "kind-or-dir", help: "help.import.arguments", completion: .list(.importArguments),
            required: false)
        onConflict = line.option("--on-conflict", value: "policy", help: "help.import.on-conflict", default: .fail)
        skipInvalid = line.flag("--skip-invalid", help: "help.import.skip-invalid")
        rejects = line.option("--rejects", value: "file", help: "help.import.rejects", completion: .files)
        force = line.flag("--force", help: "help.import.force")
        dryRun = line.flag("--dry-run", help: "help.import.dry-run")
        delimiter = line.option(
            "--delimiter", value: "char", help: "help.import.sniffed-delimiter",
            completion: .words(ImportOptions.delimiterNames))
        encoding = line.option(
            "--encoding", value: "name", help: "help.import.encoding",
            completion: .words(TextEncoding.allCases.map(\.rawValue)))
        maxErrors = line.option("--max-errors", value: "n", help: "help.import.max-errors", default: 100)
        map = line.option("--map", value: "source=column", help: "help.import.map")
        followLinks = line.flag("--follow-links", help: "help.import.follow-links")
        dateFormat = line.option(
            "--date-format", value: "pattern", help: "help.import.date-format", completion: .words(DateForms.examples))
    }

    func run() throws {
        let settings = try global.settings()
        let t = settings.localizer
        var options = ImportOptions(today: settings.today)
        let delimiterByte = try delimiter.map { name in
            guard let byte = ImportOptions.delimiter(named: name) else {
                throw AlmanacError(.usage, "import.error.bad-delimiter", ["value": name])
            }
            return byte
        }
        let textEncoding = try encoding.map { name in
            guard let known = TextEncoding.option(name) else {
                throw AlmanacError(.usage, "import.error.bad-encoding", ["value": name])
            }
            return known
        }
        guard maxErrors > 0 else {
            throw AlmanacError(.usage, "import.error.bad-max-errors", ["value": String(maxErrors)])
        }
        if rejects != nil && !skipInvalid { throw AlmanacError(.usage, "import.error.rejects-needs-skip") }
        options.delimiter = delimiterByte
        options.encoding = textEncoding?.encoding
        options.encodingForced = textEncoding?.forced ?? false
        options.onConflict = onConflict
        options.skipInvalid = skipInvalid
        options.rejectsPath = rejects
        options.force = force
        options.dryRun = dryRun
        options.maxErrors = maxErrors
        options.datePattern = try DateForms.option(dateFormat)
        options.timeZone = settings.timeZone
        options.now = settings.now()

        let plan = try ImportPlan.resolve(arguments, followLinks: followLinks)
        let kinds = Array(Set(plan.files.map(\.kind))).sorted { $0.rawValue < $1.rawValue }
        options.renames = try ImportOptions.renames(
            map,
            // Keyed columns (a setting's property keys) are the database's: any name may be one.
            columns: kinds.contains { $0.definition.keyedValues != nil }
                ? nil : kinds.flatMap { $0.fileColumns.map(\.name) },
            kinds: kinds.map(\.rawValue).joined(separator: ", "))
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
        if report.committed || report.dryRun {
            try Print.line(report.summary(t))
            for line in report.formLines(t) { try Print.line(line) }
        }
        if let failure = report.failure(t, maxErrors: maxErrors) { throw failure }
    }
}
