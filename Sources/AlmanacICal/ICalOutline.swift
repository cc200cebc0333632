import Foundation

/// Where things are in an iCalendar file, line by line: libical parses the values but keeps no line
/// numbers, so the file is walked once more to place each VEVENT's properties (in the same order
/// libical hands the VEVENTs over) and the components that are not events.
struct ICalOutline {
    /// One VEVENT: the line of its `BEGIN`, its properties' names and lines in order, and the
    /// components inside it (`VALARM`).
    struct Event {
        var line: Int
        var properties: [(name: String, line: Int)] = []
        var components: [(name: String, line: Int)] = []
    }

    /// The VEVENTs of every VCALENDAR, in file order.
    var events: [Event] = []
    /// The components of a VCALENDAR that are neither events nor zones (`VTODO`, `VJOURNAL`).
    var others: [(name: String, line: Int)] = []

    /// The outline of `text`. Folded lines (starting with a space or a tab) belong to the line before.
    init(_ text: String) {
        var stack: [String] = []
        var number = 0
        for raw in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard let first = raw.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else { continue }
            let line = String(decoding: raw, as: UTF8.self)
            let name = line.prefix { $0 != ":" && $0 != ";" }.uppercased()
            let value = String(line.drop { $0 != ":" }.dropFirst()).trimmingCharacters(in: .whitespacesAndNewlines)
                .uppercased()
            switch name {
            case "BEGIN":
                if value == "VEVENT" && stack.last == "VCALENDAR" {
                    events.append(Event(line: number))
                } else if stack.last == "VEVENT" {
                    events[events.count - 1].components.append((value, number))
                } else if stack.last == "VCALENDAR" && value != "VTIMEZONE" {
                    others.append((value, number))
                }
                stack.append(value)
            case "END":
                _ = stack.popLast()
            default:
                if stack.last == "VEVENT" { events[events.count - 1].properties.append((name, number)) }
            }
        }
    }
}
