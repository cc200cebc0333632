import AlmanacText

/// A problem found in an input file, placed at its physical line and character column, with a
/// message given as a translation key so it prints in the user's language:
/// `books.csv:3:27: error: column "due_on": "2025-02-30" is not a date (expected YYYY-MM-DD)`.
public struct ImportDiagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it (`-` is shown as `<stdin>`).
    public let file: String
    /// The 1-based physical line; quoted line breaks count.
    public let line: Int
    /// The 1-based character column where the field (or the bad byte) is.
    public let column: Int
    /// The translation key of the message.
    public let key: String
    /// The message's placeholder values.
    public let arguments: [String: String]
    /// The key of a rule's own words, put into the message's `{problem}` (`rule.not-a-date`).
    public let detail: String?
    /// Placeholders that are counts of something, worded with the language's plural forms.
    public let counts: [String: Count]
    /// The columns a header may name, for `{accepted}`: each by its title in the reader's language and
    /// its name (`вернуть до (due_on)`), worded when the message is; empty leaves `{accepted}` as given.
    public let accepted: [ImportColumn]

    /// A number of things: `unit` is the plural key (`unit.column` gives "3 columns").
    public struct Count: Equatable, Sendable {
        /// How many.
        public let value: Int
        /// The key of the unit's plural forms.
        public let unit: String

        /// A count of `value` in `unit`.
        public init(_ value: Int, _ unit: String) {
            self.value = value
            self.unit = unit
        }
    }

    /// A diagnostic from its parts.
    public init(
        file: String, line: Int, column: Int, key: String, arguments: [String: String] = [:], detail: String? = nil,
        counts: [String: Count] = [:], accepted: [ImportColumn] = []
    ) {
        self.accepted = accepted
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.arguments = arguments
        self.detail = detail
        self.counts = counts
    }

    /// The message alone, in the localizer's language.
    public func message(_ localizer: Localizer) -> String {
        guard detail != nil || !counts.isEmpty || !accepted.isEmpty else { return localizer(key, arguments) }
        var all = arguments
        if !accepted.isEmpty { all["accepted"] = Self.acceptedList(accepted, localizer) }
        if !counts.isEmpty {
            let formats = LocalizedFormats(localizer: localizer)
            for (name, count) in counts { all[name] = formats.count(Int64(count.value), unit: count.unit) }
        }
        if let detail { all["problem"] = localizer(detail, all) }
        return localizer(key, all)
    }

    /// Columns as a header may name them, in `localizer`'s language: the title and the name in
    /// brackets (`вернуть до (due_on)`), or the name alone where the title is the name.
    public static func acceptedList(_ columns: [ImportColumn], _ localizer: Localizer) -> String {
        columns.map { column in
            guard let key = column.titleKey, localizer.hasKey(key) else { return column.name }
            let title = localizer(key)
            let plain = title.lowercased().split(separator: " ").joined(separator: "_")
            return plain == column.name ? column.name : "\(title) (\(column.name))"
        }.joined(separator: ", ")
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, as compilers print it.
    public func formatted(_ localizer: Localizer) -> String {
        "\(file):\(line):\(column): \(localizer("error.prefix")): \(message(localizer))"
    }

    /// The line in English.
    public var description: String { formatted(.english) }

    /// A value as a message quotes it: cut after 60 characters, control characters shown escaped
    /// (`TerminalText`), so a value holding `ESC [2J` prints as `\x1B[2J` and clears no screen.
    package static func shown(_ value: String) -> String {
        var scalars = value.unicodeScalars
        var cut = false
        if scalars.count > 60 {
            scalars = String.UnicodeScalarView(scalars.prefix(60))
            cut = true
        }
        return TerminalText.escaped(String(scalars)) + (cut ? "…" : "")
    }
}
