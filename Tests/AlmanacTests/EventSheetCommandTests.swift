import Foundation
import Testing

/// Event CSVs as Outlook exports them and as Google Calendar imports them (issue 41): a day column
/// and a time column joined by `--map 'Start Date+Start Time=starts_at'`, 12-hour times, slashed
/// days, and an all-day column whose all-day ends are midnights (Outlook) or the last day (Google).
@Suite struct EventSheetCommandTests {
    /// Outlook's calendar export, as Outlook for Windows writes it (every column it writes).
    static let outlook = """
        "Subject","Start Date","Start Time","End Date","End Time","All day event","Reminder on/off",\
        "Reminder Date","Reminder Time","Meeting Organizer","Required Attendees","Optional Attendees",\
        "Meeting Resources","Billing Information","Categories","Description","Location","Mileage","Priority",\
        "Private","Sensitivity","Show time as"\r
        "Board meeting","1/22/2026","6:00:00 PM","1/22/2026","7:30:00 PM","False","True","1/22/2026",\
        "5:45:00 PM","Anna Petrova","Ivan;Olga",,,,"Work","Quarterly figures,
        two pages","Room 4",,"Normal","False","Normal","2"\r
        "Winter fair","1/24/2026","12:00:00 AM","1/26/2026","12:00:00 AM","True","False",,,,,,,,,,\
        "Market square",,"Normal","False","Normal","3"\r
        "Breakfast","2/3/2026","8:00:00 AM","2/3/2026","9:00:00 AM","False","False",,,"Anna Petrova",,,,,,,,,\
        "Normal","False","Normal","2"\r

        """

    /// Every Outlook column Almanac has no place for, left out on purpose.
    static let outlookMaps = [
        "Subject=title", "Start Date+Start Time=starts_at", "End Date+End Time=ends_at", "All day event=all_day",
        "Meeting Organizer=person", "Reminder on/off=", "Reminder Date=", "Reminder Time=", "Required Attendees=",
        "Optional Attendees=", "Meeting Resources=", "Billing Information=", "Categories=", "Mileage=", "Priority=",
        "Private=", "Sensitivity=", "Show time as=",
    ].flatMap { ["--map", $0] }

    /// Google Calendar's CSV form: days `MM/DD/YYYY`, times `10:00 AM`, an all-day event with no times
    /// and its last day as its end.
    static let google = """
        Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,Private
        Final exam,05/12/2026,07:10 PM,05/12/2026,10:00 PM,False,Two essay questions,Hall B,True
        Spring break,03/09/2026,,03/13/2026,,True,,,False
        Staff lunch,04/01/2026,12:30 PM,,,False,,Canteen,False

        """

