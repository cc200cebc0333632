import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import Foundation

/// `almanac report list | run NAME`: the named reports of `Reports/*.sql`, and your own.
struct Report: Command {
    static let configuration = CommandConfiguration(
        "report",
        abstract: localized("help.report.abstract"),
        discussion: localized("help.report.discussion"),
        subcommands: [List.self, Run.self]
    )

    /// `almanac report list`.
    struct List: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "list",
            abstract: localized("help.report.list.abstract"),
            discussion: localized("help.report.list.discussion"))

        static let examples = [
            Example("almanac report list", "example.report.list.all"),
            Example("almanac --locale ru report list", "example.report.list.russian"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let reportsDir: String?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            reportsDir = line.option(
                "--reports-dir", value: "dir", help: "help.report.reports-dir",
                completion: .directories)
        }

        func run() throws {
            let settings = try page.settings(global, "report.list")
            let catalog = try ReportCatalog.load(directory: reportsDir)
            try page.write(settings, page.renderer(settings).render(catalog.listTable(settings.localizer)))
        }
    }

    /// `almanac report run NAME [--param K=V...]`.
    struct Run: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "run",
            abstract: localized("help.report.run.abstract"),
            discussion: localized("help.report.run.discussion"))

        static let examples = [
            Example("almanac report run overdue-books", "example.report.run.default"),
            Example(
                "almanac report run overdue-books --param within=14 --param as_of=2025-12-01",
                "example.report.run.params"),
            Example(
                "almanac report run events-by-day --param from=today-7 --tz Europe/Moscow", "example.report.run.zone"),
            Example("almanac report run quiz-scores --format json", "example.report.run.json"),
            Example("almanac report run overdue-books --param within=14 --format csv", "example.report.run.csv"),
            Example("almanac report run events-by-day --format html --out per-day.html", "example.report.run.html"),
            Example("almanac report run mine --reports-dir ~/almanac-reports", "example.report.run.own"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let name: String
        let param: [String]
        let reportsDir: String?
        let timeout: Int?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            name = line.argument("name", help: "help.report.run.name", completion: .list(.reports))
            param = line.option(
                "--param", value: "name=value", help: "help.report.run.param",
                completion: .list(.reportParameters))
            reportsDir = line.option(
                "--reports-dir", value: "dir", help: "help.report.reports-dir",
                completion: .directories)
            timeout = line.option("--timeout", value: "seconds", help: "help.report.run.timeout")
        }

        func run() throws {
            QueryLimits.capMemory()
            var settings = try page.settings(global, "report.run")
            settings.timeZone.becomeTheCLibrarysZone()
            let limits = try QueryLimits(option: timeout, default: QueryLimits.defaultTimeout)
            limits.abandon = { [localizer = settings.localizer] error in
                ErrorReporter.abandon(with: error, localizer: localizer)
            }
            let report = try ReportCatalog.load(directory: reportsDir).report(named: name)
            settings.pageTitle = settings.localizer(report.titleKey)
            let rows = try ReportSession(settings: settings, limits: limits).run(
                report, arguments: param, note: Print.note)
            try page.output(settings) { output in
                limits.output = output
                try rows.send(
                    to: page.renderer(settings).writer(
                        rows.head, chart: report.chart?.chart(settings.localizer), to: output))
            }
        }
    }
}
