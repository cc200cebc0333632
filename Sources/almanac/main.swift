import AlmanacKit
import ArgumentParser
import Foundation

// Parses the command line, runs the command, and turns any error into one line on stderr and the
// exit status PRODUCT.md assigns (`almanac overdue`: 3 for any failure, see ErrorReporter).
let arguments = GlobalOptions.hoisted(Array(CommandLine.arguments.dropFirst()))
do {
    var command = try Almanac.parseAsRoot(arguments)
    try command.run()
} catch {
    ErrorReporter.exit(with: error, arguments: arguments)
}
