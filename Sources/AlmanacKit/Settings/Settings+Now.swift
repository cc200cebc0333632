import AlmanacText
import Foundation

extension Settings {
    /// The moment "now" means: the clock's time of day on the `--today` day, in `--tz`. Without
    /// `--today` it is simply the clock; with it, a replayed day records moments on that day (a door
    /// opened "today" in the demo is opened on the demo's day).
    public func now(clock: Date = Date()) -> Date {
        let clockDay = LocalDate(clock, in: timeZone)
        let secondsIntoDay = clock.timeIntervalSince(clockDay.start(in: timeZone))
        let moment = today.start(in: timeZone).addingTimeInterval(secondsIntoDay)
        // Whole seconds: instants are stored as YYYY-MM-DDTHH:MM:SSZ.
        return Date(timeIntervalSince1970: moment.timeIntervalSince1970.rounded(.down))
    }
}
