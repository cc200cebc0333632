import AlmanacICal
import AlmanacKinds
import AlmanacStore
import AlmanacText
import Crypto
import Foundation

/// An iCalendar file as the rows of an events file: each VEVENT becomes one CSV record of the events
/// kind, which the importer then reads like any other, through the same rules and the same inserts.
/// What the rules say of a record is placed back on the calendar's lines and properties (`place`).
///
/// An event whose `UID` the database knows (or that names one of this database's own events,
/// `almanac-PREFIX-ID`) gets that event's id, so a second import updates it. A changed occurrence
/// (`RECURRENCE-ID`) is an event of its own, `UID;RECURRENCE-ID=…`, and the rule's event gets an
/// `EXDATE` for it.
struct CalendarRows {
    /// The CSV text: a header of the events kind's columns and one record per event kept.
    private(set) var csv: [UInt8] = []
    /// What the file holds, as the summary says it.
    private(set) var form: CalendarForm
    /// The events refused before the rules (no start, a zone nobody defines), by line.
    private(set) var problems: [ImportDiagnostic] = []
    /// For each record, its first physical line in `csv` and the event's line in the file.
    private var records: [(csvLine: Int, event: ICalEvent)] = []

    /// The CSV columns, in order, and the property each stands for.
    static let columns: [(name: String, property: String)] = [
        ("id", "UID"), ("title", "SUMMARY"), ("person", "ORGANIZER"), ("starts_at", "DTSTART"), ("ends_at", "DTEND"),
        ("description", "DESCRIPTION"), ("location", "LOCATION"), ("uid", "UID"), ("recurrence", "RRULE"),
        ("zone", "DTSTART"),
    ]

    init(_ text: String, file: String, database: Database, zone: Zone) throws {
        let reader = ICalReader(text)
        form = CalendarForm(events: reader.events.count, zone: zone.identifier)
        let prefix = try Self.uidPrefix(database)
        var events = reader.events
        Self.attachChanges(&events)
        for (name, line) in reader.others { form.notKept(name, line) }
        var line = 2
        csv = Array((Self.columns.map(\.name).joined(separator: ",") + "\n").utf8)
        for event in events {
            for (name, at) in event.dropped { form.notKept(name, at) }
            if let problem = event.problems.first {
                problems.append(
                    ImportDiagnostic(
                        file: file, line: problem.line, column: 1, key: problem.key,
                        arguments: problem.arguments.merging(["property": problem.property]) { $1 }))
                continue
            }
            var fields = try Self.fields(event, database: database, prefix: prefix)
            fields = fields.map { Self.quoted($0) }
            let record = fields.joined(separator: ",") + "\n"
            records.append((line, event))
            line += record.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            csv += Array(record.utf8)
        }
    }

    /// A diagnostic of the CSV records placed on the calendar: the line of the property the column
    /// stands for (else of the event), and the property's name for the column's.
    func place(_ problem: ImportDiagnostic) -> ImportDiagnostic {
        guard let index = records.lastIndex(where: { $0.csvLine <= problem.line }) else { return problem }
        let event = records[index].event
        var arguments = problem.arguments
        var line = event.line
        if let column = arguments["column"], let property = Self.columns.first(where: { $0.name == column })?.property {
            arguments["column"] = property
            line = event.line(of: property)
        }
        return ImportDiagnostic(
            file: problem.file, line: line, column: 1, key: problem.key, arguments: arguments,
            detail: problem.detail, counts: problem.counts)
    }

    /// The fields of one event, in `columns` order.
    private static func fields(_ event: ICalEvent, database: Database, prefix: String?) throws -> [String] {
        var id = ""
        var uid = event.uid ?? ""
        if let recurrenceID = event.recurrenceID { uid += ";RECURRENCE-ID=" + compact(recurrenceID) }
        if let prefix, let own = event.uid, own.hasPrefix("almanac-\(prefix)-"), event.recurrenceID == nil,
            let number = Int64(own.dropFirst("almanac-\(prefix)-".count))
        {
            (id, uid) = (String(number), "")
        } else if !uid.isEmpty,
            case .integer(let found)? = try database.scalar("SELECT id FROM events WHERE uid = ?1", [.text(uid)])
        {
            id = String(found)
        }
        let start = event.start.map(text) ?? ""
        var end = ""
        switch (event.start, event.end, event.duration) {
        case (.day(let first)?, .day(let after)?, _):
            // iCalendar's end of an all-day event is the day after its last; Almanac's is the last.
            if after.dayNumber - 1 > first.dayNumber { end = after.adding(days: -1).description }
        case (.day(let first)?, nil, let seconds?):
            let days = Int(seconds / 86_400)
            if days > 1 { end = first.adding(days: days - 1).description }
        case (let moment?, nil, let seconds?):
            if case .instant(let at) = moment { end = Instant.utcText(at + seconds) }
            if case .wall(let at) = moment { end = wallText(at + seconds) }
        case (_, let moment?, _):
            end = text(moment)
        default: break
        }
        return [
            id, event.summary ?? "", event.person ?? "", start, end, event.description ?? "", event.location ?? "",
            uid, event.recurrence.joined(separator: "\n"), event.zone ?? "",
        ]
    }

