import AlmanacText

/// How delimited output is written for a spreadsheet: the field delimiter, whether the bytes start
/// with a UTF-8 byte-order mark (a Russian Excel opens a file with one as UTF-8, its Cyrillic intact),
/// whether the header and the enumerated values are in the locale's words, and the form of its days.
/// `export` and every listing's `--format csv|tsv` take it from `--delimiter`, `--bom` (issue 29),
/// `--headers` and `--date-format` (issue 41).
public struct SheetForm: Sendable, Equatable {
    /// The field delimiter: `,` `;` tab or `|`.
    public var delimiter: UInt8
    /// True to start the output with a UTF-8 byte-order mark.
    public var bom: Bool
    /// True for `--headers titles`: the header is the columns' titles in the locale's language, and
    /// the values the import accepts in every language (yes and no, a loan's status) are in its words;
    /// false (the default, for scripts) writes the keys and the stable English values.
    public var titles: Bool
    /// `--date-format`: how date columns are written; nil for ISO `YYYY-MM-DD`.
    public var datePattern: DateForms.Pattern?

    /// A form from its parts.
    public init(
        delimiter: UInt8 = UInt8(ascii: ","), bom: Bool = false, titles: Bool = false,
        datePattern: DateForms.Pattern? = nil
    ) {
        self.delimiter = delimiter
        self.bom = bom
        self.titles = titles
        self.datePattern = datePattern
    }

    /// Commas, no byte-order mark, keys and ISO days: RFC 4180 as programs read it.
    public static let plain = SheetForm()

    /// The bytes the output starts with.
    public var prefix: String { bom ? "\u{FEFF}" : "" }

    /// A day as the form writes it: in `datePattern`, else ISO.
    public func text(_ date: LocalDate) -> String {
        datePattern?.write(date) ?? date.description
    }

    /// A column's title as a spreadsheet's header holds it: its first letter capitalized (`Вернуть
    /// до`), as people head their columns; the import reads titles in any case.
    public static func header(_ title: String) -> String {
        title.prefix(1).uppercased() + title.dropFirst()
    }

    /// The words of yes and no in `localizer`'s language when the form is in the locale's words,
    /// else `true` and `false`.
    public func yesNo(_ localizer: Localizer) -> (yes: String, no: String) {
        titles ? (localizer("value.yes"), localizer("value.no")) : ("true", "false")
    }
}
