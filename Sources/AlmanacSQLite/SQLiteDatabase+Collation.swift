import AlmanacStore
import CSQLite
import Foundation

extension SQLiteDatabase {
    /// Registers a collating sequence, `name`, that orders text by `compare` (`ORDER BY title COLLATE
    /// name`): SQLite's sorter then orders by it in bounded memory, spilling to temporary files, so a
    /// listing sorted by the user's language need not be held to be sorted.
    public func setCollation(_ name: String, _ compare: @escaping @Sendable (String, String) -> ComparisonResult) {
        let box = Unmanaged.passRetained(CollationBox(compare)).toOpaque()
        sqlite3_create_collation_v2(
            handle, name, SQLITE_UTF8, box,
            { context, leftCount, left, rightCount, right in
                let box = Unmanaged<CollationBox>.fromOpaque(context!).takeUnretainedValue()
                func text(_ bytes: UnsafeRawPointer?, _ count: Int32) -> String {
                    guard let bytes, count > 0 else { return "" }
                    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
                }
                switch box.compare(text(left, leftCount), text(right, rightCount)) {
                case .orderedAscending: return -1
                case .orderedSame: return 0
                case .orderedDescending: return 1
                }
            },
            { context in
                // SQLite drops the collation with the connection (or when it is replaced): release its box.
                Unmanaged<CollationBox>.fromOpaque(context!).release()
            })
    }
}

/// A comparison kept alive for SQLite, which holds it by pointer.
private final class CollationBox {
    let compare: @Sendable (String, String) -> ComparisonResult
    init(_ compare: @escaping @Sendable (String, String) -> ComparisonResult) { self.compare = compare }
}
