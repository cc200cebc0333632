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

    /// The form `--delimiter` (nil: a comma) and `--bom` ask for; a delimiter that is not one is a
    /// usage error naming it.
    public static func given(delimiter: String?, bom: Bool) throws -> SheetForm {
        guard let delimiter else { return SheetForm(bom: bom) }
        guard let byte = ImportOptions.delimiter(named: delimiter) else {
            throw AlmanacError(.usage, "import.error.bad-delimiter", ["value": delimiter])
        }
        return SheetForm(delimiter: byte, bom: bom)
    }

    /// The form of a listing printed in `settings`' format: `--delimiter` only with `--format csv`
    /// (tsv is tab-separated by its name), `--bom` with csv or tsv; asked of any other format, each
    /// is a usage error naming the format, never ignored.
    public static func listing(delimiter: String?, bom: Bool, settings: Settings) throws -> SheetForm {
        let form = try given(delimiter: delimiter, bom: bom)
        if delimiter != nil, settings.format != .csv {
            throw AlmanacError(.usage, "output.error.delimiter-not-csv", ["format": settings.format.rawValue])
        }
        if bom, settings.format != .csv, settings.format != .tsv {
            throw AlmanacError(.usage, "output.error.bom-not-sheet", ["format": settings.format.rawValue])
        }
        return form
    }
}
