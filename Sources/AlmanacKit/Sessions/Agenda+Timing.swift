import AlmanacEvents
import AlmanacKinds
import AlmanacOutput
import AlmanacText
import AlmanacViews
import Foundation

/// An agenda made and timed step by step, inside the process: what `make bench` reports for a week
/// of a million-event table (`events agenda --timing`). Each step is timed on the wall clock and in
/// the thread's CPU time: on a shared machine the first includes waiting for a core, the second not.
public struct AgendaTiming: Sendable {
    /// One step's time, in milliseconds.
    public struct Step: Sendable {
        /// On the wall clock.
        public let wall: Double
        /// On the thread's CPU clock.
        public let cpu: Double
    }

    /// The rendered agenda.
    public let output: String
    /// Event-day rows in it.
    public let rows: Int
    /// Opening (and checking the schema of) the database, the range query, grouping by day, rendering.
    public let open: Step, query: Step, group: Step, render: Step
    /// How SQLite runs the range queries (read after the timing).
    public let plans: [String]

    /// From opening the database to the rendered text.
    public var total: Step {
        Step(
            wall: open.wall + query.wall + group.wall + render.wall, cpu: open.cpu + query.cpu + group.cpu + render.cpu)
    }

    /// Opens the database at `path`, reads `range` in `zone` and renders it with `renderer`, timing each step.
    public static func run(path: String, range: DayRange, zone: Zone, renderer: Renderer) throws -> AgendaTiming {
        var store: EventStore?
        let open = try measure { store = try EventStore.open(path, writing: false) }
        let days = ZoneDays(range: range, zone: zone)
        var events: [Event] = []
        let query = try measure { events = try store!.events(from: days.lowerBound, to: days.upperBound) }
        var agenda = Agenda(events: [], range: range, zone: zone)
        let group = measure { agenda = Agenda(events: events, range: range, zone: zone) }
        var output = ""
        let render = measure { output = agenda.render(renderer) }
        return AgendaTiming(
            output: output, rows: agenda.occurrences.count, open: open, query: query, group: group, render: render,
            plans: try store!.rangeQueryPlans())
    }

    /// Lines for the bench, in English: `agenda: 20086 rows over 7 days in 61.2 ms (cpu 50.3): …`, then
    /// `plan: …` for each step of the query plans.
    public func summary(days: Int) -> String {
        func ms(_ step: Step) -> String { String(format: "%.1f ms (cpu %.1f)", step.wall, step.cpu) }
        return "agenda: \(rows) rows over \(days) days in \(ms(total)): open \(ms(open)), query \(ms(query)), "
            + "group \(ms(group)), render \(ms(render))\n" + plans.map { "plan: " + $0 }.joined(separator: "\n")
    }

    private static func measure(_ work: () throws -> Void) rethrows -> Step {
        let wall = DispatchTime.now().uptimeNanoseconds
        let cpu = threadCPUNanoseconds()
        try work()
        return Step(
            wall: Double(DispatchTime.now().uptimeNanoseconds - wall) / 1e6,
            cpu: Double(threadCPUNanoseconds() - cpu) / 1e6)
    }

    private static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
