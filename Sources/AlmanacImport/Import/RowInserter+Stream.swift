import AlmanacKinds
import AlmanacStore
import Foundation

extension RowInserter {
    /// Sends valid records as one stream (`streams`), in a savepoint: the rows inserted, or nil when
    /// the database refused one of them (then none went in, and the caller places the refusal).
    func stream(_ batch: RecordBatch, _ values: UnsafeBufferPointer<BindValue>, records: ArraySlice<Int>) throws
        -> (inserted: Int, skipped: Int)?
    {
        guard try hasIDRoom(values, batch, records: records) else { return nil }
        let specs = definition.specs
        do {
            let count = try database.savepoint("rows") { () throws -> Int in
                guard let rows = try database.streamRows(into: kind.table, columns: specs.map(\.name)) else {
                    return -1
                }
                let arena = batch.storage.arena.base
                for record in records {
                    let fields = batch.storage.fields.base + batch.storage.records[record].firstField
                    let first = record * batch.width
                    for index in 0..<batch.width {
                        switch values[first + index] {
                        case .null: rows.appendNull()
                        case .field(let field):
                            let span = fields[field]
                            rows.appendText(UnsafeRawBufferPointer(start: arena + span.offset, count: span.length))
                        case .text(let offset, let length):
                            rows.appendText(UnsafeRawBufferPointer(start: arena + offset, count: length))
                        case .integer(let number): rows.append(number)
                        case .real(let number): rows.append(number)
                        }
                    }
                    try rows.endRow()
                }
                return try rows.finish()
            }
            guard count >= 0 else { return nil }
            raiseIDTop(values, batch, records: records)
            return (count, records.count - count)
        } catch let error as DatabaseError where error.isConstraintViolation {
            return nil
        }
    }
}