    static let googleMaps = [
        "Subject=title", "Start Date+Start Time=starts_at", "End Date+End Time=ends_at", "All Day Event=all_day",
        "Private=",
    ].flatMap { ["--map", $0] }

    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase("a.db")
    }

    func almanac(_ arguments: [String]) throws -> Workdir.Output {
        try dir.run(["--db", "a.db", "--tz", "Europe/Berlin"] + arguments)
    }

    /// `id,title,person,starts_at,ends_at,…,location,…,all_day` of every event, by start.
    func events() throws -> [[String]] {
        let out = try almanac(["export", "events"])
        #expect(out.status == 0, "\(out.stderr)")
        return Self.records(out.stdout).dropFirst().sorted { $0[3] < $1[3] }
    }

    @Test func outlooksExportImportsWithItsDaysTimesAndAllDayEvents() throws {
        try dir.write("outlook.csv", Self.outlook)
        let imported = try almanac(["import", "events", "outlook.csv"] + Self.outlookMaps)
        #expect(imported.status == 0, "\(imported.stderr)")
        // The summary says which zone the wall times were read in, and how the slashed days were read.
        #expect(imported.stdout.contains("Europe/Berlin"), "\(imported.stdout)")
        #expect(imported.stdout.contains("MM/DD/YYYY"), "\(imported.stdout)")
        let rows = try events()
        #expect(rows.map { $0[1] } == ["Board meeting", "Winter fair", "Breakfast"])
        // 18:00 in Berlin (winter, +01:00) is 17:00 UTC; the end 19:30 is 18:30.
        #expect(rows[0][3] == "2026-01-22T17:00:00Z" && rows[0][4] == "2026-01-22T18:30:00Z")
        #expect(rows[0][2] == "Anna Petrova" && rows[0][7] == "Room 4")
        #expect(rows[0][6] == "Quarterly figures,\ntwo pages")
        // Outlook ends an all-day event at the midnight after its last day: the fair is the 24th and 25th.
        #expect(rows[1][3] == "2026-01-24" && rows[1][4] == "2026-01-25" && rows[1].last == "true")
        #expect(rows[2][3] == "2026-02-03T07:00:00Z" && rows[2].last == "false")
        let agenda = try almanac(["events", "agenda", "--from", "2026-01-24", "--to", "2026-01-25", "--format", "csv"])
        #expect(agenda.stdout.components(separatedBy: "Winter fair").count - 1 == 2, "\(agenda.stdout)")
    }

    @Test func googlesFormImportsWithAllDayEndsOnTheirLastDay() throws {
        try dir.write("google.csv", Self.google)
        let imported = try almanac(["import", "events", "google.csv", "--date-format", "MM/DD/YYYY"] + Self.googleMaps)
        #expect(imported.status == 0, "\(imported.stderr)")
        let rows = try events()
        #expect(rows.map { $0[1] } == ["Spring break", "Staff lunch", "Final exam"])
        // Google's all-day end is the last day itself: Monday to Friday.
        #expect(rows[0][3] == "2026-03-09" && rows[0][4] == "2026-03-13" && rows[0].last == "true")
        // 12:30 PM in Berlin (summer time from 29 March, +02:00) is 10:30 UTC; no end.
        #expect(rows[1][3] == "2026-04-01T10:30:00Z" && rows[1][4] == "" && rows[1][7] == "Canteen")
        #expect(rows[2][3] == "2026-05-12T17:10:00Z" && rows[2][4] == "2026-05-12T20:00:00Z")
        #expect(rows[2][6] == "Two essay questions")
    }

    @Test func withoutMapsTheHeaderSaysHowToJoinTheDayAndTheTime() throws {
        try dir.write("google.csv", Self.google)
        let refused = try almanac(["import", "events", "google.csv"])
        #expect(refused.status == 65)
        for (place, column, partner, map) in [
            ("1:9", "Start Date", "Start Time", "Start Date+Start Time=starts_at"),
            ("1:20", "Start Time", "Start Date", "Start Date+Start Time=starts_at"),
            ("1:31", "End Date", "End Time", "End Date+End Time=ends_at"),
        ] {
            #expect(
                refused.stderr.contains(
                    "google.csv:\(place): error: column \"\(column)\" is not a column of events: with \"\(partner)\" it "
                        + "is a day and a time of day; --map \"\(map)\" joins them (docs/calendars.md)"),
                "\(refused.stderr)")
        }
        let russian = try almanac(["--locale", "ru", "import", "events", "google.csv"])
        #expect(
            russian.stderr.contains("вместе с «Start Time» это дата и время; --map «Start Date+Start Time=starts_at»"))
    }

    @Test func slashedDaysNothingDecidesAreRefusedNamingTheDateFormat() throws {
        // Only the exam: 05/12 may be either order (the other rows' 03/13 and 04/01 would decide it).
        try dir.write("google.csv", Self.google.split(separator: "\n").prefix(2).joined(separator: "\n") + "\n")
        let refused = try almanac(["import", "events", "google.csv"] + Self.googleMaps)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("google.csv:2:"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--date-format"), "\(refused.stderr)")
        #expect(try events().isEmpty)
    }

    @Test func aJoinedColumnsMistakesNameTheFilesColumnsAndLoseNothing() throws {
        try dir.write("outlook.csv", Self.outlook)
        #expect(try almanac(["events", "add", "--title", "Kept", "--at", "2026-01-01T10:00"]).status == 0)
        let cases: [(file: String, needle: String)] = [
            // A time that is no time, at the joined column's first field, with the joined value.
            (
                Self.outlook.replacingOccurrences(of: "\"7:30:00 PM\"", with: "\"25:30 PM\""),
                "outlook.csv:2:42: error: column \"End Date+End Time\": \"1/22/2026 25:30 PM\""
            ),
            // An all-day event with a time of day.
            (
                Self.outlook.replacingOccurrences(
                    of: "\"1/24/2026\",\"12:00:00 AM\"", with: "\"1/24/2026\",\"9:00:00 AM\""),
                "all_day says the event lasts whole days"
            ),
            // A timed event given a day alone.
            (Self.outlook.replacingOccurrences(of: "\"8:00:00 AM\"", with: "\"\""), "give a time too"),
            // All day neither yes nor no.
            (
                Self.outlook.replacingOccurrences(of: "\"True\",\"False\",,", with: "\"Maybe\",\"False\",,"),
                "column \"All day event\": \"Maybe\""
            ),
        ]
        for (text, needle) in cases {
            try dir.write("outlook.csv", text)
            let refused = try almanac(["import", "events", "outlook.csv"] + Self.outlookMaps)
            #expect(refused.status == 65, "\(needle)")
            #expect(refused.stderr.contains(needle), "\(refused.stderr)")
            #expect(try events().map { $0[1] } == ["Kept"])
        }
        // A part the header does not have.
        try dir.write("outlook.csv", Self.outlook)
        var maps = Self.outlookMaps
        maps[maps.firstIndex(of: "Start Date+Start Time=starts_at")!] = "Start Date+Start Tme=starts_at"
        let missing = try almanac(["import", "events", "outlook.csv"] + maps)
        #expect(missing.status == 65)
        #expect(
            missing.stderr.contains(
                "outlook.csv:1:1: error: --map \"Start Date+Start Tme=starts_at\" joins \"Start Tme\", "
                    + "which the header does not have"), "\(missing.stderr)")
        #expect(try events().map { $0[1] } == ["Kept"])
    }

    @Test func inAFolderAJoinsPartsAreUnknownToAKindWithoutItsColumn() throws {
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("d"), withIntermediateDirectories: true)
        try dir.write("d/events.csv", Self.outlook)
        try dir.write("d/books.csv", "title,author,loaned_on,due_on,Start Date\nX,Y,2025-12-01,2025-12-20,1/1/2026\n")
        let refused = try almanac(["import", "d"] + Self.outlookMaps)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("d/books.csv:1:31: error: column \"Start Date\" is not a column of books"))
        #expect(try events().isEmpty)
    }

    @Test func anExportWithItsAllDayColumnImportsBackUnchanged() throws {
        try dir.write("outlook.csv", Self.outlook)
        #expect(try almanac(["import", "events", "outlook.csv"] + Self.outlookMaps).status == 0)
        let first = try almanac(["export", "events"]).stdout
        #expect(
            first.hasPrefix("id,title,person,starts_at,ends_at,image,description,location,uid,recurrence,zone,all_day"))
        try dir.write("events.csv", first)
        try dir.initDatabase("b.db")
        #expect(try dir.run(["--db", "b.db", "--tz", "Asia/Tokyo", "import", "events", "events.csv"]).status == 0)
        #expect(try dir.run(["--db", "b.db", "export", "events"]).stdout == first)
    }

    @Test func editingAnAllDayEventsStartToATimeMakesItTimed() throws {
        #expect(
            try almanac(["events", "add", "--title", "Fair", "--at", "2026-01-24", "--until", "2026-01-25"]).status == 0
        )
        #expect(
            try almanac(["events", "edit", "1", "--at", "2026-01-24T10:00", "--ends", "2026-01-24T12:00"]).status == 0)
        let row = try events()[0]
        #expect(row[3] == "2026-01-24T09:00:00Z" && row.last == "false")
        #expect(try almanac(["events", "edit", "1", "--at", "2026-01-24", "--ends", "2026-01-25"]).status == 0)
        #expect(try events()[0].last == "true")
    }

    /// The records of CSV text as an export writes it (quotes doubled, CRLF between records).
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var closed = false
        for character in text {
            if quoted {
                if character == "\"" {
                    quoted = false
                    closed = true
                } else {
                    field.append(character)
                }
                continue
            }
            defer { closed = false }
            if character == "\"" {
                // A doubled quote inside a quoted field is one quote.
                if closed { field.append("\"") }
                quoted = true
            } else if character == "," {
                record.append(field)
                field = ""
            } else if character == "\r\n" || character == "\n" {
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.append(character)
            }
        }
        return records
    }
}
