/// What a read-only connection asks of SQL text before it reaches the server: its words, outside
/// string literals and comments (a quoted name is a word, unquoted), and from them the functions it
/// refuses by name and what a statement that writes is named in its refusal.
extension PostgresSQL {
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
        "query_to_xml_and_xmlschema", "table_to_xml", "cursor_to_xml", "xpath_table",
    ]

    /// The statements' first words that only read; a read-only connection lets the server refuse
    /// what one of them writes (`WITH … DELETE`, `EXPLAIN ANALYZE DELETE`).
    static let readingKeywords: Set<String> = ["select", "values", "show", "explain", "table", "with"]

    /// One word of SQL text: a name, keyword or number, or a `.` between two names.
    struct Word: Equatable {
        let text: String
        var lowercased: String { text.lowercased() }
    }

    /// The words of `sql` in order, outside string literals and comments; a quoted name is one word
    /// without its quotes, a `.` a word of its own (so `pg_catalog.pg_read_file` has both names).
    static func words(_ sql: String) -> [Word] {
        var words: [Word] = []
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
            if !word.isEmpty { words.append(Word(text: word)) }
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
                words.append(Word(text: quoted))
            case "-", "/":
                flush()
                guard let following = next() else { break }
                if scalar == "-" && following == "-" {
                    while let inside = next(), inside != "\n" {}
                } else if scalar == "/" && following == "*" {
                    var last: Unicode.Scalar = " "
                    while let inside = next(), !(last == "*" && inside == "/") { last = inside }
                } else {
                    pending = following
                }
            case ".":
                flush()
                words.append(Word(text: "."))
            case _
            where scalar.properties.isAlphabetic || scalar == "_" || ("0"..."9").contains(scalar) || scalar == "$":
                word.unicodeScalars.append(scalar)
            default:
                flush()
            }
        }
        flush()
        return words
    }

    /// The first refused function `sql` names (`refusedFunctions`), lowercased, nil when it names none.
    static func refusedFunction(in sql: String) -> String? {
        words(sql).lazy.map(\.lowercased).first { refusedFunctions.contains($0) }
    }

    /// The statement's first word, lowercased ("" for none).
    static func firstKeyword(_ sql: String) -> String {
        words(sql).first?.lowercased ?? ""
    }

    /// What a refusal calls a statement that writes, as SQLite's read-only guard names it: the verb
    /// and the object it writes (`DELETE FROM books`, `DROP INDEX books_open_by_due`, `CREATE VIEW
    /// seen`, `ALTER TABLE books`), else the verb alone (`COPY`, `SET`, `BEGIN`, `ANALYZE`).
    static func writeAction(_ sql: String) -> String {
        let words = words(sql)
        let lower = words.map(\.lowercased)
        guard let verb = lower.first else { return "" }
        /// The name starting at word `index` (`schema.table` kept whole), nil past the end.
        func name(at index: Int) -> String? {
            guard index < words.count else { return nil }
            var parts = [words[index].text]
            var at = index + 1
            while at + 1 < words.count, words[at].text == "." {
                parts.append(words[at + 1].text)
                at += 2
            }
            return parts.joined(separator: ".")
        }
        func action(_ head: String, nameAt index: Int) -> String {
            name(at: index).map { head + " " + $0 } ?? head
        }
        switch verb {
        case "insert" where lower.count > 2 && lower[1] == "into": return action("INSERT INTO", nameAt: 2)
        case "delete" where lower.count > 2 && lower[1] == "from": return action("DELETE FROM", nameAt: 2)
        case "update", "truncate":
            let skip = lower.count > 1 && ["only", "table"].contains(lower[1]) ? 2 : 1
            return action(verb.uppercased(), nameAt: skip)
        case "create", "drop", "alter":
            // The words between the verb and the name: OR REPLACE, TEMP, UNIQUE, IF [NOT] EXISTS, ….
            let modifiers: Set<String> = [
                "or", "replace", "temp", "temporary", "unlogged", "unique", "materialized", "global", "local",
                "recursive", "if", "not", "exists", "concurrently", "constraint", "event", "foreign", "data", "wrapper",
            ]
            var index = 1
            while index < lower.count, modifiers.contains(lower[index]) { index += 1 }
            guard index < lower.count else { return verb.uppercased() }
            let object = lower[index].uppercased()
            var nameIndex = index + 1
            while nameIndex < lower.count, ["if", "not", "exists", "concurrently"].contains(lower[nameIndex]) {
                nameIndex += 1
            }
            return action(verb.uppercased() + " " + object, nameAt: nameIndex)
        default:
            return verb.uppercased()
        }
    }
}
