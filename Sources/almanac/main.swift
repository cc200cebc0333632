import AlmanacKit
import ArgumentParser
import Foundation

// Parses the command line, runs the command, and turns any error into one line on stderr and the
// exit status PRODUCT.md assigns (`almanac overdue`: 3 for any failure, see ErrorReporter).
// A closed pipe (`almanac books list | head -1`) is a failed write (EPIPE) that ends quietly, not a
// signal that kills the process before it can say anything else.
signal(SIGPIPE, SIG_IGN)
let arguments = GlobalOptions.hoisted(Array(CommandLine.arguments.dropFirst()))
do {
    var command = try Almanac.parseAsRoot(arguments)
    try command.run()
    try OutputWriter.standardOutput.flush()
} catch {
    ErrorReporter.exit(with: error, arguments: arguments)
}
