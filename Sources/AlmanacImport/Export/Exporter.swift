import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText
import Foundation

/// Writes a kind's rows back in its import format: `export` then `import` into an empty database
/// gives the same rows.
public enum Exporter {
    /// Writes every row of `kind` to `path`, or to standard output when `path` is nil. The file is
    /// claimed through an `OutputGuard` first (never the database, its side files or an existing
    /// file without `force`) and put in place only when complete. Returns the number of rows written.
    @discardableResult
    /// `sheet` gives the delimiter, whether the file starts with a UTF-8 byte-order mark, whether the
    /// header holds the titles in `localizer`'s language (and yes and no its words), and the days' form.
    public static func export(
        _ kind: ImportKind, from database: Database, to path: String?, sheet: SheetForm = .plain,
        localizer: Localizer = .english, force: Bool = false, option: String = "--out"
    ) throws -> Int {
        guard let path else {
            return try write(kind, database, CSVWriter(OutputWriter.standardOutput, sheet: sheet), localizer)
        }
        var outputs = OutputGuard(database: database.path, force: force)
        return try outputs.write(path, option: option) {
            try write(kind, database, CSVWriter($0, sheet: sheet), localizer)
        }
    }

    static func write(
        _ kind: ImportKind, _ database: Database, _ writer: CSVWriter, _ localizer: Localizer = .english
    ) throws -> Int {
        let definition = kind.definition
        let specs = definition.specs.filter { $0.header != nil }
        // A kind with keyed values (a setting's property values): one column per key after its own.
        let keyed = try definition.keyedValues.map { (values: $0, keys: try $0.keys(database)) }
        let headers = writer.sheet.titles ? titles(kind, localizer) : specs.map { $0.header ?? $0.name }
        try writer.record(headers + (keyed?.keys ?? []))
        let yesNo = writer.sheet.yesNo(localizer)
        let statement = try database.prepare(definition.exportSQL(database.dialect))
        let values = try keyed.map {
            try database.prepare(
                "SELECT \($0.values.keyColumn), \($0.values.valueColumn) FROM \($0.values.table) WHERE \($0.values.rowColumn) = ?"
            )
        }
        let id = Int32(specs.firstIndex { $0.type == .id } ?? 0)
        var count = 0
        while try statement.step() {
            for (index, spec) in specs.enumerated() {
                field(statement, Int32(index), spec.type, writer, yesNo: yesNo)
            }
            if let keyed, let values {
                try values.bind(statement.int64(at: id), at: 1)
                var byKey: [String: Double] = [:]
                while try values.step() { byKey[values.string(at: 0) ?? ""] = values.double(at: 1) }
                values.reset()
                for key in keyed.keys { writer.field(byKey[key].map(number)) }
            }
            try writer.endRecord()
            count += 1
        }
        try writer.flush()
        return count
    }

    /// One value as the import reads it back (`ColumnSpec.fileText`): a day in the sheet's form, yes
    /// and no in the sheet's words (the import reads both languages' words back).
    private static func field(
        _ statement: Statement, _ index: Int32, _ type: FieldType, _ writer: CSVWriter,
        yesNo: (yes: String, no: String)
    ) {
        let value = statement.value(at: index)
        switch (type, value) {
        case (.date, _) where writer.sheet.datePattern != nil:
            let text = ColumnSpec.fileText(value, type)
            writer.field(text.flatMap { LocalDate($0) }.map(writer.sheet.text) ?? text)
        case (.boolean, .integer(let number)): writer.field(number != 0 ? yesNo.yes : yesNo.no)
        default: writer.field(ColumnSpec.fileText(value, type))
        }
    }

    /// The header of `--headers titles`: each file column's title in `localizer`'s language, where
    /// the import reads that title back as the same column; else (a title two columns share, or one
    /// that is another column's name) the column's header name, so the file always imports back.
    static func titles(_ kind: ImportKind, _ localizer: Localizer) -> [String] {
        let specs = kind.definition.specs.filter { $0.header != nil }
        let columns = kind.fileColumns
        let spellings = HeaderMapping.spellings(columns)
        return zip(specs, columns.indices).map { spec, column in
            let title = localizer(spec.titleKey)
            let name = spec.header ?? spec.name
            guard localizer.hasKey(spec.titleKey), spellings[HeaderMapping.normalized(title)] == column else {
                return name
            }
            return SheetForm.header(title)
        }
    }

    /// A number as the import reads it: plain decimal, no exponent, no trailing `.0`.
    static func number(_ value: Double) -> String { ColumnSpec.fileText(.real(value), .real) ?? "" }
}
