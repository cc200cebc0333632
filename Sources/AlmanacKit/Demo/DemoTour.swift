import AlmanacImport
import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText
import Foundation

/// The demo: a fresh database loaded with the embedded sample data, and a tour of what it holds.
///
/// Each domain adds its part of the tour in its own file (`DemoTour+Books.swift`, ...) as a function
/// from a `DemoContext` to steps, and one line in `run`.
public enum DemoTour {
    /// The day the sample data is built around (Monday 22 December 2025); the tour's "today" unless
    /// the user gives `--today`.
    public static let demoDay = LocalDate(year: 2025, month: 12, day: 22)!

    /// One stop of the tour: a heading and what it shows, already rendered.
    public struct Step: Sendable {
        /// The heading, in the user's language.
        public let heading: String
        /// The rendered body (tables, text), ending with a newline.
        public let body: String

        /// Creates a step.
        public init(heading: String, body: String) {
            self.heading = heading
            self.body = body
        }
    }

    /// What the demo made.
    public struct Result: Sendable {
        /// The demo database.
        public let databasePath: String
        /// The folder the sample CSV files were written to (and imported from).
        public let sampleDataPath: String
        /// Its schema version.
        public let schemaVersion: Int
        /// The stops of the tour, in order.
        public let steps: [Step]
    }

    /// A new temporary directory for the demo (in `TMPDIR`, else `/tmp`).
    public static func temporaryFolder() throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "almanac-demo-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw AlmanacError(
                .cannotCreate, "error.cannot-write", ["path": directory.path, "reason": error.localizedDescription])
        }
        return directory.path
    }

    /// Creates the demo database in `folder` (from `temporaryFolder`), the only place the demo writes (never
    /// `settings.databasePath`: PRODUCT.md lets only `init` create a database the user names), imports
    /// the sample data written beside it, and runs the tour with `settings` (its `today` is the demo
    /// day unless the caller chose another).
    public static func run(in folder: String, settings: Settings, renderer: Renderer) throws -> Result {
        let path = URL(fileURLWithPath: folder).appendingPathComponent("almanac.db").path
        var settings = settings
        settings.databasePath = path
        let report = try Store.initialize(path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("sample-data").path
        try SampleData.write(into: folder, database: path)
        let database = try Store.open(path)
        let imported = try importSampleData(from: folder, into: database, settings: settings)
        let context = DemoContext(database: database, settings: settings, renderer: renderer)
        var steps = [overview(context, imported: imported)]
        steps += try calendarAndAnimation(context)
        steps += try events(context)
        steps += try quiz(context)
        steps += try books(context)
        steps += try changes(context)
        steps += try move(context)
        steps.append(try reports(context))
        return Result(databasePath: path, sampleDataPath: folder, schemaVersion: report.toVersion, steps: steps)
    }

    private static func importSampleData(from folder: String, into database: Database, settings: Settings) throws
        -> ImportReport
    {
        var options = ImportOptions(today: settings.today)
        options.timeZone = settings.timeZone
        options.now = settings.now()
        let plan = try ImportPlan.resolve([folder])
        let report = try Importer(database: database, options: options, localizer: settings.localizer).run(plan.files)
        guard report.committed else {
            throw AlmanacError(
                .internalError, "error.internal",
                ["message": "the sample data did not import (\(report.errorCount) errors)"])
        }
        return report
    }

    private static func overview(_ context: DemoContext, imported: ImportReport) -> Step {
        let t = context.localizer
        let table = Table(
            columns: [
                Table.Column(key: "kind", title: t("demo.column.kind")),
                Table.Column(key: "file", title: t("demo.column.file")),
                Table.Column(key: "rows", title: t("init.column.rows")),
            ],
            rows: imported.files.map {
                [.text($0.kind.rawValue), .text(($0.file as NSString).lastPathComponent), .integer(Int64($0.rows))]
            })
        return Step(heading: t("demo.step.imported"), body: context.renderer.render(table))
    }

    private static func reports(_ context: DemoContext) throws -> Step {
        let t = context.localizer
        return Step(
            heading: t("demo.reports", ["path": context.settings.databasePath]),
            body: context.renderer.render(try ReportCatalog.builtIn().listTable(t)))
    }
}

/// What each part of the demo tour works with.
public struct DemoContext {
    /// The demo database, with the sample data in it.
    public let database: Database
    /// The settings the tour runs with (`today` is the demo day unless the user chose another).
    public let settings: Settings
    /// The renderer for the user's format and terminal.
    public let renderer: Renderer

    /// The user's language.
    public var localizer: Localizer { settings.localizer }
}
