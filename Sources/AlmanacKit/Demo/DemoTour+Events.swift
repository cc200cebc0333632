import AlmanacEvents
import AlmanacKinds
import AlmanacOutput
import AlmanacText
import AlmanacViews
import Foundation

extension DemoTour {
    /// The events part of the tour: the week from the demo day as `events agenda` prints it, then New
    /// Year's Eve and Day as `events cards --columns 3` lays them out, with the party that runs past
    /// midnight on both days.
    static func events(_ context: DemoContext) throws -> [Step] {
        let t = context.localizer
        let store = EventStore(database: context.database)
        let zone = context.settings.timeZone
        let week = try DayRange.resolve(from: nil, to: nil, days: nil, today: context.settings.today)
        let agenda = try Agenda.load(store, range: week, zone: zone)
        let newYear = DayRange(
            first: LocalDate(year: 2025, month: 12, day: 31)!, last: LocalDate(year: 2026, month: 1, day: 1)!)!
        let cards = EventCards(
            agenda: try Agenda.load(store, range: newYear, zone: zone, withDescriptions: true), columns: 3,
            width: EventCards.layoutWidth(
                terminal: Terminal(isTerminal: context.renderer.width != nil, width: context.renderer.width),
                environment: ProcessInfo.processInfo.environment))
        return [
            Step(heading: t("demo.step.agenda", ["zone": zone.identifier]), body: agenda.render(context.renderer)),
            Step(heading: t("demo.step.cards"), body: cards.render(context.renderer)),
        ]
    }
}
