import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacSQLite
@testable import AlmanacText

@Suite struct ReportSessionTests {
    func session(_ locale: String = "en") throws -> ReportSession {
        try ReportSession(settings: FixtureDatabase.settings(locale))
    }

    func failure(_ body: () throws -> Table) -> AlmanacError? {
        do {
            _ = try body()
            return nil
        } catch let error as AlmanacError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    /// Whatever the SQL, the read-only connection refuses it with a usage error naming what it refused.
    static let refused: [(sql: String, action: String)] = [
        ("DELETE FROM books", "DELETE FROM books"),
        ("UPDATE books SET title = 'x'", "UPDATE books"),
        ("INSERT INTO countries (code, name) VALUES ('XK', 'x')", "INSERT INTO countries"),
        ("DROP TABLE books", "DROP TABLE books"),
        ("ATTACH 'other.db' AS other", "ATTACH"),
        ("PRAGMA writable_schema = 1", "PRAGMA writable_schema = 1"),
        ("PRAGMA query_only = 0", "PRAGMA query_only = 0"),
        ("SELECT load_extension('/tmp/nothing')", "load_extension()"),
        ("VACUUM INTO '/tmp/almanac-copy.db'", "VACUUM"),
        ("CREATE TEMP TABLE t (x)", "CREATE TABLE t"),
        ("SELECT * FROM pragma_optimize", "PRAGMA optimize"),
        ("PRAGMA optimize", "PRAGMA optimize"),
        ("PRAGMA wal_checkpoint", "PRAGMA wal_checkpoint"),
        ("BEGIN", "BEGIN"),
        ("WITH gone AS (SELECT 1) DELETE FROM books", "DELETE FROM books"),
        ("/* sneaky */ ANALYZE", "ANALYZE"),
    ]

    @Test(arguments: refused)
    func refusesAnythingThatCouldWrite(_ sample: (sql: String, action: String)) throws {
        let error = failure { try self.session().query(sample.sql, arguments: []).table() }
        #expect(error?.key == "query.error.refused")
        #expect(error?.failure == .usage)
        #expect(error?.arguments["action"] == sample.action)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/almanac-copy.db"))
    }

    @Test func oneStatementAtATime() throws {
        for sql in ["SELECT 1; SELECT 2", "SELECT 1; DELETE FROM books", "SELECT 1;; -- done\n;"] {
            let error = failure { try self.session().query(sql, arguments: []).table() }
            if sql.hasSuffix(";") {
                #expect(error == nil, "a trailing ; and comment are fine")
            } else {
                #expect(error?.key == "query.error.several-statements")
            }
        }
        #expect(
            failure { try self.session().query("  -- nothing\n", arguments: []).table() }?.key == "query.error.empty")
    }

    @Test func sqlErrorsAreInvalidData() throws {
        let error = failure { try self.session().query("SELECT * FROM nowhere", arguments: []).table() }
        #expect(error?.failure == .invalidData)
        #expect(error?.arguments["message"] == "no such table: nowhere")
    }

