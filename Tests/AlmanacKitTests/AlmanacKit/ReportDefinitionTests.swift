import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

@Suite struct ReportDefinitionTests {
    @Test func readsTheHeader() throws {
        let report = try ReportDefinition.parse(
            """
            -- name: late-loans
            -- title: report.late.title
            -- description: Late loans, in plain words
            -- Free text: with a colon, ignored.
            -- param: days integer = 7
            -- param: who text = 'Аня Петрова'
            -- param: since date = today-30
            -- param: loud boolean
            -- column: due_on date = column.due_on
            -- column: late count(unit.day) = Days late
            -- column: borrower
            SELECT 1;
            -- name: not-a-header
            """, source: "Reports/late.sql", defaultName: "late")
        #expect(report.name == "late-loans")
        #expect(report.titleKey == "report.late.title")
        #expect(report.descriptionKey == "Late loans, in plain words")
        #expect(
            report.parameters == [
                ReportParameter(name: "days", kind: .integer, defaultText: "7"),
                ReportParameter(name: "who", kind: .text, defaultText: "Аня Петрова"),
                ReportParameter(name: "since", kind: .date, defaultText: "today-30"),
                ReportParameter(name: "loud", kind: .boolean, defaultText: nil),
            ])
        #expect(
            report.columns == [
                .init(name: "due_on", kind: .date, titleKey: "column.due_on"),
                .init(name: "late", kind: .count(unit: "unit.day"), titleKey: "Days late"),
                .init(name: "borrower", kind: .auto, titleKey: "column.borrower"),
            ])
    }

    @Test func nameAndTitleDefaultToTheFileName() throws {
        let report = try ReportDefinition.parse("SELECT 1", source: "mine/top_ten.sql", defaultName: "top_ten")
        #expect(report.name == "top_ten")
        #expect(report.titleKey == "top_ten")
        #expect(report.parameters.isEmpty)
    }

    /// Each broken header names the file and the line.
    static let broken: [(text: String, key: String, line: String?)] = [
        ("-- param: days integr = 7\nSELECT 1", "report.error.bad-param", "1"),
        ("-- param: days integer = seven\nSELECT 1", "report.error.bad-param", "1"),
        ("-- param: since date = yesterday\nSELECT 1", "report.error.bad-param", "1"),
        ("-- param: Days integer\nSELECT 1", "report.error.bad-param", "1"),
        ("-- param: days\nSELECT 1", "report.error.bad-param", "1"),
        ("--\n-- column: due_on datetime\nSELECT 1", "report.error.bad-column", "2"),
        ("-- column: due_on date =\nSELECT 1", "report.error.bad-column", "1"),
        ("-- param: a integer\n-- param: a text\nSELECT 1", "report.error.duplicate", "2"),
        ("-- name: Big Report\nSELECT 1", "report.error.bad-name", "1"),
        ("-- name: ok\n-- only comments\n", "report.error.no-sql", nil),
    ]

    @Test(arguments: broken)
    func brokenHeadersAreRefused(_ sample: (text: String, key: String, line: String?)) {
        do {
            _ = try ReportDefinition.parse(sample.text, source: "mine/x.sql", defaultName: "x")
            Issue.record("accepted \(sample.text)")
        } catch let error as AlmanacError {
            #expect(error.key == sample.key)
            #expect(error.failure == .invalidData)
            #expect(error.arguments["source"] == "mine/x.sql")
            #expect(error.arguments["line"] == sample.line)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aFileNameThatIsNoNameNeedsANameLine() {
        #expect(throws: AlmanacError.self) {
            try ReportDefinition.parse("SELECT 1", source: "My Report.sql", defaultName: "My Report")
        }
    }
}
