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

    /// Functions a read-only connection refuses by name, whatever the role may do: they read or write
    /// the server's files (`pg_read_file`, `lo_export`, `pg_ls_dir`), reach other servers (`dblink`),
    /// change the session's role or settings (`set_config`), or act on other sessions. A read-only
    /// transaction already refuses every write to the database; these are not writes to it.
    static let refusedFunctions: Set<String> = [
        "pg_read_file", "pg_read_binary_file", "pg_ls_dir", "pg_stat_file", "pg_ls_logdir", "pg_ls_waldir",
        "pg_ls_tmpdir", "pg_ls_archive_statusdir", "lo_export", "lo_import", "lo_from_bytea", "lo_put",
        "lo_unlink", "lo_create", "lo_open", "dblink", "dblink_exec", "dblink_connect", "dblink_open",
        "set_config", "pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf", "pg_rotate_logfile",
        "pg_file_write", "pg_file_rename", "pg_file_unlink", "pg_promote", "pg_switch_wal",
        "pg_create_restore_point", "pg_sleep", "pg_sleep_for", "pg_sleep_until", "query_to_xml",
        "query_to_xml_and_xmlschema",
        "table_to_xml", "cursor_to_xml", "xpath_table",
    ]

    /// The first refused function `sql` names (`refusedFunctions`), lowercased, outside literals and
    /// comments, nil when it names none.
    static func refusedFunction(in sql: String) -> String? {
        var words: [String] = []
        var word = ""
        var scalars = sql.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return scalars.next()
        }
        func flush() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        while let scalar = next() {
            switch scalar {
            case "'":
                flush()
                while let inside = next(), inside != "'" {}
            case "\"":
                flush()
                var quoted = ""
                while let inside = next(), inside != "\"" { quoted.unicodeScalars.append(inside) }
                words.append(quoted)
            case "-":
                flush()
                if let following = next() {
                    if following == "-" { while let inside = next(), inside != "\n" {} } else { pending = following }
                }
            case "/":
                flush()
                if let following = next() {
                    if following == "*" {
                        var last: Unicode.Scalar = " "
                        while let inside = next(), !(last == "*" && inside == "/") { last = inside }
                    } else {
                        pending = following
                    }
                }
            case _
            where scalar.properties.isAlphabetic || scalar == "_" || ("0"..."9").contains(scalar) || scalar == "$":
                word.unicodeScalars.append(scalar)
            default:
                flush()
            }
        }
        flush()
        return words.lazy.map { $0.lowercased() }.first { refusedFunctions.contains($0) }
    }

    /// The statement's first word, lowercased, after spaces, comments and opening parentheses.
    static func firstKeyword(_ sql: String) -> String {
        var rest = sql[...]
        while true {
            rest = rest.drop(while: { $0.isWhitespace || $0 == "(" })
            if rest.hasPrefix("--") {
                rest = rest.drop(while: { $0 != "\n" })
            } else if rest.hasPrefix("/*"), let end = rest.range(of: "*/") {
                rest = rest[end.upperBound...]
            } else {
                return rest.prefix(while: { $0.isLetter }).lowercased()
            }
        }
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
