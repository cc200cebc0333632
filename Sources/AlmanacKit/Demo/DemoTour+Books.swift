import AlmanacBooks
import AlmanacKinds
import AlmanacViews

/// The book loans' part of the demo tour: the list by title, then the nightly overdue check.
extension DemoTour {
    /// Two steps: `books list --sort title` (the collation, overdue loans marked) and
    /// `overdue --due-within 3` with its summary, exit status and monitoring line.
    static func books(_ context: DemoContext) throws -> [Step] {
        let t = context.localizer
        let today = context.settings.today
        let loans = LoanTable.sorted(try LoanStore(database: context.database).loans(), by: .title, localizer: t)
        let list = Step(
            heading: t("demo.step.books"),
            body: context.renderer.render(LoanTable.table(loans, today: today, localizer: t)))
        let result = try OverdueCheck(database: context.database, rule: OverdueRule(dueWithin: 3), today: today).run()
        let formats = context.renderer.makeFormats()
        let check = Step(
            heading: t("demo.step.overdue"),
            body: context.renderer.render(result.table(t))
                + t(
                    "demo.overdue.lines",
                    [
                        "summary": result.summary(formats), "status": String(result.status.rawValue),
                        "nagios": result.nagiosLine(formats),
                    ]) + "\n")
        return [list, check]
    }
}
