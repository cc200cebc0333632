import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import Foundation

/// `almanac query "SQL" [--param K=V...]`: an ad-hoc report on a read-only connection.
struct Query: RunnableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        "query",
        abstract: localized("help.query.abstract"),
        discussion: localized("help.query.discussion"))

    static let examples = [
        Example("almanac query \"SELECT title, due_on FROM books\"", "example.query.plain"),
        Example(
            "almanac query \"SELECT title, due_on FROM books WHERE due_on < :today ORDER BY due_on\"",
            "example.query.today"),
        Example(
            "almanac query \"SELECT * FROM books WHERE borrower = :who\" --param who=Аня --format csv",
            "example.query.param"),
        Example("almanac query - < long-query.sql", "example.query.stdin"),
        Example("almanac --format json query - --param days=3 < overdue.sql", "example.query.stdin-param"),
        Example(
            "almanac query \"SELECT * FROM books ORDER BY title\" --timeout 10 --format csv", "example.query.timeout"),
    ]

    static let formats = FormatOption.rows

    let global: GlobalOptions
    let page: PageOptions
    let sql: String
    let param: [String]
    let timeout: Int?

    init(_ line: ArgumentReader) {
        global = GlobalOptions(line)
        page = PageOptions(line)
        sql = line.argument("sql", help: "help.query.sql")
        param = line.option("--param", value: "name=value", help: "help.query.param")
        timeout = line.option("--timeout", value: "seconds", help: "help.query.timeout")
    }

    func run() throws {
        QueryLimits.capMemory()
        let settings = try page.settings(global, "query")
        settings.timeZone.becomeTheCLibrarysZone()
        let limits = try QueryLimits(option: timeout, default: QueryLimits.queryDefault())
        limits.abandon = { [localizer = settings.localizer] error in
            ErrorReporter.abandon(with: error, localizer: localizer)
        }
        let text = sql == "-" ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : sql
        let rows = try ReportSession(settings: settings, limits: limits).query(text, arguments: param)
        try page.output(settings) { output in
            limits.output = output
            try rows.send(to: page.renderer(settings).writer(rows.head, to: output))
        }
    }
}
