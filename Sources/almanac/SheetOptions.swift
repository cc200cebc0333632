import AlmanacArguments
import AlmanacImport
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacText

/// `--delimiter`, `--bom`, `--headers` and `--date-format`: delimited output in a spreadsheet's form
/// (`SheetForm`), declared once for `export` and for every command that prints rows (through
/// `PageOptions`). A command that reads `--date-format` for its own input (`books add`) declares it
/// itself and says so (`ownDateFormat`): the dates it prints stay ISO.
struct SheetOptions: ArgumentGroup {
    /// `--headers`: what the first line of csv and tsv holds.
    enum Headers: String, CaseIterable, ArgumentValue {
        /// The column titles in `--locale`'s language, and statuses and yes/no in its words.
        case titles
        /// The stable English keys and values (the default, for scripts).
        case keys
    }

    let delimiter: String?
    let bom: Bool
    let headers: Headers?
    let dateFormat: String?

    init(_ line: ArgumentReader) { self.init(line, ownDateFormat: false) }

    init(_ line: ArgumentReader, ownDateFormat: Bool) {
        delimiter = line.option(
            "--delimiter", value: "char", help: "help.sheet.delimiter",
            completion: .words(ImportOptions.delimiterNames))
        bom = line.flag("--bom", help: "help.sheet.bom")
        headers = line.option("--headers", value: "titles|keys", help: "help.sheet.headers")
        dateFormat =
            ownDateFormat
            ? nil
            : line.option(
                "--date-format", value: "pattern", help: "help.sheet.date-format",
                completion: .words(DateForms.examples))
    }

    /// The form `export` writes: any delimiter, the mark if asked, titles and days as asked.
    func form() throws -> SheetForm {
        try SheetForm.given(
            delimiter: delimiter, bom: bom, titles: headers == .titles, datePattern: DateForms.option(dateFormat))
    }

    /// The form of a listing in `settings`' format: refused where the format is not csv (or tsv, for
    /// the others).
    func listing(_ settings: Settings) throws -> SheetForm {
        try SheetForm.listing(
            delimiter: delimiter, bom: bom, titles: headers == .titles, headersGiven: headers != nil,
            datePattern: try DateForms.option(dateFormat), settings: settings)
    }
}
