import Foundation

/// `almanac site DIR`: every page, and an index linking them, as static files for publishing a
/// read-only view: each calendar, the week's agenda, every built-in report (with its picture), the
/// quiz's scores and missed flags, and every saved animation. Each file is claimed through the
/// output guard before any is written (never the database, an existing file only with `force`),
/// and each is written beside its name and renamed into place when complete.
public struct Site {
    /// One page: its file name in the folder, its heading, and its HTML.
    public struct Page: Sendable {
        /// The file name, `[a-z0-9-]+.html`.
        public let file: String
        /// The link's words on the index.
        public let title: String
        /// The world it belongs to, in the user's words (the index's heading).
        public let section: String
        /// The page.
        public let html: String
    }

    /// The pages, in the index's order.
    public let pages: [Page]
    private let settings: Settings

    /// Renders every page from the settings' database (read only), in `html` whatever the format.
    public init(settings given: Settings) throws {
        var settings = given
        settings.format = .html
        self.settings = settings
        let t = settings.localizer
        var pages: [Page] = []
        func add(_ file: String, _ section: String, _ title: String, _ make: (inout Settings) throws -> String) throws {
            var page = settings
            page.pageTitle = title
            pages.append(Page(file: file, title: title, section: t("site.section." + section), html: try make(&page)))
        }
        let calendar = try CalendarSession(settings: settings, terminal: .pipe, environment: [:], writing: false)
        for summary in try calendar.calendar.summaries() {
            try add("calendar-" + summary.holiday.key + ".html", "calendar", summary.holiday.title) { page in
                try CalendarSession(settings: page, terminal: .pipe, environment: [:], writing: false).show(summary.holiday.key)
            }
        }
        try add("events-agenda.html", "events", t("page.title.events.agenda")) { page in
            let store = try EventStore.open(page.databasePath, writing: false)
            let days = try DayRange.resolve(from: nil, to: nil, days: nil, today: page.today)
            let renderer = Renderer(settings: page, terminal: .pipe, environment: [:])
            return try Agenda.load(store, range: days, zone: page.timeZone, withDescriptions: true).render(renderer)
        }
        try add("quiz-scores.html", "quiz", t("page.title.quiz.scores")) { page in
            try FlagQuiz.scores(page, player: nil, renderer: Renderer(settings: page, terminal: .pipe, environment: [:]))
        }
        try add("quiz-missed.html", "quiz", t("page.title.quiz.missed")) { page in
            try FlagQuiz.missed(page, player: nil, pairs: false, limit: 10, renderer: Renderer(settings: page, terminal: .pipe, environment: [:]))
        }
        let animations = try AnimationSession(settings: settings, terminal: .pipe, environment: [:], writing: false)
        for setting in try animations.library.settings() {
            try add("animation-\(setting.id).html", "animation", t("page.snowman.title", ["name": setting.name])) { page in
                try AnimationSession(settings: page, terminal: .pipe, environment: [:], writing: false).timeline(name: setting.name, fps: 10)
            }
        }
        let reports = ReportSession(database: try Store.openReadOnly(settings.databasePath), settings: settings)
        try reports.database.installLocalTime(settings.timeZone)
        for report in try ReportCatalog.builtIn().reports {
            try add("report-" + report.name + ".html", "reports", t(report.titleKey)) { page in
                let table = try reports.run(report, arguments: []).table()
                return Renderer(settings: page, terminal: .pipe, environment: [:]).render(table, chart: report.chart?.chart(t))
            }
        }
        self.pages = pages
    }

    /// The index: a heading per world and a link to each of its pages.
    public func index() -> String {
        let t = settings.localizer
        let page = HTMLPage(title: t("site.title"), lead: t("site.lead", ["date": LocalizedFormats(localizer: t).date(settings.today)]), localizer: t)
        var body = ""
        var sections: [String] = []
        for entry in pages where !sections.contains(entry.section) { sections.append(entry.section) }
        for section in sections {
            body += HTMLPage.heading(section) + "<ul class=\"pages\">\n"
            for entry in pages where entry.section == section {
                body += "<li><a href=\"" + HTMLText.attribute(entry.file) + "\">" + HTMLText.escaped(entry.title) + "</a></li>\n"
            }
            body += "</ul>\n"
        }
        return page.document(body)
    }

    /// Writes `index.html` and every page into `directory` (made when missing), each file claimed
    /// before any is written. Returns the files written, index first.
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
        let files = [("index.html", index())] + pages.map { ($0.file, $0.html) }
        let targets = try files.map { file, _ in try outputs.claim((directory as NSString).appendingPathComponent(file), option: "site") }
        for (target, (_, html)) in zip(targets, files) {
            let file = try target.open()
            try file.writer.write(html)
            try file.commit()
        }
        return files.map(\.0)
    }
}
