import AlmanacAnimation
import AlmanacBooks
import AlmanacCalendar
import AlmanacEvents
import AlmanacKinds
import AlmanacText
import AlmanacViews
import Foundation

/// The changes part of the demo tour: one add, edit and delete in each world that has them, each
/// printing what the command prints, and leaving the sample data as it was (but for the ids used).
extension DemoTour {
    /// One step: a holiday with a door, an event, a saved setting and a loan, each added, changed
    /// and deleted again.
    static func changes(_ context: DemoContext) throws -> [Step] {
        let t = context.localizer
        let renderer = context.renderer
        let today = context.settings.today
        var lines: [String] = []

        let calendar = CalendarEditor(database: context.database)
        lines.append(try calendar.addHoliday("newyear", .init(title: "New Year", color: "#1F6FB2")).render(renderer))
        lines.append(try calendar.setDoor("newyear", "1", surprise: "Fireworks").render(renderer))
        lines.append(try calendar.editHoliday("newyear", .init(greeting: "Happy New Year!")).render(renderer))
        lines.append(try calendar.deleteHoliday("newyear").render(renderer))

        let events = EventStore(database: context.database)
        let market = try events.add(
            EventEdit(title: "Christmas market", at: "2025-12-24", ends: "2025-12-26"), zone: context.settings.timeZone)
        lines.append(EventDetail(event: market).changeMessage(.added, renderer))
        let moved = try events.update(id: market.id, EventEdit(ends: "2025-12-27"), zone: context.settings.timeZone)
        lines.append(EventDetail(event: moved).changeMessage(.updated, renderer))
        lines.append(EventDetail(event: try events.delete(id: market.id)).changeMessage(.deleted, renderer))

        let library = AnimationLibrary(database: context.database)
        let catalog = try library.catalog()
        let formats = LocalizedFormats(localizer: t)
        func said(_ key: String, _ setting: AnimationSetting, _ arguments: [String: String] = [:]) -> String {
            t(
                key,
                arguments.merging([
                    "name": setting.name,
                    "values": AnimationTables.summary(setting, catalog: catalog, formats: formats),
                ]) { $1 }) + "\n"
        }
        let saved = try library.save(name: "Demo", values: [:], replace: true, at: context.settings.now())
        lines.append(
            t(
                "animation.saved",
                ["name": saved.name, "values": AnimationTables.summary(saved, catalog: catalog, formats: formats)])
                + "\n")
        if catalog.property("opacity") != nil {
            let step = try library.step(name: "Demo", key: "opacity", by: -4)
            lines.append(
                said(
                    "animation.stepped", step.setting,
                    [
                        "property": "opacity", "value": formats.number(step.value.doubleValue),
                        "limit": step.clamped ? t("animation.stepped.limit") : "",
                    ]))
        }
        lines.append(said("animation.deleted", try library.delete(name: "Demo")))

        let loans = LoanStore(database: context.database)
        let loan = try loans.add(
            LoanEdit(title: "Dune", author: "Frank Herbert", borrower: "Chloé", dueOn: "today+21"), today: today)
        lines.append(LoanChange(.added, loan).render(renderer))
        lines.append(
            LoanChange(.updated, try loans.update(id: loan.id, LoanEdit(dueOn: "today+28"), today: today)).render(
                renderer))
        lines.append(LoanChange(.deleted, try loans.delete(id: loan.id)).render(renderer))

        return [Step(heading: t("demo.step.changes"), body: lines.joined())]
    }
}
