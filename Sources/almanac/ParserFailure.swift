import AlmanacKit
import ArgumentParser

/// swift-argument-parser's parse errors, worded as Almanac's usage errors. The front end checks the
/// command line before the parser sees it, so the parser only fails on a value it cannot convert
/// (`--seed abc`, `--sort titel`, `events show x`). Its error types are internal, so the value and
/// the option it was given for are read by reflection; anything else keeps the parser's own words.
enum ParserFailure {
    /// The usage error for a parse error, or nil when the error is not a usage error.
    static func usageError(_ error: Error, invocation: Invocation) -> AlmanacError? {
        guard Almanac.exitCode(for: error) == .validationFailure else { return nil }
        if let (name, value) = unconvertedValue(error), let spec = CommandTree.spec(at: invocation.path) {
            if let name, let option = spec.option(name) ?? CommandTree.globals.first(where: { $0.names.contains(name) }) {
                return UsageMistake.badValue(value, for: option)
            }
            if name == nil, let index = invocation.positionals.firstIndex(of: value), let last = spec.positionals.indices.last {
                let argument = spec.positionals[min(index, last)]
                return UsageMistake.badArgument(value, for: argument)
            }
        }
        let message = Almanac.message(for: error).split(separator: "\n").first.map(String.init) ?? ""
        return AlmanacError(.usage, "cli.error.arguments", ["message": message])
    }

    /// The option (`--seed`, nil for a positional argument) and the value of an `unableToParseValue`.
    private static func unconvertedValue(_ error: Error) -> (String?, String)? {
        guard let parserError = child("parserError", of: error),
            let payload = child("unableToParseValue", of: parserError)
        else { return nil }
        let parts = Mirror(reflecting: payload).children.map(\.value)
        guard parts.count >= 3, let value = parts[2] as? String else { return nil }
        return (optionName(parts[1]), value)
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
