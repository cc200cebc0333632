import Foundation
import Testing

/// Ids at the top of their range (2^63 − 1, the largest SQLite gives): taken the same way at every
/// door (import, `import DIR` with `last-ids.csv`, show, edit, return, delete), moved whole, and
/// once the last one is given, the next row that leaves its id to SQLite is refused in words (65),
/// never reported as a full disk.
@Suite struct IdRangeCommandTests {
    let dir: Workdir
    static let top = "9223372036854775807"
    static let belowTop = "9223372036854775806"

    init() throws { dir = try Workdir() }

    func ok(_ arguments: [String], _ database: String = "a.db") throws -> Workdir.Output {
        let out = try dir.run(["--db", database, "--today", "2025-12-02"] + arguments)
        #expect(out.status == 0, "\(arguments): \(out.stderr)")
        return out
    }

    @Test func loansAndEventsAtTheTopMoveWhole() throws {
        try dir.initDatabase()
        try dir.write("books.csv", "id,title,loaned_on,due_on\n\(Self.belowTop),Dune,2025-12-01,2025-12-20\n")
        try dir.write("events.csv", "id,title,starts_at\n\(Self.belowTop),Carols,2025-12-23T18:00:00Z\n")
        _ = try ok(["import", "books", "books.csv"])
        _ = try ok(["import", "events", "events.csv"])
        #expect(try ok(["books", "add", "Next", "--due", "2025-12-20"]).stdout.contains("Added book \(Self.top) "))
        #expect(
            try ok(["events", "add", "--title", "Market", "--at", "2025-12-24T10:00:00Z"]).stdout.contains(Self.top))

        // The last id is given: the next row SQLite would number is refused, whatever the door.
        let refusals: [[String]] = [
            ["books", "add", "Over", "--due", "2025-12-20"],
            ["events", "add", "--title", "Over", "--at", "2025-12-24T10:00:00Z"],
        ]
        for arguments in refusals {
            let out = try dir.run(["--db", "a.db", "--today", "2025-12-02"] + arguments)
            #expect(out.status == 65, "\(arguments): \(out.stderr)")
            #expect(
                out.stderr.contains(
                    "no id is left for a new row of \(arguments[0]): the database has given its last id, \(Self.top)"),
                "\(out.stderr)")
        }
        try dir.write("more.csv", "title,loaned_on,due_on\nOver,2025-12-01,2025-12-20\n")
        let imported = try dir.run(["--db", "a.db", "--today", "2025-12-02", "import", "books", "more.csv"])
        #expect(imported.status == 65)
        #expect(
            imported.stderr.hasPrefix(
                "more.csv:2:1: error: the row gives no \"id\", and no id is left for a new row of books"),
            "\(imported.stderr)")
        #expect(!imported.stderr.contains("full"), "never told as a full disk: \(imported.stderr)")
        // A row that gives an id not taken still goes in.
        try dir.write("given.csv", "id,title,loaned_on,due_on\n5,Given,2025-12-01,2025-12-20\n")
        _ = try ok(["import", "books", "given.csv"])

        // JSON gives the ids as numbers, digit for digit.
        let json = try ok(["books", "list", "--format", "json"]).stdout
        #expect(json.contains("\"id\": \(Self.top),") && json.contains("\"id\": \(Self.belowTop),"), "\(json)")

        // The database moves whole, its last ids with it.
        _ = try ok(["export", "moved/"])
        #expect(
            try String(contentsOfFile: dir.path("moved/last-ids.csv"), encoding: .utf8).contains("books,\(Self.top)\n"))
        try dir.initDatabase("b.db")
        _ = try ok(["import", "moved/"], "b.db")
        #expect(try ok(["events", "show", Self.top], "b.db").stdout.contains("Market"))
        _ = try ok(["events", "edit", Self.top, "--title", "Market day"], "b.db")
        _ = try ok(["events", "delete", Self.belowTop, "--yes"], "b.db")
        _ = try ok(["books", "edit", Self.top, "--borrower", "Anna"], "b.db")
        #expect(try ok(["books", "return", Self.top], "b.db").stdout.contains(Self.top))
        _ = try ok(["books", "delete", Self.belowTop, "--yes"], "b.db")
        let listed = try ok(["books", "list", "--format", "csv"], "b.db").stdout
        #expect(listed.contains("\(Self.top),Next,,Anna,2025-12-02,2025-12-20,2025-12-02"), "\(listed)")
        // The moved database knows its last id too: a new loan is refused there as well.
        let again = try dir.run([
            "--db", "b.db", "books", "add", "Over", "--due", "2025-12-20", "--loaned-on", "2025-12-01",
        ])
        #expect(again.status == 65, "\(again.stderr)")
    }

    @Test func theLastIdsAloneStopTheNextId() throws {
        try dir.initDatabase()
        try dir.write("last-ids.csv", "kind,last_id\nanimation-settings,\(Self.top)\nquiz-answers,\(Self.top)\n")
        _ = try ok(["import", "last-ids", "last-ids.csv"])
        let saved = try dir.run(["--db", "a.db", "animation", "save", "Calm"])
        #expect(saved.status == 65, "\(saved.stderr)")
        #expect(saved.stderr.contains("no id is left for a new row of animation-settings"), "\(saved.stderr)")
        // An id past the top, or written otherwise than in digits, is no id at any door.
        try dir.write("past.csv", "kind,last_id\nbooks,9223372036854775808\n")
        let past = try dir.run(["--db", "a.db", "import", "last-ids", "past.csv"])
        #expect(past.status == 65)
        #expect(
            past.stderr.hasPrefix(
                "past.csv:2:7: error: column \"last_id\": \"9223372036854775808\" is not a last id (expected a whole number from 0 to \(Self.top), in digits)"
            ),
            "\(past.stderr)")
        for id in ["9223372036854775808", "+5", "-5", "0", " 5", "5.0"] {
            try dir.write("bad.csv", "id,title,loaned_on,due_on\n\"\(id)\",Dune,2025-12-01,2025-12-20\n")
            let out = try dir.run(["--db", "a.db", "import", "books", "bad.csv"])
            #expect(out.status == 65, "\(id)")
            #expect(
                out.stderr.contains("is not an id (expected a whole number from 1 to \(Self.top), in digits)"),
                "\(id): \(out.stderr)")
            for command in [["books", "return", id], ["events", "show", id]] {
                let refused = try dir.run(["--db", "a.db"] + command)
                #expect(refused.status == 64, "\(command)")
                #expect(
                    refused.stderr.contains("expected a whole number from 1 to \(Self.top)"),
                    "\(command): \(refused.stderr)")
            }
        }
    }
}
