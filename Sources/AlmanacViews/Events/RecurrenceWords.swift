import AlmanacText

/// An event's rules in the reader's words, for `events show`: `weekly on Mon, Thu, 10 times, except
/// 1 date`, `раз в 2 недели по пн, до 31 мар. 2026 г.`. A rule with parts these words do not cover
/// (`BYMONTHDAY`, `BYSETPOS`, an ordinal weekday such as `1MO`) is shown as iCalendar writes it.
enum RecurrenceWords {
    /// The words for stored rules (`RRULE`, `RDATE` and `EXDATE` lines), or nil when a part has none.
    static func describe(_ rules: String, _ formats: LocalizedFormats) -> String? {
        var phrases: [String] = []
        var added = 0
        var excepted = 0
        for line in rules.split(whereSeparator: \.isNewline) {
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            let name = line[..<colon].prefix { $0 != ";" }.uppercased()
            let value = colon < line.endIndex ? line[line.index(after: colon)...] : ""
            switch name {
            case "RRULE":
                guard phrases.isEmpty, let rule = rule(String(value), formats) else { return nil }
                phrases = rule
            case "RDATE": added += value.split(separator: ",").count
            case "EXDATE": excepted += value.split(separator: ",").count
            default: return nil
            }
        }
        if added > 0 { phrases.append(formats.count(Int64(added), unit: "unit.more-date")) }
        if excepted > 0 { phrases.append(formats.count(Int64(excepted), unit: "unit.except-date")) }
        return phrases.isEmpty ? nil : phrases.joined(separator: ", ")
    }

    /// `weekly on Mon, Thu`, then `10 times` or `until …`.
    private static func rule(_ text: String, _ formats: LocalizedFormats) -> [String]? {
        var parts: [String: String] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).uppercased() }
            guard pair.count == 2 else { return nil }
            parts[pair[0]] = pair[1]
        }
        // Each frequency's word, and the counted noun of "every 2 weeks".
        let units = [
            "HOURLY": ("events.repeats.hourly", "unit.every-hour"), "DAILY": ("events.repeats.daily", "unit.every-day"),
            "WEEKLY": ("events.repeats.weekly", "unit.every-week"),
            "MONTHLY": ("events.repeats.monthly", "unit.every-month"),
            "YEARLY": ("events.repeats.yearly", "unit.every-year"),
        ]
        guard let frequency = parts.removeValue(forKey: "FREQ"), let (word, unit) = units[frequency] else { return nil }
        parts["WKST"] = nil
        let interval = Int(parts.removeValue(forKey: "INTERVAL") ?? "1") ?? 0
        guard interval >= 1 else { return nil }
        var first = interval == 1 ? formats.localizer(word) : formats.count(Int64(interval), unit: unit)
        if let days = parts.removeValue(forKey: "BYDAY") {
            let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
            let names = days.split(separator: ",").map { codes.firstIndex(of: String($0)) }
            guard !names.contains(nil) else { return nil }
            let weekdays = formats.localizer("events.repeats.weekdays").split(separator: ",").map(String.init)
            guard weekdays.count == 7 else { return nil }
            first +=
                " "
                + formats.localizer("events.repeats.on", ["days": names.map { weekdays[$0!] }.joined(separator: ", ")])
        }
        var phrases = [first]
        if let count = parts.removeValue(forKey: "COUNT") {
            guard let times = Int64(count) else { return nil }
            phrases.append(formats.count(times, unit: "unit.time"))
        }
        if let until = parts.removeValue(forKey: "UNTIL") {
            guard until.count >= 8, let day = LocalDate(Self.dashed(until.prefix(8))) else { return nil }
            phrases.append(formats.localizer("events.repeats.until", ["date": formats.date(day)]))
        }
        return parts.isEmpty ? phrases : nil
    }

    /// `20260331` as `2026-03-31`.
    private static func dashed(_ digits: Substring) -> String {
        let text = Array(digits)
        return String(text[0..<4]) + "-" + String(text[4..<6]) + "-" + String(text[6..<8])
    }
}
