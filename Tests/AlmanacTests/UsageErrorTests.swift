import Foundation
import Testing

/// Every usage mistake is one line on stderr, `almanac: error: …`, in the user's language, exit 64
/// (`overdue`: 3, with the monitoring line for `--format nagios`), with "did you mean" where a near
/// word exists. The acceptance table of issue 16, in English and Russian.
@Suite struct UsageErrorTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
    }

    struct Mistake: Sendable, CustomStringConvertible {
        let arguments: [String]
        let english: String
        let russian: String
        var description: String { arguments.joined(separator: " ") }

        init(_ arguments: [String], _ english: String, _ russian: String) {
            self.arguments = arguments
            self.english = english
            self.russian = russian
        }
    }

    static let books = (
        #"unknown command "boks" (did you mean "books"?)"#,
        "неизвестная команда «boks» (возможно, вы имели в виду «books»?)"
    )
    static let show = (
        #"unknown command "calendar shwo" (did you mean "calendar show"?)"#,
        "неизвестная команда «calendar shwo» (возможно, вы имели в виду «calendar show»?)"
    )
    static let format = (
        #"unknown option "--frmat" (did you mean "--format"?)"#,
        "неизвестный параметр «--frmat» (возможно, вы имели в виду «--format»?)"
    )

    static let mistakes: [Mistake] = [
        // Typos of commands, with global options before, after and between
        Mistake(["boks"], books.0, books.1),
        Mistake(["--db", "a.db", "boks"], books.0, books.1),
        Mistake(["boks", "--db", "a.db"], books.0, books.1),
        Mistake(["--tz=UTC", "boks", "list", "--db", "a.db"], books.0, books.1),
        Mistake(
            ["calender", "show"], #"unknown command "calender" (did you mean "calendar"?)"#,
            "неизвестная команда «calender» (возможно, вы имели в виду «calendar»?)"),
        Mistake(["calendar", "shwo"], show.0, show.1),
        Mistake(
            ["imprt", "books", "x.csv"], #"unknown command "imprt" (did you mean "import"?)"#,
            "неизвестная команда «imprt» (возможно, вы имели в виду «import»?)"),
        Mistake(
            ["calendar", "xyz"], #"unknown command "calendar xyz"; see "almanac help calendar""#,
            "неизвестная команда «calendar xyz»; см. «almanac help calendar»"),
        // help forms
        Mistake(
            ["help", "nonexist"], #"unknown command "nonexist"; see "almanac help""#,
            "неизвестная команда «nonexist»; см. «almanac help»"),
        Mistake(["help", "boks"], books.0, books.1),
        Mistake(["help", "calendar", "shwo"], show.0, show.1),
        Mistake(["boks", "--help"], books.0, books.1),
        // Typos of options, and values not among an option's values
        Mistake(["books", "list", "--frmat", "csv"], format.0, format.1),
        Mistake(["calendar", "--frmat"], format.0, format.1),
        Mistake(
            ["books", "list", "--srot", "title"], #"unknown option "--srot" (did you mean "--sort"?)"#,
            "неизвестный параметр «--srot» (возможно, вы имели в виду «--sort»?)"),
        Mistake(
            ["books", "list", "--xyz"],
            #"unknown option "--xyz" for "almanac books list"; see "almanac help books list""#,
            "неизвестный параметр «--xyz» у команды «almanac books list»; см. «almanac help books list»"),
        Mistake(
            ["-x"], #"unknown option "-x" for "almanac"; see "almanac help""#,
            "неизвестный параметр «-x» у команды «almanac»; см. «almanac help»"),
        Mistake(
            ["books", "list", "--sort", "titel"], #"--sort: "titel" is not one of title, due (did you mean "title"?)"#,
            "--sort: недопустимое значение «titel» (допустимы: title, due; возможно, вы имели в виду «title»?)"),
        Mistake(
            ["--format", "tabel", "books", "list"],
            #"--format: "tabel" is not one of table, markdown, csv, tsv, json, html (did you mean "table"?)"#,
            "--format: недопустимое значение «tabel» (допустимы: table, markdown, csv, tsv, json, html; возможно, вы имели в виду «table»?)"
        ),
        Mistake(
            ["import", "books", "f.csv", "--on-conflict", "xyz"],
            #"--on-conflict: "xyz" is not one of fail, skip, replace"#,
            "--on-conflict: недопустимое значение «xyz» (допустимы: fail, skip, replace)"),
        // Values of the wrong type, and negative numbers taken as values
        // (the message says which numbers would do: any whole number, or the range when only some would
        // do or the value is a number out of range)
        Mistake(
            ["quiz", "question", "--seed", "abc"],
            #"invalid value "abc" for --seed <n>: expected a whole number from 0 to 18446744073709551615"#,
            "недопустимое значение «abc» для --seed <n>: нужно целое число от 0 до 18446744073709551615"),
        Mistake(
            ["quiz", "question", "--seed", "-1"],
            #"invalid value "-1" for --seed <n>: expected a whole number from 0 to 18446744073709551615"#,
            "недопустимое значение «-1» для --seed <n>: нужно целое число от 0 до 18446744073709551615"),
        Mistake(
            ["events", "show", "x"],
            #"invalid value "x" for <id>: expected a whole number from 1 to 9223372036854775807"#,
            "недопустимое значение «x» для <id>: нужно целое число от 1 до 9223372036854775807"),
        Mistake(
            ["books", "delete", "-3"],
            #"invalid value "-3" for <id>: expected a whole number from 1 to 9223372036854775807"#,
            "недопустимое значение «-3» для <id>: нужно целое число от 1 до 9223372036854775807"),
        Mistake(
            ["books", "list", "--limit", "0"],
            #"invalid value "0" for --limit <n>: expected a whole number from 1 to 9223372036854775807"#,
            "недопустимое значение «0» для --limit <n>: нужно целое число от 1 до 9223372036854775807"),
        Mistake(
            ["query", "--timeout", "1.5", "select 1"],
            #"invalid value "1.5" for --timeout <seconds>: expected a whole number"#,
            "недопустимое значение «1.5» для --timeout <seconds>: нужно целое число"),
        Mistake(
            ["quiz", "play", "--rounds", "99999999999999999999"],
            #"invalid value "99999999999999999999" for --rounds <n>: expected a whole number no larger than 9223372036854775807"#,
            "недопустимое значение «99999999999999999999» для --rounds <n>: нужно целое число не больше 9223372036854775807"
        ),
        Mistake(
            ["query", "--timeout", "-99999999999999999999", "select 1"],
            #"invalid value "-99999999999999999999" for --timeout <seconds>: expected a whole number no smaller than -9223372036854775808"#,
            "недопустимое значение «-99999999999999999999» для --timeout <seconds>: нужно целое число не меньше -9223372036854775808"
        ),
        Mistake(
            ["events", "edit", "x", "--title", "t"],
            #"invalid value "x" for <id>: expected a whole number from 1 to 9223372036854775807"#,
            "недопустимое значение «x» для <id>: нужно целое число от 1 до 9223372036854775807"),
        Mistake(
            ["quiz", "play", "--rounds", "-2"], "--rounds: -2 is not a number of questions (expected 1 or more)",
            "--rounds: -2 — не число вопросов (нужно 1 или больше)"),
        // Missing values and arguments, unexpected arguments
        Mistake(["quiz", "missed", "--limit"], "missing value for --limit <n>", "не указано значение для --limit <n>"),
        Mistake(
            ["books", "list", "--sort", "--open"], "missing value for --sort <title|due>",
            "не указано значение для --sort <title|due>"),
        Mistake(
            ["books", "list", "--locale"], "missing value for --locale <id>", "не указано значение для --locale <id>"),
        Mistake(["--db"], "missing value for --db <path>", "не указано значение для --db <path>"),
        Mistake(
            ["books", "add"], #"missing argument <title> for "almanac books add""#,
            "не указан аргумент <title> команды «almanac books add»"),
        Mistake(
            ["calendar", "open"], #"missing argument <door> for "almanac calendar open""#,
            "не указан аргумент <door> команды «almanac calendar open»"),
        Mistake(
            ["books", "add", "Dune"], #"missing option --due <date> for "almanac books add""#,
            "не указан обязательный параметр --due <date> команды «almanac books add»"),
        Mistake(
            ["books", "list", "extra"], #"unexpected argument "extra" for "almanac books list""#,
            "лишний аргумент «extra» для команды «almanac books list»"),
        Mistake(
            ["books", "list", "--open=yes"], #"--open takes no value (given "yes")"#,
            "параметр --open не принимает значения (указано «yes»)"),
        // An option given twice with different values: globals and command options alike
        Mistake(
            // Paths, not bare names: the values are compared as given, on either store (a bare name is
            // a database of the server when the suites run on PostgreSQL).
            ["--db", "./A.db", "import", "books", "f.csv", "--db", "./B.db"],
            #"--db given twice with different values: "./A.db" and "./B.db""#,
            "параметр --db указан дважды с разными значениями: «./A.db» и «./B.db»"),
        Mistake(
            ["books", "list", "--sort", "title", "--sort", "due"],
            #"--sort given twice with different values: "title" and "due""#,
            "параметр --sort указан дважды с разными значениями: «title» и «due»"),
        Mistake(
            ["export", "books", "--out", "a.csv", "--out=b.csv"],
            #"--out given twice with different values: "a.csv" and "b.csv""#,
            "параметр --out указан дважды с разными значениями: «a.csv» и «b.csv»"),
        Mistake(
            ["--format=csv", "books", "list", "--format", "json"],
            #"--format given twice with different values: "csv" and "json""#,
            "параметр --format указан дважды с разными значениями: «csv» и «json»"),
    ]

    func expectOneLine(
        _ out: Workdir.Output, _ message: String, status: Int32 = 64, prefix: String = "almanac: error: "
    ) {
        #expect(out.status == status, "\(out.stderr)")
        #expect(out.stderr == prefix + message + "\n")
        #expect(out.stdout == "")
    }

    @Test("each mistake in English", arguments: mistakes)
    func english(_ mistake: Mistake) throws {
        expectOneLine(try dir.run(mistake.arguments), mistake.english)
        #expect(
            !FileManager.default.fileExists(atPath: dir.path("A.db"))
                && !FileManager.default.fileExists(atPath: dir.path("a.db")))
    }

    @Test("each mistake in Russian", arguments: mistakes)
    func russian(_ mistake: Mistake) throws {
        expectOneLine(
            try dir.run(mistake.arguments, environment: ["LANG": "ru_RU.UTF-8"]), mistake.russian,
            prefix: "almanac: ошибка: ")
    }

    @Test func theLanguageComesFromLocaleWhereverItIsOrFromTheEnvironment() throws {
        for arguments in [
            ["--locale", "ru", "boks"], ["boks", "--locale", "ru"], ["--db", "a.db", "boks", "--locale=ru"],
            ["help", "boks", "--locale", "ru"],
        ] {
            expectOneLine(try dir.run(arguments), Self.books.1, prefix: "almanac: ошибка: ")
        }
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            expectOneLine(
                try dir.run(["boks"], environment: [variable: "ru_RU.UTF-8"]), Self.books.1, prefix: "almanac: ошибка: "
            )
        }
        expectOneLine(try dir.run(["boks"], environment: ["LANG": "ru_RU.UTF-8", "LC_ALL": "C"]), Self.books.0)
        expectOneLine(try dir.run(["--locale", "en", "boks"], environment: ["LANG": "ru_RU.UTF-8"]), Self.books.0)
    }

    @Test func overdueKeepsTheMonitoringConvention() throws {
        let plain = try dir.run(["overdue", "--grace", "x", "--db", "a.db"])
        expectOneLine(plain, #"invalid value "x" for --grace <days>: expected a whole number"#, status: 3)
        let nagios = try dir.run(
            ["--format", "nagios", "overdue", "--grac", "2"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(nagios.status == 3)
        #expect(nagios.stderr == "almanac: error: unknown option \"--grac\" (did you mean \"--grace\"?)\n")
        #expect(nagios.stdout == "OVERDUE UNKNOWN - unknown option \"--grac\" (did you mean \"--grace\"?)\n")
        let translated = try dir.run(["overdue", "--format=nagios", "--grace", "x", "--locale", "ru"])
        #expect(translated.status == 3)
        #expect(
            translated.stdout == "OVERDUE UNKNOWN - недопустимое значение «x» для --grace <days>: нужно целое число\n")
        expectOneLine(
            try dir.run(["overdu", "--format", "nagios"]), #"unknown command "overdu" (did you mean "overdue"?)"#)
    }

    @Test func whatIsNotAMistake() throws {
        #expect(try dir.run(["--db", "a.db", "init", "--db=a.db"]).status == 0, "the same value twice")
        let repeated = try dir.run(["--db", "a.db", "animation", "save", "X", "--set", "a=1", "--set", "b=2"])
        #expect(!repeated.stderr.contains("twice"), "--set may be repeated: \(repeated.stderr)")
        let negative = try dir.run(["--db", "a.db", "calendar", "open", "christmas", "-1"])
        #expect(!negative.stderr.contains("option"), "a negative number is an argument: \(negative.stderr)")
        #expect(negative.stderr.contains("\"-1\""))
        #expect(try dir.run(["--locale", "ru", "help", "books"]).stdout.contains("Выдача книг"))
        #expect(try dir.run(["help", "books", "--locale", "ru"]).stdout.contains("Выдача книг"))
        for help in [
            ["help"], ["--help"], ["-h"], ["help", "books", "add"], ["books", "add", "-h"], ["calendar"],
            ["--db", "a.db", "help"],
        ] {
            let out = try dir.run(help)
            #expect(out.status == 0 && out.stdout.hasPrefix("OVERVIEW: ") && out.stderr.isEmpty, "\(help)")
        }
        for version in [["--version"], ["books", "list", "--version"], ["--db", "a.db", "quiz", "--version"]] {
            #expect(try dir.run(version).stdout.split(separator: "\n").count == 1, "\(version)")
        }
    }
}
