import AlmanacAnimation
import AlmanacCalendar
import AlmanacKinds
import AlmanacViews
import Foundation

extension DemoTour {
    /// The calendar and animation part of the tour: Christmas selected with its first three doors
    /// opened on the demo day, as `calendar show` draws it, then the frames of a saved snowman
    /// animation, as `animation timeline` prints them.
    static func calendarAndAnimation(_ context: DemoContext) throws -> [Step] {
        let t = context.localizer
        let calendar = AdventCalendar(database: context.database)
        try calendar.select("christmas")
        for door in 1...3 { _ = try calendar.open(door, of: nil, at: context.settings.now()) }
        let view = try calendar.view(nil)
        let grid = context.renderer.render(
            CalendarTables.calendar(
                view,
                grid: {
                    CalendarGrid(
                        view: view, localizer: t, styling: context.renderer.styling,
                        depth: HolidayColor.Depth(environment: ProcessInfo.processInfo.environment),
                        width: context.renderer.width ?? 80
                    ).render()
                }, localizer: t))

        let library = AnimationLibrary(database: context.database)
        let name = "Wobble"
        let fps = 4
        let timeline = Timeline(setting: try library.setting(named: name), catalog: try library.catalog())
        return [
            Step(heading: t("demo.step.calendar", ["title": view.holiday.title]), body: grid),
            Step(
                heading: t("demo.step.animation", ["name": name, "fps": String(fps)]),
                body: context.renderer.render(AnimationTables.timeline(timeline, fps: fps, localizer: t))),
        ]
    }
}
