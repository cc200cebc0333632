import AlmanacStore
import CLibPQ
import Foundation

/// The current row's values, read as SQLite's would be: by the column's type, text converted where
/// PostgreSQL writes it otherwise (booleans, instants, reals), kept until the next step.
extension PostgresStatement {
    func rowHas(_ index: Int32) -> Bool {
        guard let result, PQresultStatus(result) == PGRES_SINGLE_TUPLE else { return false }
        return PQgetisnull(result, 0, index) == 0
    }

    func type(_ index: Int32) -> PostgresType {
        Int(index) < types.count ? PostgresType(types[Int(index)]) : .text
    }

    public func columnType(at index: Int32) -> ColumnType {
        guard rowHas(index) else { return .null }
        switch type(index) {
        case .integer, .boolean: return .integer
        case .real: return .real
        case .numeric:
            return rawText(index).contains(where: { $0 == 0x2e || $0 == 0x65 || $0 == 0x4e }) ? .real : .integer
        case .bytes: return .blob
        case .text, .instant, .wallTime: return .text
        }
    }

    func rawText(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let result, let value = PQgetvalue(result, 0, index) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self),
            count: Int(PQgetlength(result, 0, index)))
    }

    public func int64(at index: Int32) -> Int64 {
        guard rowHas(index) else { return 0 }
        switch type(index) {
        case .boolean: return rawText(index).first == 0x74 ? 1 : 0
        case .real, .numeric: return Int64(exactly: double(at: index).rounded(.towardZero)) ?? 0
        default: return PostgresStatement.integer(rawText(index)) ?? 0
        }
    }

    public func double(at index: Int32) -> Double {
        guard rowHas(index) else { return 0 }
        if type(index) == .boolean { return Double(int64(at: index)) }
        return Double(String(decoding: rawText(index), as: UTF8.self)) ?? 0
    }

    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var value: Int64 = 0
        var negative = false
        var started = false
        for byte in bytes {
            if !started && byte == 0x2d {
                negative = true
                started = true
                continue
            }
            started = true
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value &* 10 &+ Int64(byte - 0x30)
        }
        return negative ? -value : value
    }

    public func textBytes(at index: Int32) -> UnsafeBufferPointer<UInt8> {
        guard rowHas(index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        switch type(index) {
        case .boolean:
            return convertedText(index) { $0.first == 0x74 ? [0x31] : [0x30] }
        case .instant:
            return convertedText(index, PostgresStatement.instant)
        case .wallTime:
            return convertedText(index) {
                Array(String(decoding: $0, as: UTF8.self).replacingOccurrences(of: " ", with: "T").utf8)
            }
        case .real:
            return convertedText(index) { Array(String(Double(String(decoding: $0, as: UTF8.self)) ?? 0).utf8) }
        default:
            return rawText(index)
        }
    }

    func convertedText(
        _ index: Int32, _ convert: (UnsafeBufferPointer<UInt8>) -> [UInt8]
    ) -> UnsafeBufferPointer<UInt8> {
        if converted[index] == nil { converted[index] = convert(rawText(index)) + [0] }
        return converted[index]!.withUnsafeBufferPointer { buffer in
            UnsafeBufferPointer(start: buffer.baseAddress, count: buffer.count - 1)
        }
    }

    /// `2025-12-01 10:00:00+00` (PostgreSQL's timestamptz in UTC) as `2025-12-01T10:00:00Z`.
    static func instant(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var bytes = Array(raw)
        if bytes.count > 10 && bytes[10] == 0x20 { bytes[10] = 0x54 }
        if bytes.count >= 3 && Array(bytes.suffix(3)) == Array("+00".utf8) {
            bytes.removeLast(3)
            bytes.append(0x5a)
        }
        return bytes
    }

    public func blob(at index: Int32) -> [UInt8]? {
        guard rowHas(index) else { return nil }
        guard type(index) == .bytes else { return Array(textBytes(at: index)) }
        var length = 0
        guard let decoded = PQunescapeBytea(rawText(index).baseAddress, &length) else { return nil }
        defer { PQfreemem(decoded) }
        return Array(UnsafeBufferPointer(start: decoded, count: length))
    }

    public func lentValue(at index: Int32) -> LentValue {
        switch columnType(at: index) {
        case .null: return .null
        case .integer: return .integer(int64(at: index))
        case .real: return .real(double(at: index))
        case .text: return .text(textBytes(at: index))
        case .blob:
            // Kept until the next step like any converted value.
            let bytes = blob(at: index) ?? []
            converted[index] = bytes
            return converted[index]!.withUnsafeBytes { .blob($0) }
        }
    }
}
