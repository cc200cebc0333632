import AlmanacArguments
import AlmanacStore
import AlmanacText

/// A row's id, read the same way at every door that takes one (an import's `id` column, a notice's
/// `book_id`, `books edit ID`, `events show ID`, …): decimal digits only, from 1 to 2^63 − 1, every
/// id SQLite can give. An id a database holds therefore always moves whole (`export DIR`, then
/// `import DIR`), and one a command printed is always taken back.
public struct RowID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The id.
    public let value: Int64

    /// The largest id SQLite gives (`Int64.max`); once a table has given it, it gives no other.
    public static let last: Int64 = .max

    /// The id `text` stands for, or nil when it is not one.
    public init?(_ text: some StringProtocol) {
        var text = String(text)
        guard let value = text.withUTF8({ Self.number(UnsafeRawBufferPointer($0)) }), value >= 1 else { return nil }
        self.value = value
    }

    /// An id known to be one (from the database).
    public init(checked value: Int64) {
        self.value = value
    }

    /// The number written in `bytes` as decimal digits only (no sign, no spaces; leading zeros are
    /// harmless), from 0 to 2^63 − 1; nil for anything else, however long.
    package static func number(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard !bytes.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard byte >= 48 && byte <= 57 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int64(byte - 48))
            if overflow || carry { return nil }
            value = sum
        }
        return value
    }

    public static func < (left: RowID, right: RowID) -> Bool { left.value < right.value }

    public var description: String { String(value) }
}

extension RowID: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
    public static var wholeNumbers: WholeNumberRange? {
        WholeNumberRange(least: "1", most: String(last), isWholeType: false)
    }
    public static var standIn: RowID { RowID(checked: 1) }
}

/// The ids a table has left to give. Its ids are AUTOINCREMENT (`Schema/004`): SQLite gives one above
/// both the largest it ever gave (`sqlite_sequence`) and the largest there, and once that is 2^63 − 1
/// it gives none; it says "database or disk is full" and may roll back the whole transaction. So
/// every insert that leaves the id to SQLite asks here first, and is refused in words that say why.
public enum IDRoom {
    /// The largest id `table` has given or holds (0 when none).
    package static func lastGiven(_ table: String, _ database: Database) throws -> Int64 {
        let value =
            switch database.dialect {
            case .sqlite:
                try database.scalar(
                    """
                    SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ?1), 0),
                               coalesce((SELECT max(rowid) FROM \(table)), 0))
                    """, [.text(table)])
            case .postgresql:
                // The id column's identity sequence (`Schema/postgresql/001`), which never gives an id twice.
                try database.scalar(
                    """
                    SELECT greatest(coalesce((SELECT last_value FROM pg_sequences
                                              WHERE schemaname = current_schema() AND sequencename = ?1 || '_id_seq'), 0),
                                    coalesce((SELECT max(id) FROM \(table)), 0))
                    """, [.text(table)])
            }
        if case .integer(let last)? = value { return last }
        return 0
    }

    /// Refuses (exit 65) a new row of `kind` (in `table`) whose id SQLite would give, when no id is left.
    package static func require(_ kind: ImportKind, table: String, _ database: Database) throws {
        guard try lastGiven(table, database) == RowID.last else { return }
        throw AlmanacError(.invalidData, "ids.error.used-up", ["kind": kind.rawValue, "last": String(RowID.last)])
    }
}
