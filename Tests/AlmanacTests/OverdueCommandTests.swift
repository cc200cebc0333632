import AlmanacKit
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

/// `almanac overdue` as cron and monitoring run it: exit statuses 0-3, formats, Russian, notices.
@Suite struct OverdueCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase()
        try dir.execute(
            """
            INSERT INTO books (id, title, author, borrower, loaned_on, due_on, returned_on) VALUES
                (1, 'Мастер и Маргарита', 'Михаил Булгаков', 'Анна', '2025-10-01', '2025-12-01', NULL),
                (2, 'Harry Potter', 'J. K. Rowling', 'Boris', '2025-12-01', '2026-02-01', NULL),
                (3, 'Евгений Онегин', NULL, 'Pavel', '2025-11-20', '2025-12-20', NULL),
                (4, 'Le Petit Prince', NULL, NULL, '2025-11-01', '2025-12-17', NULL),
                (5, 'Dune', NULL, 'Chloé', '2025-11-01', '2025-11-20', '2025-11-19');
            """)
    }

    func overdue(_ arguments: [String], today: String = "2025-12-22", environment: [String: String] = [:]) throws
        -> Workdir.Output
    {
        try dir.run(["--db", "a.db", "--today", today, "overdue"] + arguments, environment: environment)
    }

    @Test func exitStatusesFollowTheMonitoringConvention() throws {
        let ok = try overdue([], today: "2025-11-30")
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stderr == "Sun 30 Nov: no loans overdue\n")
        let warning = try overdue(["--due-within", "1"], today: "2025-11-30")
        #expect(warning.status == 1)
        #expect(
            warning.stdout.contains(
                "│  1 │ Мастер и Маргарита │ Анна     │ Mon 1 Dec │            │              │ ! due soon │"),
            "\(warning.stdout)")
        #expect(warning.stderr == "Sun 30 Nov: no loans overdue; 1 loan due within 1 day\n")
        let critical = try overdue(["--due-within", "3"])
        #expect(critical.status == 2)
        #expect(critical.stderr == "Mon 22 Dec: 3 loans overdue; 0 loans due within 3 days\n")
        #expect(
            critical.stdout.contains(
                "│  1 │ Мастер и Маргарита │ Анна     │ Mon 1 Dec  │    21 days │           14 │ ✗ overdue │"))
        #expect(
            critical.stdout.contains(
                "│  3 │ Евгений Онегин     │ Pavel    │ Sat 20 Dec │     2 days │            1 │ ✗ overdue │"))
        #expect(!critical.stdout.contains("Dune"), "a returned loan is never overdue")
        #expect(try overdue(["--grace", "5"]).status == 2)
        #expect(try overdue(["--grace", "21"]).status == 0)
        #expect(try overdue(["--grace", "2", "--due-within", "0"]).status == 2)
    }

    @Test(
        arguments: [
            (["--levels", "1,x"], "\"x\" is not a level"),
            (["--grace=-1"], "--grace -1: expected a whole number of days"),
            (["--bogus"], #"unknown option "--bogus""#), (["--grace"], "missing value for --grace <days>"),
            (["--format", "yaml"], "yaml"), (["extra"], #"unexpected argument "extra""#),
        ] as [([String], String)])
    func badArgumentsExitThree(_ arguments: [String], _ message: String) throws {
        let out = try overdue(arguments)
        #expect(out.status == 3, "\(out.stderr)")
        #expect(out.stderr.contains(message), "\(out.stderr)")
        #expect(out.stdout == "")
    }

    @Test func badDatabasesExitThree() throws {
        let missing = try dir.run(["--db", "none.db", "overdue"])
        #expect(missing.status == 3)
        #expect(missing.stderr == "almanac: error: \(dir.missing("none.db"))\n")
        #expect(!FileManager.default.fileExists(atPath: dir.path("none.db")))
        try dir.write("text.db", String(repeating: "not a database\n", count: 100))
        // A file that is not SQLite's is about the SQLite file: on PostgreSQL the name is a database.
        for notify in TestStore.isPostgres ? [] : [[], ["--notify"]] {
            let garbage = try dir.run(["--db", "text.db", "overdue"] + notify)
            #expect(garbage.status == 3)
            #expect(
                garbage.stderr.hasPrefix("almanac: error: text.db: not a database (the file is not SQLite)"),
                "\(garbage.stderr)")
        }
        let nagios = try dir.run(["--db", "none.db", "overdue", "--format", "nagios"])
        #expect(nagios.status == 3)
        #expect(nagios.stdout == "OVERDUE UNKNOWN - \(dir.missing("none.db"))\n")
        let badTZ = try dir.run(["--db", "a.db", "overdue", "--tz", "Mars/Olympus"])
        #expect(badTZ.status == 3)
        #expect(try dir.run(["--db", "a.db", "overdue", "--help"]).status == 0)
        #expect(
            try dir.run(["--db", "none.db", "books", "list"]).status == 66, "other commands keep their own statuses")
    }

    /// Another writer holds the lock past `--wait`: the check gives up with status 3.
    @Test(.sqliteFile) func busyPastTheTimeoutExitsThree() throws {
        let holder = try SQLiteDatabase(path: dir.path("a.db"))
        try holder.execute("BEGIN IMMEDIATE")
        let out = try overdue(["--notify", "--format", "nagios", "--wait", "1"])
        try holder.execute("ROLLBACK")
        #expect(out.status == 3)
        #expect(
            out.stderr
                == "almanac: error: a.db: the database is busy: another program is writing to it and did not finish in time; nothing was changed, try again when it has finished\n"
        )
        #expect(
            out.stdout
                == "OVERDUE UNKNOWN - a.db: the database is busy: another program is writing to it and did not finish in time; nothing was changed, try again when it has finished\n"
        )
        #expect(try overdue(["--notify"]).status == 2, "and works once the lock is gone")
    }

    @Test func jsonParsesAndNagiosIsOneLine() throws {
        let out = try overdue(["--format", "json", "--due-within", "45"])
        #expect(out.status == 2)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? Int } == [1, 4, 3, 2])
        #expect(rows.map { $0["status"] as? String } == ["overdue", "overdue", "overdue", "due-soon"])
        #expect(
            rows[0]["days_overdue"] as? Int == 21 && rows[0]["level"] as? Int == 14
                && rows[0]["due_on"] as? String == "2025-12-01")
        #expect(rows[3]["days_overdue"] is NSNull && rows[3]["level"] is NSNull)
        let nagios = try overdue(["--format", "nagios", "--due-within", "45"])
        #expect(nagios.stdout == "OVERDUE CRITICAL - 3 loans overdue | overdue=3 due_soon=1\n")
        #expect(nagios.stderr == "")
        #expect(
            try overdue(["--format", "nagios", "--due-within", "45"], today: "2025-11-30").stdout
                == "OVERDUE WARNING - 3 loans due within 45 days | overdue=0 due_soon=3\n")
    }

    /// The monitoring line reads the same whatever the host's language: English status word and
    /// performance data always, and only an explicit --locale translates the text after the dash.
    @Test func theMonitoringLineIgnoresTheHostsLanguage() throws {
        let english = "OVERDUE CRITICAL - 3 loans overdue | overdue=3 due_soon=1\n"
        for variable in ["LANG", "LC_ALL", "LC_MESSAGES"] {
            let out = try overdue(["--format", "nagios", "--due-within", "45"], environment: [variable: "ru_RU.UTF-8"])
            #expect(out.status == 2)
            #expect(out.stdout == english, "\(variable)")
            let broken = try dir.run(
                ["--db", "none.db", "overdue", "--format", "nagios"], environment: [variable: "ru_RU.UTF-8"])
            #expect(
                broken.stdout == "OVERDUE UNKNOWN - \(dir.missing("none.db"))\n",
                "\(variable)")
        }
        let translated = try overdue(
            ["--format", "nagios", "--due-within", "45", "--locale", "ru"], environment: ["LANG": "en_US.UTF-8"])
        #expect(translated.stdout == "OVERDUE CRITICAL - 3 книги просрочены | overdue=3 due_soon=1\n")
        let warning = try overdue(["--locale=ru", "--format", "nagios", "--due-within", "45"], today: "2025-11-30")
        #expect(warning.stdout.hasPrefix("OVERDUE WARNING - ") && warning.stdout.hasSuffix(" | overdue=0 due_soon=3\n"))
        #expect(!warning.stdout.contains("loans"), "\(warning.stdout)")
        let rows = try overdue([], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(rows.stderr.contains("просрочен"), "the table and summary still follow the host's language")
    }

    @Test func russianHeadersAndPlurals() throws {
        let out = try overdue(["--locale", "ru"], today: "2025-12-27")
        #expect(out.status == 2)
        #expect(
            out.stdout.contains(
                "│ № │      название      │ читатель │ вернуть до  │ просрочка │ уровень напоминания │  состояние   │"),
            "\(out.stdout)")
        #expect(out.stdout.contains("26 дней") && out.stdout.contains("10 дней") && out.stdout.contains("7 дней"))
        #expect(out.stdout.hasSuffix("\n3 книги\n"))
        #expect(out.stderr == "Сб, 27 дек.: 3 книги просрочены\n")
        let one = try overdue(["--locale", "ru", "--levels", "1,21"], today: "2025-12-22")
        #expect(one.stdout.contains("21 день") && one.stdout.contains("2 дня") && one.stdout.contains("5 дней"))
        let byEnvironment = try dir.run(
            ["--db", "a.db", "--today", "2025-12-27", "overdue"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(byEnvironment.stdout == out.stdout)
    }

    /// The crontab line: notices once, silence on the rerun, nothing lost after a missed night.
    @Test func cronNotifiesOnceAndIsSilentOtherwise() throws {
        let first = try overdue(["--notify", "--quiet", "--format", "tsv"])
        #expect(first.status == 2)
        #expect(
            first.stdout
                == "id\ttitle\tborrower\tdue_on\tdays_overdue\tlevel\tstatus\n1\tМастер и Маргарита\tАнна\t2025-12-01\t21\t14\toverdue\n"
                + "4\tLe Petit Prince\t\t2025-12-17\t5\t1\toverdue\n3\tЕвгений Онегин\tPavel\t2025-12-20\t2\t1\toverdue\n"
        )
        #expect(first.stderr == "")
        let rerun = try overdue(["--notify", "--quiet"])
        #expect(rerun.status == 2, "still overdue")
        #expect(rerun.stdout == "" && rerun.stderr == "")
        let loud = try overdue(["--notify"])
        #expect(loud.stderr == "Mon 22 Dec: 3 loans overdue; 0 new notices\n")
        let afterGap = try overdue(["--notify", "--format", "csv"], today: "2025-12-29")
        #expect(
            afterGap.stdout
                == "id,title,borrower,due_on,days_overdue,level,status\r\n4,Le Petit Prince,,2025-12-17,12,7,overdue\r\n"
                + "3,Евгений Онегин,Pavel,2025-12-20,9,7,overdue\r\n")
    }

    /// Two processes run the same night at the same moment, five nights running: each notice is
    /// issued once between them.
    @Test func twoProcessesAtOnceNotifyOnce() throws {
        nonisolated(unsafe) let dir = self.dir
        var total = 0
        for night in ["2025-12-18", "2025-12-19", "2025-12-22", "2025-12-24", "2026-01-05"] {
            final class Outputs: @unchecked Sendable {
                let lock = NSLock()
                var all: [Workdir.Output] = []
                func add(_ output: Workdir.Output) {
                    lock.lock()
                    all.append(output)
                    lock.unlock()
                }
            }
            let outputs = Outputs()
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                if let out = try? dir.run(["--db", "a.db", "--today", night, "overdue", "--notify", "--format", "csv"])
                {
                    outputs.add(out)
                }
            }
            #expect(outputs.all.count == 2)
            #expect(outputs.all.allSatisfy { $0.status == 2 }, "\(outputs.all.map(\.stderr))")
            total += outputs.all.map { $0.stdout.split(separator: "\r\n").count - 1 }.reduce(0, +)
        }
        let recorded = try dir.rows("SELECT book_id, level FROM overdue_notices ORDER BY book_id, level")
        #expect(
            recorded.map { $0.joined(separator: "@") }
                == ["1@14", "3@1", "3@14", "4@1", "4@7", "4@14"])
        #expect(total == recorded.count)
    }

    /// Dates are civil dates: on the days Berlin's clocks change, nothing shifts.
    @Test func berlinDSTDaysShiftNothing() throws {
        for (today, days) in [("2025-12-02", "1"), ("2026-03-29", "118"), ("2026-03-30", "119"), ("2025-10-26", nil)]
            as [(String, String?)]
        {
            let out = try overdue(["--tz", "Europe/Berlin", "--format", "csv"], today: today)
            let line = out.stdout.split(separator: "\r\n").first { $0.hasPrefix("1,") }
            #expect(line.map { String($0.split(separator: ",")[4]) } == days, "\(today): \(out.stdout)")
        }
    }
}
