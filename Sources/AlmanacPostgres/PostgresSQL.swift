import AlmanacStore
import Foundation

/// SQL text made ready for PostgreSQL: SQLite's parameters (`?`, `?NNN`, `:name`, `@name`, `$name`)
/// numbered `$1`, `$2`, … (one name, one number), outside string literals, quoted names, comments
/// and `::` casts; text holding more than one statement refused, as SQLite's `prepare` refuses it.
struct PostgresSQL {
    /// The text to send.
    let text: String
    /// The parameters in order of their numbers: nil for an unnamed one, else its name with its prefix.
    let names: [String?]

    static func numbered(_ sql: String, path: String) throws -> PostgresSQL {
        let bytes = Array(sql.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var names: [String?] = []
        var index = 0
        var sawStatement = false
        var endedStatement = false
        func isIdentifier(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || byte == 0x5f
                || byte >= 0x80
        }
        func number(for name: String?) -> Int {
            if let name, let existing = names.firstIndex(where: { $0 == name }) { return existing + 1 }
            names.append(name)
            return names.count
        }
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if endedStatement, !(byte == 0x20 || byte == 0x0a || byte == 0x09 || byte == 0x0d || byte == 0x3b) {
                if !(byte == 0x2d && next == 0x2d) && !(byte == 0x2f && next == 0x2a) {
                    throw DatabaseError(kind: .misuse, message: DatabaseError.severalStatements, sql: sql, path: path)
                }
            }
            switch byte {
            case 0x27, 0x22:  // 'literal' or "name": copied to the closing quote (a doubled one stays inside)
                var end = index + 1
                while end < bytes.count {
                    if bytes[end] == byte {
                        if end + 1 < bytes.count && bytes[end + 1] == byte {
                            end += 2
                            continue
                        }
                        break
                    }
                    end += 1
                }
                out.append(contentsOf: bytes[index..<min(end + 1, bytes.count)])
                index = end + 1
                sawStatement = true
                continue
            case 0x2d where next == 0x2d:  // -- comment to the end of the line
                var end = index
                while end < bytes.count && bytes[end] != 0x0a { end += 1 }
                out.append(contentsOf: bytes[index..<end])
                index = end
                continue
            case 0x2f where next == 0x2a:  // /* comment */
                var end = index + 2
                while end + 1 < bytes.count && !(bytes[end] == 0x2a && bytes[end + 1] == 0x2f) { end += 1 }
                end = min(end + 2, bytes.count)
                out.append(contentsOf: bytes[index..<end])
                index = end
                continue
            case 0x3a where next == 0x3a:  // ::type
                out.append(contentsOf: [0x3a, 0x3a])
                index += 2
                continue
            case 0x3f:  // ?  or ?NNN
                var end = index + 1
                while end < bytes.count && bytes[end] >= 0x30 && bytes[end] <= 0x39 { end += 1 }
                let numberText = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                let position: Int
                if let explicit = Int(numberText) {
                    while names.count < explicit { names.append(nil) }
                    position = explicit
                } else {
                    position = number(for: nil)
                }
                out.append(contentsOf: Array("$\(position)".utf8))
                index = end
                sawStatement = true
                continue
            case _
            where (byte == 0x3a || byte == 0x40 || byte == 0x24) && isIdentifier(next)
                && !(next >= 0x30 && next <= 0x39):  // :name @name $name
                let previous = out.last ?? 0x20
                if byte == 0x24 && isIdentifier(previous) { break }  // a $ inside a name
                var end = index + 1
                while end < bytes.count && isIdentifier(bytes[end]) { end += 1 }
                let name = String(decoding: bytes[index..<end], as: UTF8.self)
                out.append(contentsOf: Array("$\(number(for: name))".utf8))
                index = end
                sawStatement = true
                continue
            case 0x3b:
                if sawStatement { endedStatement = true }
                index += 1
                continue
            default:
                if !(byte == 0x20 || byte == 0x0a || byte == 0x09 || byte == 0x0d) { sawStatement = true }
            }
            out.append(byte)
            index += 1
        }
        if !sawStatement {
            throw DatabaseError(kind: .misuse, message: DatabaseError.noStatement, sql: sql, path: path)
        }
        return PostgresSQL(text: String(decoding: out, as: UTF8.self), names: names)
    }

    /// A WAL position (`16/B374D848`) as one number.
    static func walPosition(_ text: String) -> Int64 {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let high = UInt64(parts[0], radix: 16), let low = UInt64(parts[1], radix: 16) else {
            return 0
        }
        return Int64(bitPattern: high << 32 | low)
    }
}
