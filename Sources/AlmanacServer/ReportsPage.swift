import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacStore
import AlmanacText

/// `/reports`: the built-in reports as `report list` lists them; `/reports/NAME?K=V…`: one run as
/// `report run NAME --param K=V… --format html` prints it, with its parameters as a form (a GET:
/// a report only reads, on a read-only connection).
struct ReportsPage {
    let context: PageContext
    let connections: Workers.Connections

    init(_ context: PageContext, _ connections: Workers.Connections) {
        self.context = context
        self.connections = connections
    }

    /// The worker's read-only connection with `local_date()` in this reader's zone and words (a report
    /// groups by the reader's days, as `report run --tz` does).
    private func reader() throws -> Database {
        let database = try connections.reader()
        try database.installLocalTime(context.settings.timeZone, localizer: context.settings.localizer)
        return database
    }

    private var t: Localizer { context.t }

    /// GET `/reports`.
    func list() throws -> Reply {
        let catalog = try ReportCatalog.builtIn()
        let text = context.renderer("report.list").render(catalog.listTable(t))
        if context.wantsJSON { return .json(text) }
        let links = catalog.reports.map { report in
            "<li><a href=\"" + HTMLText.attribute(context.link("/reports/" + report.name)) + "\">"
                + HTMLText.escaped(t(report.titleKey)) + "</a></li>"
        }.joined(separator: "\n")
        return .html(
            Frame(text).adding(nav: Navigation.html(context), top: "<ul class=\"pages\">\n" + links + "\n</ul>\n"))
    }

    /// GET `/reports/NAME`: the report run with the query's parameters (a parameter left empty takes
    /// its default, as when `--param` does not name it).
    func run(_ name: String) throws -> Reply {
        let report = try ReportCatalog.builtIn().report(named: name)
        var settings = context.settings
        settings.pageTitle = t(report.titleKey)
        let arguments = report.parameters.compactMap { parameter in
            context.query.text(parameter.name).map { parameter.name + "=" + $0 }
        }
        let rows = try ReportSession(database: reader(), settings: settings).run(report, arguments: arguments)
        let renderer = Renderer(settings: settings, terminal: .pipe, environment: [:])
        if context.wantsJSON {
            // As `report run NAME --format json` writes it: row by row, however many.
            let chart = report.chart?.chart(t)
            return .jsonStream { output in try rows.send(to: renderer.writer(rows.head, chart: chart, to: output)) }
        }
        // As `report run NAME --format html` writes it: the rows spooled while the chart is tallied,
        // however many; the navigation and the parameters' form spliced in as the page passes.
        let (nav, top, chart) = (Navigation.html(context), parameters(report), report.chart?.chart(t))
        return .htmlStream { output in
            let frame = Frame.Streamed(nav: nav, top: top, to: output)
            try rows.send(to: renderer.writer(rows.head, chart: chart, to: frame.writer))
            try frame.finish()
        }
    }

    /// The report's parameters as a GET form, each with its default as a placeholder.
    private func parameters(_ report: ReportDefinition) -> String {
        guard !report.parameters.isEmpty else { return "" }
        var out =
            "<form method=\"get\" class=\"serve-form\" action=\"/reports/" + HTMLText.attribute(report.name) + "\">"
        if let lang = context.lang { out += "<input type=\"hidden\" name=\"lang\" value=\"" + lang + "\">" }
        for parameter in report.parameters {
            out += PageContext.field(
                parameter.name, name: parameter.name, value: context.query[parameter.name] ?? "",
                extra: parameter.defaultText.map { " placeholder=\"" + HTMLText.attribute($0) + "\"" } ?? "")
        }
        return out + "<button type=\"submit\">" + HTMLText.escaped(t("serve.reports.run")) + "</button></form>\n"
    }
}
