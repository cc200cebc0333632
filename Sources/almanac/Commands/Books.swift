import AlmanacKit
import ArgumentParser

/// `almanac books list | add | edit | delete | return`: library loans.
struct Books: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: localized("help.books.abstract"),
        discussion: localized("help.books.discussion"),
        subcommands: [List.self, Add.self, Edit.self, Return.self, Delete.self],
        defaultSubcommand: List.self
    )
}

extension LoanTable.Sort: ExpressibleByArgument {}

/// A loan's id on the command line: a whole number from 1, else a usage error naming the value and
/// the numbers it takes.
struct LoanID: ExpressibleByArgument, BoundedWholeNumber {
    static let least: Int64 = 1
    let value: Int64

    init?(argument: String) {
        guard let value = Int64(argument), value >= Self.least else { return nil }
        self.value = value
    }
}
