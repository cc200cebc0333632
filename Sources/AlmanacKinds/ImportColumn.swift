import AlmanacText

/// One column of a kind's CSV format, as header matching sees it.
public struct ImportColumn: Hashable, Sendable {
    /// The header name (`due_on`).
    public let name: String
    /// True when every row must give a value.
    public let required: Bool
    /// False for a column of the table that files do not have (the rules fill it).
    public let inFile: Bool
    /// Its titles as Almanac prints them, in every language it speaks (`due`, `вернуть до`): a
    /// header may name the column by one of them.
    public let titles: [String]
    /// The translation key of its title (`column.due_on`), for messages in the reader's language; nil
    /// for a column with no title (a setting's property).
    public let titleKey: String?
    /// True for a column of days, alone or with a time (whose slashed dates a file's first lines may decide).
    public let isDate: Bool
    /// True for a column of moments, a day with a time of day (an event's `starts_at`).
    public let holdsTime: Bool
    /// What messages about a file's rows call the column: its name, or once a header named it, the
    /// header's own text (`Срок возврата`), so a reader finds the column she wrote.
    public private(set) var label: String

    /// A column.
    public init(
        _ name: String, required: Bool = false, inFile: Bool = true, titles: [String] = [], isDate: Bool = false,
        holdsTime: Bool = false, titleKey: String? = nil
    ) {
        self.titleKey = titleKey
        self.isDate = isDate
        self.holdsTime = holdsTime
        self.name = name
        self.label = name
        self.required = required
        self.inFile = inFile
        self.titles = titles
    }

    /// The column as a file whose header called it `label` names it.
    public func labelled(_ label: String) -> ImportColumn {
        var column = self
        column.label = label.isEmpty ? name : label
        return column
    }

    /// The title a translation key gives in each language Almanac has, distinct (`due`, `вернуть до`).
    public static func titles(ofKey key: String) -> [String] {
        var titles: [String] = []
        for language in Localizer.languages {
            if let title = Localizer.catalog[language]?[key], !titles.contains(title) { titles.append(title) }
        }
        return titles
    }
}
