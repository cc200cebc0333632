import AlmanacStore
import Foundation
import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite

/// `almanac config`: the rules a library sets for itself (the longest loan, the notice levels), kept
/// in the database, checked, and followed by import, `books add`/`edit` and `overdue` from then on,
/// while loans already recorded are not judged again.
@Suite struct ConfigCommandTests {
    let dir: Workdir
    static let day = ["--db", "a.db", "--today", "2025-06-01"]

    init() throws {
        dir = try Workdir()
        try dir.initDatabase("a.db")
    }

    func run(_ arguments: [String], locale: String = "en") throws -> Workdir.Output {
        try dir.run(Self.day + ["--locale", locale] + arguments)
    }

    @Test func aNewDatabaseHasTheDefaultsTheCodeStates() throws {
        let list = try run(["config", "list", "--format", "csv"])
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.components(separatedBy: "\r\n")
        #expect(lines.first == "key,setting_value,setting_default,description")
        #expect(lines.dropFirst().first?.hasPrefix("longest-loan-months,3,3,") == true, "\(list.stdout)")
        #expect(lines.dropFirst(2).first?.hasPrefix("notice-levels,\"1,7,14\",\"1,7,14\",") == true, "\(list.stdout)")
        for setting in LibrarySetting.allCases {
            let got = try run(["config", "get", setting.rawValue])
            #expect(got.status == 0, "\(got.stderr)")
            #expect(
                got.stdout == setting.defaultValue + "\n",
                "migration 007 writes the code's default of \(setting.rawValue)")
        }
        #expect(LibrarySetting.longestLoanMonths.defaultValue == "3")
        #expect(LibrarySetting.noticeLevels.defaultValue == "1,7,14")
        let table = try run(["config"], locale: "ru")
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("по умолчанию"), "config alone lists, in Russian: \(table.stdout)")
    }

    @Test func setChecksTheValueAndNamesTheKeyAndTheValueInEnglishAndRussian() throws {
        let cases: [(arguments: [String], english: String, russian: String)] = [
            (
                ["longest-loan-months", "0"],
                "longest-loan-months: \"0\" is not a number of months (expected a whole number from 1 to 120)",
                "longest-loan-months: «0» — не число месяцев (ожидается целое число от 1 до 120)"
            ),
            (
                ["longest-loan-months", "3.5"],
                "longest-loan-months: \"3.5\" is not a number of months (expected a whole number from 1 to 120)",
                "longest-loan-months: «3.5» — не число месяцев (ожидается целое число от 1 до 120)"
            ),
            (
                ["notice-levels", "1,x,14"],
                "notice-levels: \"1,x,14\" is not a list of notice levels (expected whole numbers of days overdue from 1 to 36500, separated by commas, such as 1,7,14)",
                "notice-levels: «1,x,14» — не список уровней напоминаний (ожидаются целые числа дней просрочки от 1 до 36500 через запятую, например 1,7,14)"
            ),
            (
                ["longest-loan", "4"],
                "\"longest-loan\" is not a setting (settings: longest-loan-months, notice-levels, quiz.sovereign-only; did you mean \"longest-loan-months\"?)",
                "«longest-loan» — нет такой настройки (настройки: longest-loan-months, notice-levels, quiz.sovereign-only; возможно, вы имели в виду «longest-loan-months»?)"
            ),
        ]
        for item in cases {
            let english = try run(["config", "set"] + item.arguments)
            #expect(english.status == 64, "\(item.arguments)")
            #expect(english.stderr == "almanac: error: \(item.english)\n")
            let russian = try run(["config", "set"] + item.arguments, locale: "ru")
            #expect(russian.status == 64, "\(item.arguments)")
            #expect(russian.stderr == "almanac: ошибка: \(item.russian)\n")
        }
        let unknown = try run(["config", "get", "levels"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("almanac: error: \"levels\" is not a setting"), "\(unknown.stderr)")
        #expect(try run(["config", "get", "longest-loan-months"]).stdout == "3\n", "a refused value changes nothing")

        let set = try run(["config", "set", "notice-levels", "30, 3,10,3"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "notice-levels: 1,7,14 → 3,10,30 (loans already recorded keep their dates)\n")
        #expect(try run(["config", "get", "notice-levels"]).stdout == "3,10,30\n", "stored sorted, without repeats")
        let again = try run(["config", "set", "notice-levels", "3,10,30"], locale: "ru")
        #expect(again.stdout == "notice-levels уже равно 3,10,30\n")
    }

    @Test func theLongestLoanGovernsImportAddAndEditFromThenOnAndRecordedLoansStay() throws {
        // 1 June + 4 months = 1 October: refused under the default of 3 months, in words that name the setting.
        let refused = try run(["books", "add", "Summer reading", "--due", "2025-10-01"])
        #expect(refused.status == 65)
        #expect(
            refused.stderr == "almanac: error: --due \"2025-10-01\" is more than 3 months after loaned_on 2025-06-01 "
                + "(the latest is 2025-09-01; the longest loan is the setting longest-loan-months)\n"
        )
        #expect(try run(["config", "set", "longest-loan-months", "4"]).status == 0)
        let added = try run(["books", "add", "Summer reading", "--due", "2025-10-01", "--format", "csv"])
        #expect(added.status == 0, "\(added.stderr)")
        try dir.write("summer.csv", "title,loaned_on,due_on\nWar and Peace,2025-06-01,2025-10-01\n")
        let imported = try run(["import", "books", "summer.csv"])
        #expect(imported.status == 0, "\(imported.stderr)")

        // Shortened to 1 month: the 4-month loans stay, come back, and keep their titles' edits;
        // new dates are judged by the new setting, in the plural of each language.
        #expect(try run(["config", "set", "longest-loan-months", "1"]).status == 0)
        let list = try run(["books", "list", "--format", "csv"])
        #expect(
            list.stdout.components(separatedBy: "\r\n").filter { $0.contains("2025-10-01") }.count == 2,
            "\(list.stdout)")
        #expect(try run(["books", "edit", "1", "--title", "Summer reading, vol. 1"]).status == 0)
        let returned = try run(["books", "return", "1"])
        #expect(returned.status == 0, "a recorded loan is not judged again: \(returned.stderr)")
        let edited = try run(["books", "edit", "2", "--due", "2025-09-30"])
        #expect(edited.status == 65)
        #expect(
            edited.stderr.contains("is more than 1 month after loaned_on 2025-06-01 (the latest is 2025-07-01;"),
            "\(edited.stderr)")
        try dir.write("more.csv", "title,loaned_on,due_on\nAnna Karenina,2025-06-01,2025-08-01\n")
        let russian = try run(["import", "books", "more.csv"], locale: "ru")
        #expect(russian.status == 65)
        #expect(
            russian.stderr.contains(
                "«2025-08-01» позже чем через 1 месяц после выдачи 2025-06-01 (крайний срок — 2025-07-01;"),
            "\(russian.stderr)")
        #expect(try run(["config", "set", "longest-loan-months", "2"]).status == 0)
        let five = try run(["books", "edit", "2", "--due", "2025-09-30"], locale: "ru")
        #expect(five.stderr.contains("позже чем через 2 месяца после выдачи"), "\(five.stderr)")
    }

    @Test func theNoticeLevelsGovernOverdueUnlessLevelsIsGiven() throws {
        try dir.write("late.csv", "title,loaned_on,due_on\nDune,2025-05-01,2025-05-20\n")
        #expect(try run(["import", "books", "late.csv"]).status == 0)
        // 12 days overdue on 1 June: level 7 by default, 10 with the setting, 1 with --levels 1.
        func level(_ extra: [String] = []) throws -> String? {
            let out = try run(["overdue", "--format", "json"] + extra)
            #expect(out.status == 2, "\(out.stderr)")
            let rows = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]]
            return (rows?.first?["level"]).map { "\($0)" }
        }
        #expect(try level() == "7")
        #expect(try run(["config", "set", "notice-levels", "3,10"]).status == 0)
        #expect(try level() == "10")
        #expect(try level(["--levels", "1"]) == "1")
        let notified = try run(["overdue", "--notify", "--format", "csv"])
        #expect(notified.stdout.contains(",10"), "\(notified.stdout)")
        #expect(try dir.rows("SELECT level FROM overdue_notices") == [["10"]])
    }

    @Test(.sqliteFile) func anOlderDatabaseIsUpgradedWithItsLoansNoticesAndIdsKept() throws {
        let database = try SQLiteDatabase(path: dir.path("v6.db"), mode: .create)
        try DatabaseMigrator(migrations: DatabaseMigrator.builtIn.migrations.filter { $0.version <= 6 }).migrate(
            database)
        try database.execute(
            """
            INSERT INTO books (id, title, loaned_on, due_on) VALUES (7, 'Dune', '2025-04-01', '2025-05-20'), (9, 'Emma', '2025-04-01', '2025-04-30');
            INSERT INTO overdue_notices (book_id, level, issued_on) VALUES (7, 7, '2025-05-27');
            DELETE FROM books WHERE id = 9;
            """)
        let out = try dir.run([
            "--db", "v6.db", "--today", "2025-06-01", "books", "add", "Idiot", "--due", "2025-06-30", "--format", "csv",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("\r\n10,Idiot,"), "a deleted loan's id is not given again: \(out.stdout)")
        let upgraded = try SQLiteDatabase(path: dir.path("v6.db"), mode: .readOnly)
        #expect(try upgraded.userVersion == DatabaseMigrator.builtIn.latestVersion)
        #expect(try upgraded.rows("SELECT book_id, level FROM overdue_notices") == [[.integer(7), .integer(7)]])
        #expect(try LibrarySettings.read(upgraded) == LibrarySettings.defaults)
        let index = try upgraded.scalar("SELECT sql FROM sqlite_schema WHERE name = 'books_open_by_due'")?.textValue
        #expect(index?.contains("(due_on, id, borrower) WHERE returned_on IS NULL") == true)
    }

    @Test func keysCompleteAndHelpSaysWhatEachIs() throws {
        let complete = try dir.run(["__complete", "--", "config", "set", "n"])
        #expect(complete.stdout.components(separatedBy: "\n").contains("notice-levels"), "\(complete.stdout)")
        let get = try dir.run(["__complete", "--", "config", "get", ""])
        #expect(get.stdout.contains("longest-loan-months"), "\(get.stdout)")
        let help = try dir.run(["--locale", "ru", "config", "set", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("longest-loan-months"), "\(help.stdout)")
        let english = try dir.run(["help", "config"])
        #expect(english.stdout.contains("notice-levels"), "\(english.stdout)")
    }
}
