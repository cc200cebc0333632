import AlmanacArguments
import AlmanacBooks
import AlmanacKinds
import AlmanacKit

/// `almanac books list | add | edit | delete | return`: library loans.
struct Books: Command {
    static let configuration = CommandConfiguration(
        "books",
        abstract: localized("help.books.abstract"),
        discussion: localized("help.books.discussion"),
        subcommands: [List.self, Add.self, Edit.self, Return.self, Delete.self],
        defaultSubcommand: List.self
    )
}