    @Test func readingPragmasAndSelectsRun() throws {
        let session = try session()
        #expect(try session.query("PRAGMA table_info(books)", arguments: []).table().rows.count == 7)
        #expect(
            try session.query("PRAGMA user_version", arguments: []).table().rows == [
                [.integer(Int64(DatabaseMigrator.builtIn.latestVersion))]
            ])
        #expect(
            try session.query(
                "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5) SELECT sum(x) AS total FROM n",
                arguments: []
            ).table().rows == [[.integer(15)]])
    }

    @Test func queryParametersAreNamedAndInferred() throws {
        let session = try session()
        let table = try session.query(
            "SELECT :n AS n, :r AS r, :t AS t, :code AS code, :today AS today_on",
            arguments: ["n=42", "r=2.5", "t=Аня", "code=007"]
        ).table()
        #expect(table.columns.map(\.key) == ["n", "r", "t", "code", "today_on"])
        #expect(table.rows == [[.integer(42), .real(2.5), .text("Аня"), .text("007"), .date(FixtureDatabase.today)]])
        let positional = try session.query("SELECT ?1 AS first, ? AS second", arguments: ["2=b", "1=a"]).table()
        #expect(positional.rows == [[.text("a"), .text("b")]])
        #expect(failure { try session.query("SELECT :a", arguments: []).table() }?.key == "query.error.missing-param")
        let unknown = failure { try session.query("SELECT :a, @b", arguments: ["a=1", "b=2", "c=3"]).table() }
        #expect(unknown?.key == "query.error.unknown-param")
        #expect(unknown?.arguments["accepted"] == "a, b")
        #expect(
            failure { try session.query("SELECT :a", arguments: ["a"]).table() }?.key == "report.error.param-syntax")
        #expect(
            failure { try session.query("SELECT :a", arguments: ["a=1", "a=2"]).table() }?.key
                == "report.error.param-twice")
    }

    @Test func columnsNamedLikeTheSchemaAreShownAsDatesAndTimes() throws {
        let table = try session("ru").query(
            "SELECT id, title, due_on, loaned_on || 'x' AS loaned_on FROM books WHERE id = 1", arguments: []
        ).table()
        #expect(table.columns.map(\.title) == ["№", "название", "вернуть до", "выдана"])
        #expect(
            table.rows == [
                [.identifier(1), .text("Мастер и Маргарита"), .date(LocalDate("2025-11-29")!), .text("2025-10-01x")]
            ])
        let instants = try session().query(
            "SELECT opened_at FROM doors WHERE holiday = 'christmas' AND door = 1", arguments: []
        ).table()
        #expect(instants.rows == [[.instant(Instant.parse("2025-12-01T06:07:00Z")!)]])
    }

    @Test func localDateUsesTheChosenZone() throws {
        let sql = "SELECT local_date('2025-12-20T21:30:00Z') AS day, local_date('nonsense') AS bad"
        #expect(try session().query(sql, arguments: []).table().rows == [[.text("2025-12-21"), .null]])
        var settings = FixtureDatabase.settings("en")
        settings.timeZone = Zone(identifier: "America/Los_Angeles")!
        #expect(
            try ReportSession(settings: settings).query(sql, arguments: []).table().rows == [
                [.text("2025-12-20"), .null]
            ])
    }

    @Test func reportParametersAreCheckedAndListed() throws {
        let session = try session()
        let report = try ReportCatalog.builtIn().report(named: "overdue-books")
        #expect(try session.run(report, arguments: ["within=0"]).table().rows.count == 4)
        #expect(try session.run(report, arguments: ["as_of=2025-11-30", "within=0"]).table().rows.count == 1)
        let unknown = failure { try session.run(report, arguments: ["days=3"]).table() }
        #expect(unknown?.key == "report.error.unknown-param")
        #expect(unknown?.failure == .usage)
        #expect(unknown?.arguments["accepted"] == "as_of: date, default today; within: integer, default 7")
        let badValue = failure { try session.run(report, arguments: ["within=soon"]).table() }
        #expect(badValue?.key == "report.error.bad-value")
        #expect(badValue?.arguments["type"] == "an integer")
        let badDate = failure { try session.run(report, arguments: ["as_of=2025-13-01"]).table() }
        #expect(badDate?.arguments["type"] == "a date (YYYY-MM-DD, today, today+N or today-N)")
    }

    @Test func aReportMayRequireAParameterAndMustDeclareWhatItUses() throws {
        let session = try session()
        let needs = try ReportDefinition.parse(
            "-- param: who text\nSELECT :who AS who", source: "mine/who.sql", defaultName: "who")
        #expect(failure { try session.run(needs, arguments: []).table() }?.key == "report.error.missing-param")
        #expect(try session.run(needs, arguments: ["who=Аня"]).table().rows == [[.text("Аня")]])
        let undeclared = try ReportDefinition.parse(
            "SELECT :who AS who, :today AS today", source: "mine/u.sql", defaultName: "u")
        let error = failure { try session.run(undeclared, arguments: []).table() }
        #expect(error?.key == "report.error.undeclared")
        #expect(error?.failure == .invalidData)
        let writer = try ReportDefinition.parse("DELETE FROM books", source: "mine/w.sql", defaultName: "w")
        #expect(failure { try session.run(writer, arguments: []).table() }?.key == "query.error.refused")
    }

    /// events-by-day reads only the stored instants near the days asked for (an index range, not the
    /// whole table): an event on the first or last day in the zones farthest from UTC (+14, -12) is
    /// still counted, and one a minute outside is not.
    @Test(arguments: [("Pacific/Kiritimati", "first day"), ("Etc/GMT+12", "last day")])
    func eventsByDayCountsTheEdgesOfTheRangeInEveryZone(_ zone: String, _ title: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("edges.db")
        try Store.create(path).execute(
            """
            INSERT INTO events (title, starts_at) VALUES
                ('first day', '2025-06-01T10:00:00Z'), ('before', '2025-06-01T09:59:00Z'),
                ('last day', '2025-06-04T11:59:00Z'), ('after', '2025-06-04T12:00:00Z');
            """)
        let settings = Settings(
            databasePath: path, localizer: .english, timeZone: Zone(identifier: zone)!,
            today: FixtureDatabase.today, format: .csv)
        let report = try ReportCatalog.builtIn().report(named: "events-by-day")
        let table = try ReportSession(settings: settings).run(report, arguments: ["from=2025-06-02", "days=2"]).table()
        #expect(table.rows.count == 1)
        #expect(table.rows.first?.last == .text(title))
    }

    /// The reports over tables that grow to millions of rows read them through an index range or in an
    /// index's order (Schema/003_report_indexes.sql, docs/perf-notes.md): none scans a table again for
    /// each row of another, and events-by-day reads only the days asked for.
    static let plans: [(report: String, arguments: [String], expected: [String])] = [
        (
            // `:occurrences` is bound by the session for a named report; run as a query, it is given.
            "events-by-day",
            ["from=2025-06-02", "days=7", #"occurrences={"hidden": [], "occurrences": []}"#],
            ["SEARCH events USING COVERING INDEX events_by_start (starts_at>? AND starts_at<?)"]
        ),
        (
            "quiz-missed-flags", ["limit=10"],
            [
                "SEARCH a USING INDEX quiz_answers_by_country (country=?)",
                "SEARCH w USING INDEX quiz_answers_by_country (country=? AND correct=?)",
            ]
        ),
        ("quiz-scores", ["limit=10"], ["SCAN quiz_answers USING INDEX quiz_answers_by_player"]),
        ("loans-by-borrower", ["as_of=2025-12-20"], ["SCAN books USING INDEX books_open_by_due"]),
        ("overdue-books", ["as_of=2025-12-20", "within=7"], ["SEARCH books USING INDEX books_open_by_due (due_on<?)"]),
    ]

    @Test(arguments: plans)
    func bigTablesAreReadThroughTheirIndexes(_ sample: (report: String, arguments: [String], expected: [String])) throws
    {
        let report = try ReportCatalog.builtIn().report(named: sample.report)
        let plan = try session().query("EXPLAIN QUERY PLAN " + report.sql, arguments: sample.arguments).table().rows
            .compactMap { row -> String? in if case .text(let detail)? = row.last { return detail } else { return nil }
            }
        for line in sample.expected { #expect(plan.contains(line), "\(sample.report): \(plan)") }
        let scans = plan.filter {
            $0.hasPrefix("SCAN ") && !$0.contains(" INDEX ") && !$0.hasPrefix("SCAN (") && $0 != "SCAN CONSTANT ROW"
        }
        #expect(scans.isEmpty, "\(sample.report): \(plan)")
    }

    /// The connection may outlive its session's limits: nothing of theirs stays registered on it. A
    /// progress handler left pointing at the freed limits (issue 28) read freed memory, and with
    /// the clock it had kept, interrupted a later statement on the same connection.
    @Test func aConnectionOutlivesItsLimits() throws {
        let database = try Store.openReadOnly(FixtureDatabase.path)
        weak var gone: QueryLimits?
        try {
            let limits = QueryLimits(timeout: 1)
            gone = limits
            let session = try ReportSession(
                database: database, settings: FixtureDatabase.settings("en"), limits: limits)
            #expect(try session.query("SELECT count(*) FROM books", arguments: []).table().rows.count == 1)
        }()
        #expect(gone == nil, "the limits are not kept alive by the connection")
        Thread.sleep(forTimeInterval: 1.5)
        let count = try database.scalar(
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 300000) SELECT count(*) FROM n")
        #expect(count == .integer(300_000))
    }

    /// The watchdog interrupts a statement at its limit and is gone when the statement ends: the
    /// next statement of the same limits has a clock of its own, and nothing interrupts it.
    /// The limit is 3 s so the second statement (0.1 s on an idle machine) stays far under it on a
    /// loaded one: CI once saw it pass 1 s.
    @Test func theWatchdogEndsWithItsStatement() throws {
        let limits = QueryLimits(timeout: 3)
        let session = try ReportSession(settings: FixtureDatabase.settings("en"), limits: limits)
        let endless = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"
        let error = failure { try session.query(endless, arguments: []).table() }
        #expect(error?.key == "query.error.timeout")
        Thread.sleep(forTimeInterval: 3.2)
        let counted = try session.query(
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 300000) SELECT count(*) FROM n",
            arguments: []
        ).table()
        #expect(counted.rows == [[.integer(300_000)]])
    }
}
