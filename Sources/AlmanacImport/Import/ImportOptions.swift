import AlmanacKinds
import AlmanacText
import Foundation

/// How an import runs (`almanac import` options).
public struct ImportOptions: Sendable {
    /// What to do with a row whose key is already in the database.
    public var onConflict: ConflictPolicy = .fail
    /// Commit the valid rows and leave out the invalid ones (still a failure, exit 65).
    public var skipInvalid = false
    /// Where invalid rows go, as CSV with a `reason` column (with `skipInvalid`).
    public var rejectsPath: String?
    /// Replace an existing rejects file (`--force`); without it an existing file is refused.
    public var force = false
    /// Check and insert everything, then roll back.
    public var dryRun = false
    /// The field delimiter (`--delimiter`): `,`, `;`, tab or `|`; nil finds it in each file.
    public var delimiter: UInt8?
    /// The files' encoding (`--encoding`); nil goes by each file's byte-order mark, else UTF-8.
    public var encoding: TextEncoding?
    /// `--encoding NAME!`: read as `encoding` even a file that is valid UTF-8 (else it is refused).
    public var encodingForced = false
    /// `--map SOURCE=column`: the file's column SOURCE is read as `column`; an empty column leaves
    /// SOURCE out on purpose.
    public var renames: [String: String] = [:]
    /// `--date-format`: how every date column's slashed (or other) days are written.
    public var datePattern: DateForms.Pattern?
    /// How many errors are listed; an all-or-nothing import stops after that many.
    public var maxErrors = 100
    /// The zone of date-times without an offset.
    public var timeZone = Zone.utc
    /// The day an empty `loaned_on` stands for.
    public var today: LocalDate
    /// The moment an imported animation setting is saved at (`created_at`): `Settings.now()`, the
    /// clock's time on the `--today` day, so a replayed day dates what it records on that day.
    public var now = Date()

    /// Options with the defaults of PRODUCT.md.
    public init(today: LocalDate) { self.today = today }

    /// The `--delimiter` values completion offers (each read by `delimiter(named:)`).
    public static let delimiterNames = [",", ";", "tab", "|"]

    /// Reads `--map` values (`Срок возврата=due_on`, `Примечание=`) and checks each column against
    /// `columns`, the columns of the kinds being imported (nil: any, for animation settings, whose
    /// columns are the properties'): a usage error names a value that is not SOURCE=column, or a
    /// column that none of them has (with the nearest one).
    public static func renames(_ values: [String], columns: [String]?, kinds: String) throws -> [String: String] {
        var renames: [String: String] = [:]
        for value in values {
            guard let equals = value.lastIndex(of: "="), !String(value[..<equals]).trimmingSpaces().isEmpty else {
                throw AlmanacError(.usage, "import.error.bad-map", ["value": value])
            }
            let target = String(value[value.index(after: equals)...]).trimmingSpaces()
            if let columns, !target.isEmpty, !columns.contains(HeaderMapping.normalized(target)) {
                let near = Suggestions.nearest(to: target, among: columns).first
                throw AlmanacError(
                    .usage, near == nil ? "import.error.map-unknown-column" : "import.error.map-unknown-column.near",
                    ["column": target, "kinds": kinds, "near": near ?? ""])
            }
            renames[String(value[..<equals])] = target
        }
        return renames
    }

    /// A delimiter as messages name it: `,` `;` `tab` `|`, or the character.
    public static func delimiterName(_ byte: UInt8) -> String {
        byte == 9 ? "tab" : String(decoding: [byte], as: UTF8.self)
    }

    /// Reads `--delimiter`: `,`, `;`, `tab` (or a real tab), `|`.
    public static func delimiter(named name: String) -> UInt8? {
        switch name {
        case ",", "comma": return UInt8(ascii: ",")
        case ";", "semicolon": return UInt8(ascii: ";")
        case "tab", "\\t", "\t": return 9
        case "|", "pipe": return UInt8(ascii: "|")
        default: return nil
        }
    }
}

/// How one file went.
public struct ImportFileSummary: Sendable {
    /// The kind of rows.
    public let kind: ImportKind
    /// The file as named (`-` for standard input).
    public let file: String
    /// Rows inserted or replaced.
    public var rows = 0
    /// Rows left out by `--on-conflict skip`.
    public var skipped = 0
    /// Invalid rows (written to the rejects file with `--skip-invalid`).
    public var rejected = 0
    /// Bytes read.
    public var bytes = 0
    /// The SHA-256 of the file's bytes.
    public var sha256: String?
    /// What was settled about the file's form (encoding, delimiter), and how.
    public var dialect: FileDialect?
    /// Where this file's rejected rows were written.
    public var rejectsPath: String?
    /// What an iCalendar file held (nil for a CSV file).
    public var calendar: CalendarForm?
    /// True when a date and time without an offset was read in the zone of the import (`zone`).
    public var readWallTimes = false
    /// The zone of the import.
    public var zone = ""
}

/// What an import did.
public struct ImportReport: Sendable {
    /// One summary per file, in the order they were read.
    public var files: [ImportFileSummary] = []
    /// Every problem found (also those not listed past `maxErrors`).
    public var errorCount = 0
    /// True when the rows were committed.
    public var committed = false
    /// True for a dry run.
    public var dryRun = false
    /// Wall-clock seconds.
    public var seconds = 0.0

    /// Rows inserted, over all files.
    public var rows: Int { files.reduce(0) { $0 + $1.rows } }
    /// Rows skipped as conflicts, over all files.
    public var skipped: Int { files.reduce(0) { $0 + $1.skipped } }
    /// Invalid rows, over all files.
    public var rejected: Int { files.reduce(0) { $0 + $1.rejected } }
    /// Bytes read, over all files.
    public var bytes: Int { files.reduce(0) { $0 + $1.bytes } }
}

/// A progress snapshot for the progress line.
public struct ImportProgress: Sendable {
    /// The file being read.
    public let file: String
    /// Rows handled so far in this file.
    public let rows: Int
    /// Bytes read so far.
    public let bytes: Int
    /// The file's size, when known.
    public let totalBytes: Int?
    /// Seconds since the file was started.
    public let seconds: Double
    /// What the import is doing: reading rows, then building indexes, then writing the database.
    public var phase: Phase = .reading

    /// The steps of an import a user waits for.
    public enum Phase: Sendable {
        case reading, indexing, committing
    }
}
