// Reads the command line once (FrontEnd), runs the command, and turns any error into one line on
// stderr and the exit status PRODUCT.md assigns (`almanac overdue`: 3 for any failure, see ErrorReporter).
FrontEnd.main(Array(CommandLine.arguments.dropFirst()))