    /// A moment as the events kind reads it: a day, an instant in UTC, or a wall time (read in `--tz`).
    private static func text(_ moment: ICalMoment) -> String {
        switch moment {
        case .day(let day): day.description
        case .instant(let seconds): Instant.utcText(seconds)
        case .wall(let seconds): wallText(seconds)
        }
    }

    private static func wallText(_ seconds: Int64) -> String {
        String(Instant.utcText(seconds).dropLast())
    }

    /// A moment as iCalendar writes it in a `RECURRENCE-ID` or an `EXDATE` (`20260112T080000Z`, `20260112`).
    static func compact(_ moment: ICalMoment) -> String {
        Self.text(moment).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
    }

    /// Adds to each rule's event an `EXDATE` for every changed occurrence of it in the file.
    private static func attachChanges(_ events: inout [ICalEvent]) {
        for change in events {
            guard let moment = change.recurrenceID, let uid = change.uid,
                let index = events.firstIndex(where: { $0.uid == uid && $0.recurrenceID == nil })
            else { continue }
            let line = (moment.isDay ? "EXDATE;VALUE=DATE:" : "EXDATE:") + compact(moment)
            if !events[index].recurrence.contains(line) { events[index].recurrence.append(line) }
        }
    }

    /// A CSV field, quoted when it must be.
    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// This database's prefix of its own events' UIDs, nil before the migration that made it.
    static func uidPrefix(_ database: Database) throws -> String? {
        try database.scalar("SELECT uid_prefix FROM calendar_identity WHERE id = 1")?.textValue
    }
}

extension ICalMoment {
    /// True for a day.
    var isDay: Bool {
        if case .day = self { return true }
        return false
    }
}

/// What an iCalendar file held, for the summary: its events, whether a time without a zone was read
/// in the user's, and what was not kept, with a line of each.
public struct CalendarForm: Sendable, Equatable {
    /// The VEVENTs in the file.
    public var events: Int
    /// The zone times without one were read in.
    public var zone: String
    /// True when some time had no zone (a floating time).
    public var floating = false
    /// The properties and components not kept: name, how many, the first line.
    public private(set) var dropped: [(name: String, count: Int, line: Int)] = []

    mutating func notKept(_ name: String, _ line: Int) {
        if let index = dropped.firstIndex(where: { $0.name == name }) {
            dropped[index].count += 1
        } else {
            dropped.append((name, 1, line))
        }
    }

    public static func == (lhs: CalendarForm, rhs: CalendarForm) -> Bool {
        lhs.events == rhs.events && lhs.zone == rhs.zone && lhs.floating == rhs.floating
            && lhs.dropped.map(\.name) == rhs.dropped.map(\.name)
    }
}

extension CalendarRows {
    /// An opened iCalendar file: its rows, its size and its SHA-256 (the import log's).
    struct Opened {
        let rows: CalendarRows
        let bytes: Int
        let sha256: String
    }

    /// When `input` is an iCalendar file, reads it whole into rows and replaces `input` by them;
    /// nil (and `input` unread) for any other file. A file that is not UTF-8 is refused (65).
    static func open(_ input: inout InputFile, database: Database, zone: Zone) throws -> Opened? {
        guard ICalReader.isCalendar(try input.peek(64)) else { return nil }
        let bytes = try input.readAll()
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw AlmanacError(.invalidData, "ical.error.not-utf8", ["path": input.displayName])
        }
        let rows = try CalendarRows(text, file: input.displayName, database: database, zone: zone)
        let digest = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        input = InputFile(bytes: rows.csv, path: input.path)
        return Opened(rows: rows, bytes: bytes.count, sha256: digest)
    }
}
