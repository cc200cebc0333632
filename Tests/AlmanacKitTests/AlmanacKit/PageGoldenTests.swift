import Foundation
import Testing

@testable import AlmanacAnimation
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText
@testable import AlmanacViews

/// The pages whose pictures are not a report's chart, byte for byte against `Goldens/page-*.html`:
/// a calendar's doors, the snowman, quiz scores. (Reports and the agenda have their own goldens in
/// every format, html included.)
@Suite struct PageGoldenTests {
    static let languages = ["en", "ru"]

    @Test(arguments: languages)
    func calendarDoors(_ language: String) throws {
        let settings = FixtureDatabase.settings(language, format: .html)
        let session = try CalendarSession(settings: settings, terminal: .pipe, environment: [:], writing: false)
        let page = try session.show("christmas")
        try Golden.check(page, "page-calendar-show.\(language).html")
        #expect(page.components(separatedBy: "<g class=\"door ").count - 1 == 24)
        #expect(page.contains("data-door=\"6\" data-status=\"next\""))
    }

    @Test(arguments: languages)
    func snowman(_ language: String) throws {
        let localizer = Localizer(locale: language)
        let setting = TimelineTests.sample.setting
        let catalog = TimelineTests.sample.catalog
        let timeline = Timeline(setting: setting, catalog: catalog)
        var renderer = Renderer(format: .html, localizer: localizer)
        renderer.title = localizer("page.snowman.title", ["name": setting.name])
        let summary = AnimationTables.summary(
            setting, catalog: catalog, formats: LocalizedFormats(localizer: localizer))
        let picture = SnowmanPicture(timeline: timeline, name: setting.name, summary: summary, localizer: localizer)
        let page = renderer.htmlPage(
            AnimationTables.timeline(timeline, fps: 2, localizer: localizer),
            pictures: [picture.figure(id: "snowman")], style: picture.style(id: "snowman"))
        try Golden.check(page, "page-animation-timeline.\(language).html")
    }

    @Test(arguments: languages)
    func quizScores(_ language: String) throws {
        let settings = FixtureDatabase.settings(language, format: .html)
        let page = try FlagQuiz.scores(
            settings, player: nil, renderer: Renderer(settings: settings, terminal: .pipe, environment: [:]))
        try Golden.check(page, "page-quiz-scores.\(language).html")
        #expect(page.contains("class=\"chart bars\""))
    }
}
