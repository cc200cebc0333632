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
    func list() throws -> Shown {
        let (catalog, t) = (try ReportCatalog.builtIn(), t)
        let links = catalog.reports.map { report in
            "<li><a href=\"" + HTMLText.attribute(context.link("/reports/" + report.name)) + "\">"
                + HTMLText.escaped(t(report.titleKey)) + "</a></li>"
        }.joined(separator: "\n")
        return Shown(
            title: "report.list", content: .whole { $0.render(catalog.listTable(t)) },
            top: "<ul class=\"pages\">\n" + links + "\n</ul>\n")
    }

    /// GET `/reports/NAME`: the report run with the query's parameters (a parameter left empty takes
    /// its default, as when `--param` does not name it), written as `report run NAME --param K=V…`
    /// writes it, row by row however many (a page spools its rows while its chart is tallied).
    func run(_ name: String) throws -> Shown {
        let report = try ReportCatalog.builtIn().report(named: name)
        let arguments = report.parameters.compactMap { parameter in
            context.query.text(parameter.name).map { parameter.name + "=" + $0 }
        }
        let rows = try ReportSession(database: reader(), settings: context.settings).run(report, arguments: arguments)
        let chart = report.chart?.chart(t)
        let title = t(report.titleKey)
        return Shown(
            title: "report.run",
            content: .streamed { renderer, output in
                var renderer = renderer
                renderer.title = title
                try rows.send(to: renderer.writer(rows.head, chart: chart, to: output))
            }, top: parameters(report))
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
