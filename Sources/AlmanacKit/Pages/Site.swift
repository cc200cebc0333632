import AlmanacAnimation
import AlmanacEvents
import AlmanacKinds
import AlmanacOutput
import AlmanacText
import AlmanacViews
import Foundation

/// `almanac site DIR`: every page, and an index linking them, as static files for publishing a
/// read-only view: each calendar, the week's agenda, every built-in report (with its picture), the
/// quiz's scores and missed flags, and every saved animation. Each file is claimed through the
/// output guard before any is written (never the database, an existing file only with `force`,
/// never a FIFO or a device), and each is written as it is made, through the same streaming as
/// `--format html` (a report's rows go from SQLite to the file), under a temporary name beside its
/// own; all are renamed into place once all are complete. Memory stays bounded however many rows a
/// report has.
public struct Site {
    /// One page: its file name in the folder, its heading, and how it is written.
    struct Page {
        /// The file name, `[a-z0-9-]+.html`.
        let file: String
        /// The link's words on the index.
        let title: String
        /// The world it belongs to, in the user's words (the index's heading).
        let section: String
        /// Writes the page.
        let write: (OutputWriter) throws -> Void
    }

    /// The pages, in the index's order.
    let pages: [Page]
    private let settings: Settings
    /// The days of the agenda's page: a week from today, ending at 9999-12-31 near it.
    public let week: DayRange

    /// Lists every page of the settings' database (read only), with an `html` renderer whatever the
    /// settings' format (`Renderer.html`); each is rendered only when it is written (`publish`).
    public init(settings: Settings) throws {
        self.settings = settings
        let week = try DayRange.resolve(from: nil, to: nil, days: nil, today: settings.today)
        self.week = week
        let t = settings.localizer
        var pages: [Page] = []
        func add(
            _ file: String, _ section: String, _ title: String,
            _ write: @escaping (Settings, Renderer, OutputWriter) throws -> Void
        ) {
            var page = settings
            page.pageTitle = title
            pages.append(
                Page(file: file, title: title, section: t("site.section." + section)) {
                    try write(page, .html(page), $0)
                })
        }
        /// A page made whole in memory: a calendar, the week's agenda, the quiz's few rows, a saved animation.
        func add(
            _ file: String, _ section: String, _ title: String,
            text make: @escaping (Settings, Renderer) throws -> String
        ) {
            add(file, section, title) { page, renderer, output in try output.write(try make(page, renderer)) }
        }
        let calendar = try CalendarSession(
            settings: settings, renderer: .html(settings), environment: [:], writing: false)
        for summary in try calendar.calendar.summaries() {
            add("calendar-" + summary.holiday.key + ".html", "calendar", summary.holiday.title) { page, renderer in
                try CalendarSession(settings: page, renderer: renderer, environment: [:], writing: false).show(
                    summary.holiday.key)
            }
        }
        add("events-agenda.html", "events", t("page.title.events.agenda")) { page, renderer in
            let store = try EventStore.open(page.databasePath, writing: false)
            return try Agenda.load(store, range: week, zone: page.timeZone, withDescriptions: true).render(renderer)
        }
        add("quiz-scores.html", "quiz", t("page.title.quiz.scores")) { page, renderer in
            try FlagQuiz.scores(page, player: nil, renderer: renderer)
        }
        add("quiz-missed.html", "quiz", t("page.title.quiz.missed")) { page, renderer in
            try FlagQuiz.missed(page, player: nil, pairs: false, limit: 10, renderer: renderer)
        }
        let animations = try AnimationSession(settings: settings, renderer: .html(settings), writing: false)
        for setting in try animations.library.settings() {
            add("animation-\(setting.id).html", "animation", t("page.snowman.title", ["name": setting.name])) {
                page, renderer in
                try AnimationSession(settings: page, renderer: renderer, writing: false).timeline(
                    name: setting.name, fps: FrameRate(checked: 10))
            }
        }
        let reports = try ReportSession(database: try Store.openReadOnly(settings.databasePath), settings: settings)
        try reports.database.installLocalTime(settings.timeZone, localizer: settings.localizer)
        for report in try ReportCatalog.builtIn().reports {
            // A report's rows are written as SQLite reads them, as `report run --format html` writes them.
            add("report-" + report.name + ".html", "reports", t(report.titleKey)) { _, renderer, output in
                let rows = try reports.run(report, arguments: [])
                try rows.send(to: renderer.writer(rows.head, chart: report.chart?.chart(t), to: output))
            }
        }
        self.pages = pages
    }

    /// The index: a heading per world and a link to each of its pages.
    public func index() -> String {
        let t = settings.localizer
        let page = HTMLPage(
            title: t("site.title"), lead: t("site.lead", ["date": LocalizedFormats(localizer: t).date(settings.today)]),
            dated: Renderer.html(settings).pageDate(about: false), localizer: t)
        var body = ""
        var sections: [String] = []
        for entry in pages where !sections.contains(entry.section) { sections.append(entry.section) }
        for section in sections {
            body += HTMLPage.heading(section) + "<ul class=\"pages\">\n"
            for entry in pages where entry.section == section {
                body +=
                    "<li><a href=\"" + HTMLText.attribute(entry.file) + "\">" + HTMLText.escaped(entry.title)
                    + "</a></li>\n"
            }
            body += "</ul>\n"
        }
        return page.document(body)
    }

    /// Writes `index.html` and every page into `directory` (made when missing): each file claimed
    /// before any is written, each page rendered into its temporary file as it is made, and all put
    /// in place once every one is complete and on the disk. Returns the files written, index first.
    @discardableResult
    public func publish(into directory: String, force: Bool) throws -> [String] {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            } catch {
                throw AlmanacError(.cannotCreate, "site.error.folder", ["path": directory])
            }
        } else if !isFolder.boolValue {
            throw AlmanacError(.usage, "site.error.not-a-folder", ["path": directory])
        }
        var outputs = OutputGuard(database: settings.databasePath, force: force)
        let index = self.index()
        let files: [(name: String, write: (OutputWriter) throws -> Void)] =
            [("index.html", { try $0.write(index) })]
            + pages.map { ($0.file, $0.write) }
        let targets = try files.map {
            try outputs.claim((directory as NSString).appendingPathComponent($0.name), option: "site", fileOnly: true)
        }
        // Each page goes to the disk as it is made; none takes its name until all are written.
        var written: [OutputFile] = []
        for (target, file) in zip(targets, files) {
            let output = try target.open()
            written.append(output)
            try file.write(output.writer)
            try output.close()
        }
        try OutputFile.synchronize(written)
        try OutputFile.publish(written)
        return files.map(\.name)
    }
}
