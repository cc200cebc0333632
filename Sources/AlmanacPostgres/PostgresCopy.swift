import AlmanacStore
import CLibPQ
import Foundation

extension PostgresDatabase {
    /// `COPY table (columns) FROM STDIN`: the rows in PostgreSQL's text form, sent in 256 KiB pieces.
    public func streamRows(into table: String, columns: [String]) throws -> (any RowStream)? {
        let sql = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN"
        guard let result = PQexec(handle, sql) else { throw PostgresError.lost(self, sql: sql) }
        defer { PQclear(result) }
        try check(result, sql: sql)
        guard PQresultStatus(result) == PGRES_COPY_IN else {
            throw DatabaseError(kind: .misuse, message: "COPY did not start", sql: sql, path: path)
        }
        return PostgresCopy(database: self, sql: sql)
    }
}

/// One `COPY … FROM STDIN` in progress: fields separated by tabs, rows by newlines, NULL as `\N`,
/// and a backslash, tab, newline or carriage return in a value escaped (PostgreSQL's text format).
final class PostgresCopy: RowStream {
    let database: PostgresDatabase
    let sql: String
    private var buffer: [UInt8] = []
    private var fieldsInRow = 0
    private var rows = 0
    private var open = true

    static let pieceSize = 256 << 10

    init(database: PostgresDatabase, sql: String) {
        self.database = database
        self.sql = sql
        buffer.reserveCapacity(Self.pieceSize + 4096)
    }

    deinit {
        if open { abandon() }
    }

    private func separate() {
        if fieldsInRow > 0 { buffer.append(0x09) }
        fieldsInRow += 1
    }

    func appendNull() {
        separate()
        buffer.append(contentsOf: [0x5c, 0x4e])
    }

    /// Appends a field: its runs of plain bytes at once, each backslash, tab, newline or carriage
    /// return escaped (a field rarely has one, so it is usually one copy).
    func appendText(_ bytes: UnsafeRawBufferPointer) {
        separate()
        var start = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte > 0x5c || (byte != 0x5c && byte != 0x09 && byte != 0x0a && byte != 0x0d) {
                index += 1
                continue
            }
            if index > start { buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index])) }
            switch byte {
            case 0x5c: buffer.append(contentsOf: [0x5c, 0x5c])
            case 0x09: buffer.append(contentsOf: [0x5c, 0x74])
            case 0x0a: buffer.append(contentsOf: [0x5c, 0x6e])
            default: buffer.append(contentsOf: [0x5c, 0x72])
            }
            index += 1
            start = index
        }
        if count > start { buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<count])) }
    }

    func append(_ value: Int64) {
        separate()
        buffer.append(contentsOf: String(value).utf8)
    }

    func append(_ value: Double) {
        separate()
        buffer.append(contentsOf: PostgresStatement.text(of: value).utf8)
    }

    func endRow() throws {
        buffer.append(0x0a)
        fieldsInRow = 0
        rows += 1
        if buffer.count >= Self.pieceSize { try send() }
    }

    private func send() throws {
        guard !buffer.isEmpty else { return }
        let sent = buffer.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                PQputCopyData(database.handle, $0, Int32(bytes.count))
            }
        }
        buffer.removeAll(keepingCapacity: true)
        if sent != 1 { throw PostgresError.lost(database, sql: sql) }
    }

    func finish() throws -> Int {
        try send()
        open = false
        guard PQputCopyEnd(database.handle, nil) == 1 else { throw PostgresError.lost(database, sql: sql) }
        try collect()
        return rows
    }

    /// Reads the COPY's results: its count, or the refusal of a row (then no row is stored).
    private func collect() throws {
        var failure: Error?
        while let result = PQgetResult(database.handle) {
            defer { PQclear(result) }
            if failure == nil {
                do {
                    try database.check(result, sql: sql)
                    if PQresultStatus(result) == PGRES_COMMAND_OK {
                        database.lastChanges = Int(String(cString: PQcmdTuples(result))) ?? rows
                    }
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw failure }
        if PQstatus(database.handle) != CONNECTION_OK { throw PostgresError.lost(database, sql: sql) }
    }

    /// Ends the COPY without storing anything.
    private func abandon() {
        open = false
        _ = PQputCopyEnd(database.handle, "abandoned")
        while let result = PQgetResult(database.handle) { PQclear(result) }
    }
}
