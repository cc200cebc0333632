import AlmanacStore

/// How a column's values are typed: what its CSV field must read as, and how an export writes it.
public enum FieldType: Sendable {
    /// Text, stored as written.
    case text
    /// A whole number.
    case integer
    /// A row's id: a whole number SQLite gives when none is written.
    case id
    /// A decimal number, stored as REAL, written back as the shortest decimal (`0.05`).
    case real
    /// A calendar day, `YYYY-MM-DD`.
    case date
    /// A moment, stored in UTC as `YYYY-MM-DDTHH:MM:SSZ`.
    case instant
    /// Yes or no, stored as 0 or 1, written `true` or `false`.
    case boolean
}

/// One column of a kind, stated once: its SQL name, how a CSV file and JSON name it, its type, whether
/// a row must give it, the translation key of its title, and what an empty field stands for.
/// Everything else (the insert, the export's query and header, header matching, a listing's columns)
/// is derived from these.
public struct ColumnSpec: Sendable, Equatable {
    /// The column of the table (`default_value`).
    public let name: String
    /// The CSV header (`default`), or nil for a column the rules fill from others (an event's `all_day`).
    public let header: String?
    /// The key in JSON and in the header of csv and tsv listings (`holiday` for a holiday's key).
    public let jsonKey: String
    /// The type of its values.
    public let type: FieldType
    /// True when every row must give a value.
    public let required: Bool
    /// True when the column is part of the key `--on-conflict` compares.
    public let isKey: Bool
    /// The translation key of its title in tables (`column.due_on`).
    public let titleKey: String
    /// What an empty field stands for, as `--help` says it (`today`), or nil for none (NULL).
    public let emptyMeans: String?
    /// The expression an export selects instead of the column, when the file's form differs from
    /// the stored one (an all-day event's dates); nil selects the column.
    public let exportExpression: String?
    /// The same expression in PostgreSQL's dialect (where `exportExpression` uses SQLite's functions).
    public let postgresExportExpression: String?

    /// The expression an export selects on a store of `dialect`, nil for the column itself.
    public func exportExpression(_ dialect: SQLDialect) -> String? {
        dialect == .postgresql ? postgresExportExpression ?? exportExpression : exportExpression
    }

    /// A column; the header and JSON key default to the SQL name, the title to `column.<json key>`;
    /// `inFile: false` leaves it out of the CSV format.
    public init(
        _ name: String, _ type: FieldType, required: Bool = false, key: Bool = false, header: String? = nil,
        inFile: Bool = true, jsonKey: String? = nil, titleKey: String? = nil, emptyMeans: String? = nil,
        exportExpression: String? = nil, postgresExportExpression: String? = nil
    ) {
        self.name = name
        self.type = type
        self.required = required
        self.isKey = key
        self.header = inFile ? header ?? name : nil
        self.jsonKey = jsonKey ?? name
        self.titleKey = titleKey ?? "column." + (jsonKey ?? name)
        self.emptyMeans = emptyMeans
        self.exportExpression = exportExpression
        self.postgresExportExpression = postgresExportExpression
    }

    /// A stored value as a file writes it, so the import reads it back as it was: a number as the
    /// shortest plain decimal (`0.05`, not `5e-2` or `0.050000000000000003`), yes and no as `true` and
    /// `false`, text as it is; nil for NULL (an empty field).
    public static func fileText(_ value: SQLValue, _ type: FieldType) -> String? {
        switch (value, type) {
        case (.null, _): return nil
        case (.integer(let number), .boolean): return number != 0 ? "true" : "false"
        case (.real(let number), _): return DecimalNumber(number)?.description ?? String(number)
        default: return value.textValue
        }
    }

    /// The column as header matching sees it.
    package var importColumn: ImportColumn {
        ImportColumn(
            header ?? "", required: required, inFile: header != nil, titles: ImportColumn.titles(ofKey: titleKey),
            isDate: type == .date || type == .instant, holdsTime: type == .instant, titleKey: titleKey)
    }
}

/// The columns of a kind, in the order of its table's insert and its export: an enum whose cases
/// name them (GRDB's `enum Columns`), so rules and readers bind by name.
public protocol KindColumn: ColumnIndex, RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == Int, AllCases == [Self] {
    /// What the column is.
    var spec: ColumnSpec { get }
}

extension KindColumn {
    /// The SQL name.
    public var name: String { spec.name }
}
