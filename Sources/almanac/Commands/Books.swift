import AlmanacKit
import ArgumentParser

/// `almanac books list | add | edit | delete | return`: library loans.
struct Books: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Library loans: list, add, edit, return and delete books.",
        discussion: """
            A loan is due within 3 months of the day it was lent: a book lent on Nov 30 is due by \
            Feb 28 (Feb 29 in a leap year), as the month ends sooner. It may come back any day from \
            the loan day to today. Dates are YYYY-MM-DD, today, today+N or today-N (days, in --tz).

            A loan not returned is overdue the day after it is due: red on a terminal, and marked \
            "✗ overdue" (or "overdue" in csv, tsv and json) everywhere. For the nightly check with \
            grace days and notices, see `almanac overdue --help`.
            """,
        subcommands: [List.self, Add.self, Edit.self, Return.self, Delete.self],
        defaultSubcommand: List.self
    )
}

extension LoanTable.Sort: ExpressibleByArgument {}

/// A loan's id on the command line: a whole number, else a usage error naming the value.
struct LoanID: ExpressibleByArgument {
    let value: Int64

    init?(argument: String) {
        guard let value = Int64(argument), value > 0 else { return nil }
        self.value = value
    }
}
