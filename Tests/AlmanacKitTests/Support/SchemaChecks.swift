import AlmanacStore
import Foundation

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite

/// The CHECK constraints of a table, read from the schema as SQLite keeps it (`sqlite_schema`), so a
/// test of them follows the migrations instead of a copy.
enum SchemaChecks {
    /// Each CHECK's expression, in the order the CREATE TABLE gives them (column and table constraints).
    static func expressions(of table: String, in database: Database) throws -> [String] {
        guard
            case .text(let sql)? = try database.scalar(
                "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(table)])
        else { return [] }
        return expressions(in: sql)
    }

    /// The expressions after each CHECK keyword of CREATE TABLE text: string literals, quoted names
    /// and comments are skipped, and each expression runs to its matching parenthesis.
    static func expressions(in sql: String) -> [String] {
        let text = Array(sql.utf8)
        var found: [String] = []
        var index = 0
        /// Moves past a literal, a quoted name or a comment starting at `index`; false when none does.
        func skipOpaque() -> Bool {
            let byte = text[index]
            if byte == 39 || byte == 34 || byte == 96 {  // 'literal', "name", `name`; a doubled quote escapes
                index += 1
                while index < text.count {
                    if text[index] == byte {
                        if index + 1 < text.count && text[index + 1] == byte {
                            index += 2
                            continue
                        }
                        break
                    }
                    index += 1
                }
                index += 1
                return true
            }
            if byte == 45 && index + 1 < text.count && text[index + 1] == 45 {  // -- to the line's end
                while index < text.count && text[index] != 10 { index += 1 }
                return true
            }
            if byte == 47 && index + 1 < text.count && text[index + 1] == 42 {  // /* … */
                index += 2
                while index + 1 < text.count && !(text[index] == 42 && text[index + 1] == 47) { index += 1 }
                index += 2
                return true
            }
            return false
        }
        func isWord(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= 97 && (byte | 0x20) <= 122 || byte == 95 || (byte >= 48 && byte <= 57)
        }
        while index < text.count {
            if skipOpaque() { continue }
            let startsWord = index == 0 || !isWord(text[index - 1])
            if startsWord, index + 5 <= text.count,
                String(decoding: text[index..<index + 5], as: UTF8.self).uppercased() == "CHECK",
                index + 5 == text.count || !isWord(text[index + 5])
            {
                index += 5
                while index < text.count && text[index] != 40 { index += 1 }
                let open = index
                var depth = 0
                while index < text.count {
                    if skipOpaque() { continue }
                    if text[index] == 40 { depth += 1 }
                    if text[index] == 41 {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    index += 1
                }
                found.append(String(decoding: text[(open + 1)..<min(index, text.count)], as: UTF8.self))
            }
            index += 1
        }
        return found
    }
}
