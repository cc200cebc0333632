import AlmanacKit
import ArgumentParser
import Foundation

// Parses the command line, runs the command, and turns any error into one line on stderr and the
// exit status PRODUCT.md assigns.
do {
    var command = try Almanac.parseAsRoot(GlobalOptions.hoisted(Array(CommandLine.arguments.dropFirst())))
    try command.run()
} catch {
    ErrorReporter.exit(with: error)
}
