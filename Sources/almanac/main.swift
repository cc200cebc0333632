// Reads the command line once (FrontEnd), runs the command, and turns any error into one line on
// stderr and the exit status PRODUCT.md assigns (`almanac overdue`: 3 for any failure, see ErrorReporter).
import Foundation

// A closed pipe (`almanac books list | head -1`) is a failed write (EPIPE) that ends quietly, not a
// signal that kills the process before it can say anything else.
signal(SIGPIPE, SIG_IGN)
FrontEnd.main(Array(CommandLine.arguments.dropFirst()))
