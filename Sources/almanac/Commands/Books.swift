import AlmanacKit

/// `almanac books list | add | edit | delete | return`: library loans.
struct Books: Command {
    static let configuration = CommandConfiguration("books",
        abstract: localized("help.books.abstract"),
        discussion: localized("help.books.discussion"),
        subcommands: [List.self, Add.self, Edit.self, Return.self, Delete.self],
        defaultSubcommand: List.self
    )
}

extension LoanTable.Sort: ArgumentValue {}

/// A loan's id on the command line: a whole number from 1, else a usage error naming the value and
/// the numbers it takes.
struct LoanID: BoundedWholeNumber {
    static let least: Int64 = 1
    let value: Int64

    init(checked number: Int64) {
        value = number
    }
}
