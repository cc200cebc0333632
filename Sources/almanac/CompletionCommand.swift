import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import Foundation

/// `almanac __complete`, hidden: what the completion scripts ask while a user presses Tab. It reads,
/// never writes (see `CompletionValues`), and prints nothing at all on any problem.
///
///     almanac __complete -- WORD…           what to offer for the last WORD (`Completion.lines`)
///     almanac __complete LIST [WORD…]       the values of a list, for the command line WORD…
enum CompletionCommand {
    /// Prints the answer.
    static func run(_ arguments: [String]) {
        let environment = ProcessInfo.processInfo.environment
        let values = { (list: CompletionList, invocation: Invocation, prefix: String) in
            CompletionValues.values(list, invocation, prefix: prefix, environment: environment)
        }
        if arguments.first == "--" {
            let completion = CommandTree.scanner.complete(Array(arguments.dropFirst()), values: values)
            try? Print.out(completion.lines.map { $0 + "\n" }.joined())
        } else if let name = arguments.first, let list = CompletionList(rawValue: name) {
            let invocation = CommandTree.scanner.scan(Array(arguments.dropFirst()))
            try? Print.out(values(list, invocation, "").map { $0 + "\n" }.joined())
        }
    }
}
