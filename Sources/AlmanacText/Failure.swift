/// How a command failed, as the exit status PRODUCT.md assigns (the BSD `sysexits.h` values).
public enum Failure: Int32, Sendable, CaseIterable {
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// The input data was wrong (EX_DATAERR).
    case invalidData = 65
    /// An input file is missing or unreadable (EX_NOINPUT).
    case missingInput = 66
    /// A bug or an impossible state (EX_SOFTWARE).
    case internalError = 70
    /// The database cannot be created or opened for writing (EX_CANTCREAT).
    case cannotCreate = 73
    /// Reading or writing failed (EX_IOERR).
    case ioError = 74
    /// The database is busy, or its server unreachable: try again (EX_TEMPFAIL).
    case busy = 75
    /// Permission denied: a refused login to the database server (EX_NOPERM).
    case noPermission = 77
}

/// An error of Almanac's own: the failure it maps to, and a message given as a translation key with
/// named arguments, so the command line can print it in the user's language.
public struct AlmanacError: Error, CustomStringConvertible, Sendable {
    /// Which kind of failure this is; decides the exit status.
    public let failure: Failure
    /// The translation key of the message (`error.schema-newer`).
    public let key: String
    /// The values for the message's `{name}` placeholders.
    public let arguments: [String: String]
    /// Messages of their own, worded and joined into the `{problems}` placeholder: each field a
    /// command was given and the rule it breaks (`KindWriter`).
    public let parts: [Part]

    /// One part of a message: its key, the key of a rule's words put into its `{problem}`, and their
    /// placeholders' values.
    public struct Part: Sendable, Equatable {
        /// The translation key of the part (`change.field-value`).
        public let key: String
        /// The rule's key (`rule.books.due-too-late`).
        public let detail: String
        /// The values of both keys' placeholders.
        public let arguments: [String: String]
    }

    /// Creates an error of the given kind with a translated message.
    public init(_ failure: Failure, _ key: String, _ arguments: [String: String] = [:]) {
        self.failure = failure
        self.key = key
        self.arguments = arguments
        parts = []
    }

    /// Creates an error whose message joins parts, each worded with its rule's words.
    public init(
        _ failure: Failure, _ key: String, problems: [(key: String, detail: String, arguments: [String: String])]
    ) {
        self.failure = failure
        self.key = key
        arguments = [:]
        parts = problems.map { Part(key: $0.key, detail: $0.detail, arguments: $0.arguments) }
    }

    /// The message in the localizer's language.
    public func message(_ localizer: Localizer) -> String {
        guard !parts.isEmpty else { return localizer(key, arguments) }
        let worded = parts.map { part in
            var all = part.arguments
            all["problem"] = localizer(part.detail, part.arguments)
            return localizer(part.key, all)
        }
        var all = arguments
        all["problems"] = worded.joined(separator: "; ")
        return localizer(key, all)
    }

    /// The message in English.
    public var description: String { message(.english) }

    /// Something the user named that is not there: a book, an event, a holiday or its door, a saved
    /// setting, a report, a player. Exit 66, as for a missing file, in every command alike; the
    /// message names it (and, where they are few, what there is).
    public static func notFound(_ key: String, _ arguments: [String: String] = [:]) -> AlmanacError {
        AlmanacError(.missingInput, key, arguments)
    }
}
