import AlmanacKit
import ArgumentParser

/// swift-argument-parser's parse errors, worded as Almanac's usage errors. The front end checks the
/// command line before the parser sees it, so the parser only fails on a value it cannot convert
/// (`--seed abc`, `--sort titel`, `events show x`). Its error types are internal, so the value, the
/// option it was given for and the property it was meant for are read by reflection; anything else
/// keeps the parser's own words.
enum ParserFailure {
    /// The usage error for a parse error, or nil when the error is not a usage error.
    static func usageError(_ error: Error, invocation: Invocation) -> AlmanacError? {
        guard Almanac.exitCode(for: error) == .validationFailure else { return nil }
        if let failure = unconvertedValue(error), let spec = CommandTree.spec(at: invocation.path) {
            let value = failure.value
            let numbers = failure.key.flatMap { key in
                CommandTree.type(at: invocation.path).flatMap { WholeNumbers.range(of: key.name, path: key.path, in: $0) }
            }
            if let name = failure.option, let option = spec.option(name) ?? CommandTree.globals.first(where: { $0.names.contains(name) }) {
                guard let numbers, option.allowedValues.isEmpty else { return UsageMistake.badValue(value, for: option) }
                return UsageMistake.notAWholeNumber(value, for: option.synopsis, from: numbers.least, to: numbers.most,
                    anyWillDo: numbers.isWholeType)
            }
            if failure.option == nil, let index = invocation.positionals.firstIndex(of: value), let last = spec.positionals.indices.last {
                let argument = spec.positionals[min(index, last)]
                guard let numbers else { return UsageMistake.badArgument(value, for: argument) }
                return UsageMistake.notAWholeNumber(value, for: argument.synopsis, from: numbers.least, to: numbers.most,
                    anyWillDo: numbers.isWholeType)
            }
        }
        let message = Almanac.message(for: error).split(separator: "\n").first.map(String.init) ?? ""
        return AlmanacError(.usage, "cli.error.arguments", ["message": message])
    }

    /// What an `unableToParseValue` holds: the option (`--seed`, nil for a positional argument), the
    /// value, and the property it was for (`seed`) inside its option groups (`["page"]`), when the
    /// parser's key reads as expected.
    private static func unconvertedValue(_ error: Error) -> (option: String?, value: String, key: (name: String, path: [String])?)? {
        guard let parserError = child("parserError", of: error),
            let payload = child("unableToParseValue", of: parserError)
        else { return nil }
        let parts = Mirror(reflecting: payload).children.map(\.value)
        guard parts.count >= 3, let value = parts[2] as? String else { return nil }
        let key: Any = parts.count >= 4 ? parts[3] : ()
        guard let name = child("name", of: key) as? String, let path = child("path", of: key) as? [String] else {
            return (optionName(parts[1]), value, nil)
        }
        return (optionName(parts[1]), value, (name, path))
    }

    /// `--seed` from the parser's `Name?` (`.long("seed")`), nil when there is none.
    private static func optionName(_ name: Any) -> String? {
        var subject = name
        if let wrapped = child("some", of: subject) { subject = wrapped }
        guard let (kind, value) = Mirror(reflecting: subject).children.first.map({ ($0.label, $0.value) }) else { return nil }
        switch kind {
        case "long": return (value as? String).map { "--" + $0 }
        case "longWithSingleDash": return (value as? String).map { "-" + $0 }
        case "short": return Mirror(reflecting: value).children.first.map { "-" + String(describing: $0.value) }
        default: return nil
        }
    }

    private static func child(_ label: String, of subject: Any) -> Any? {
        Mirror(reflecting: subject).children.first { $0.label == label }?.value
    }
}
