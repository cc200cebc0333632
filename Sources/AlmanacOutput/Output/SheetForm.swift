import AlmanacText

/// How delimited output is written for a spreadsheet: the field delimiter and whether the bytes start
/// with a UTF-8 byte-order mark (a Russian Excel opens a file with one as UTF-8, its Cyrillic intact).
/// `export` and every listing's `--format csv|tsv` take it from `--delimiter` and `--bom` (issue 29).
public struct SheetForm: Sendable, Equatable {
    /// The field delimiter: `,` `;` tab or `|`.
    public var delimiter: UInt8
    /// True to start the output with a UTF-8 byte-order mark.
    public var bom: Bool

    /// A form from its parts.
    public init(delimiter: UInt8 = UInt8(ascii: ","), bom: Bool = false) {
        self.delimiter = delimiter
        self.bom = bom
    }

    /// Commas, no byte-order mark: RFC 4180 as programs read it.
    public static let plain = SheetForm()

    /// The bytes the output starts with.
    public var prefix: String { bom ? "\u{FEFF}" : "" }
}
