/// A rule a value breaks: the translation key of the message and the values for its placeholders.
///
/// Domain rules return these instead of throwing, so an importer can place them at a file, line and
/// column, and a command such as `books add` can print them on their own.
public struct RuleViolation: Error, Equatable, Sendable {
    /// The translation key (`rule.books.due-too-late`).
    public let key: String
    /// Placeholder values the rule knows (`latest`, `min`...); callers add `column` and `value`.
    public let arguments: [String: String]

    /// A violation with its message key and arguments.
    public init(_ key: String, _ arguments: [String: String] = [:]) {
        self.key = key
        self.arguments = arguments
    }
}
