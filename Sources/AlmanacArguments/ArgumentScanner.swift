/// The command line's front end: reads the arguments once, takes out the global options wherever
/// they are written (before, between or after the command's words, as `--opt value` or
/// `--opt=value`), finds the command, checks its options and arguments against what it declares,
/// and notes the first mistake. The command's declaration then converts the values
/// (`ArgumentReader.reading`).
///
/// A word is an option when it begins with `-`, unless it is `-` alone (standard input) or a
/// negative number (`-1`, `-2.5`), which are values wherever a value may stand. A value that begins
/// with another dash is written `--opt=-x`. After `--` every word is an argument.
public struct ArgumentScanner: Sendable {
    /// The description of the command at a path (`[]` is the root); nil when there is none.
    public typealias Lookup = @Sendable ([String]) -> CommandSpec?

    /// The options every command accepts, anywhere on the line.
    public let globals: [CommandSpec.Option]
    /// The commands.
    public let lookup: Lookup

    /// A scanner over a tree of commands.
    public init(globals: [CommandSpec.Option], lookup: @escaping Lookup) {
        self.globals = globals
        self.lookup = lookup
    }

    /// Reads a command line (without the program's name).
    public func scan(_ arguments: [String]) -> Invocation {
        var state = ScanState(command: lookup([]) ?? CommandSpec(path: []))
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if state.onlyArguments {
                state.argument(word, lookup: lookup)
            } else if word == "--" {
                state.onlyArguments = true
            } else if let (name, attached) = Self.option(word) {
                var next: String? = nil
                if attached == nil, index < arguments.count, Self.isValue(arguments[index]) { next = arguments[index] }
                if state.option(name, attached: attached, next: next, globals: globals, lookup: lookup) { index += 1 }
            } else {
                state.argument(word, lookup: lookup)
            }
        }
        state.finish(lookup: lookup)
        return state.invocation
    }

    /// The value of a global option as the scan would read it, before the commands are known: the
    /// language of the commands' own help is chosen from `--locale` before their help is built. It
    /// agrees with `scan`, because a word that looks like an option is never taken as a value.
    public static func globalValue(_ name: String, in arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            if let (option, attached) = option(arguments[index]), option == name {
                if let attached { return attached }
                if index + 1 < arguments.count, isValue(arguments[index + 1]) { return arguments[index + 1] }
            }
            index += 1
        }
        return nil
    }

    /// The option's name and its `=value`, when the word is an option.
    static func option(_ word: String) -> (String, String?)? {
        guard !isValue(word), word != "--" else { return nil }
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// True for a word that is a value: not an option, `-` alone, or a negative number.
    static func isValue(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return true }
        let second = word.utf8[word.utf8.index(after: word.utf8.startIndex)]
        return second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9") || second == UInt8(ascii: ".")
    }
}
