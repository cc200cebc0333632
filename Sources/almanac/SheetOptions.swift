import AlmanacArguments
import AlmanacImport
import AlmanacKinds
import AlmanacKit
import AlmanacOutput

/// `--delimiter` and `--bom`: delimited output in a spreadsheet's form (`SheetForm`), declared once
/// for `export` and for every command that prints rows (through `PageOptions`).
struct SheetOptions: ArgumentGroup {
    let delimiter: String?
    let bom: Bool

    init(_ line: ArgumentReader) {
        delimiter = line.option(
            "--delimiter", value: "char", help: "help.sheet.delimiter",
            completion: .words(ImportOptions.delimiterNames))
        bom = line.flag("--bom", help: "help.sheet.bom")
    }

    /// The form `export` writes: any delimiter, the mark if asked.
    func form() throws -> SheetForm {
        try SheetForm.given(delimiter: delimiter, bom: bom)
    }

    /// The form of a listing in `settings`' format: refused where the format is not csv (or tsv, for
    /// `--bom`).
    func listing(_ settings: Settings) throws -> SheetForm {
        try SheetForm.listing(delimiter: delimiter, bom: bom, settings: settings)
    }
}
