import AlmanacImport
import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText

/// `almanac schema [KIND|TABLE]`: the database's tables as SQLite has them (columns, types, keys,
/// defaults, references, indexes) and, for each table a kind imports, the CSV column each of its
/// columns comes from. People get one section per table; machines one flat row per column.
public struct SchemaListing {
    /// One column of a table, with what the database and the import say of it.
    struct Row {
        let table: String
        let kind: ImportKind?
        let cells: [Table.Cell]
    }

    let rows: [Row]

    /// The columns every row has after its table: the rows for people under each table's heading.
    static let columnKeys = [
        "column", "type", "primary_key", "not_null", "default_sql", "references", "indexes", "csv_column",
    ]

    /// Reads the schema of `database`, every table (SQLite's own aside), or the one a kind
    /// (`quiz-answers`) or table (`quiz_answers`) names; an unknown name is exit 66 naming the names.
    public init(_ database: Database, name: String?) throws {
        let tables = try Self.tables(database)
        var chosen = tables
        if let name {
            let table = KindRegistry.kind(named: name)?.definition.table ?? name
            guard tables.contains(table) else {
                let kinds = KindRegistry.listed.map(\.rawValue)
                throw AlmanacError.notFound(
                    "schema.error.unknown",
                    ["name": name, "kinds": kinds.joined(separator: ", "), "tables": tables.joined(separator: ", ")])
            }
            chosen = [table]
        }
        var rows: [Row] = []
        for table in chosen {
            let kind = KindRegistry.kinds.first { $0.definition.table == table }
            let headers = Dictionary(
                kind.map { $0.definition.specs.map { ($0.name, $0.header) } } ?? [],
                uniquingKeysWith: { first, _ in first })
            let references = Dictionary(
                try database.rows(Catalog(database.dialect).references, [.text(table)])
                    .map {
                        ($0[0].textValue ?? "", ($0[1].textValue ?? "") + ($0[2].textValue.map { "." + $0 } ?? ""))
                    }, uniquingKeysWith: { first, _ in first })
            var indexes: [String: [String]] = [:]
            for index in try database.rows(Catalog(database.dialect).indexes, [.text(table)]) {
                let indexName = index[0].textValue ?? ""
                // SQLite names the index of a UNIQUE or PRIMARY KEY constraint itself: the key says what it is.
                let shown = indexName.hasPrefix("sqlite_autoindex_") ? "UNIQUE" : indexName
                indexes[index[2].textValue ?? "", default: []].append(shown)
            }
            for column in try database.rows(Catalog(database.dialect).columns, [.text(table)]) {
                let name = column[0].textValue ?? ""
                let header = headers[name] ?? nil
                rows.append(
                    Row(
                        table: table, kind: kind,
                        cells: [
                            .text(name), .text(column[1].textValue ?? ""), .bool(column[4] != .integer(0)),
                            .bool(column[2] != .integer(0)), column[3].textValue.map(Table.Cell.text) ?? .null,
                            references[name].map(Table.Cell.text) ?? .null,
                            indexes[name].map { .text($0.joined(separator: ", ")) } ?? .null,
                            header.map(Table.Cell.text) ?? .null,
                        ]))
            }
        }
        self.rows = rows
    }

    /// The tables and views of `database` in the order they were made, SQLite's own aside (`last_ids`
    /// is a view that the `last-ids` kind imports into).
    static func tables(_ database: Database) throws -> [String] {
        try database.rows(Catalog(database.dialect).tables).compactMap { $0.first?.textValue }
    }

    /// Where each engine keeps what the listing shows: its catalog's queries, each taking the table
    /// as `?1` and giving the same columns on both. PostgreSQL's types are its own (`bigint`, `date`,
    /// `timestamp with time zone`): what a query on it works with.
    struct Catalog {
        let tables: String
        /// From column, table referred to, its column.
        let references: String
        /// Index name, unique (1 or 0), column: an index behind a key is named `sqlite_autoindex_…`.
        let indexes: String
        /// Name, type, not null, default, primary key.
        let columns: String

        init(_ dialect: SQLDialect) {
            switch dialect {
            case .sqlite:
                tables =
                    "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid"
                references = "SELECT \"from\", \"table\", \"to\" FROM pragma_foreign_key_list(?1)"
                indexes = """
                    SELECT il.name, il."unique", ii.name FROM pragma_index_list(?1) il, pragma_index_info(il.name) ii
                    WHERE ii.name IS NOT NULL ORDER BY il.name, ii.seqno
                    """
                columns = "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?1) ORDER BY cid"
            case .postgresql:
                tables = """
                    SELECT c.relname FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
                    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v') ORDER BY c.oid
                    """
                references = """
                    SELECT a.attname, f.relname, fa.attname
                    FROM pg_constraint AS k
                    JOIN pg_attribute AS a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
                    JOIN pg_class AS f ON f.oid = k.confrelid
                    JOIN pg_attribute AS fa ON fa.attrelid = k.confrelid AND fa.attnum = k.confkey[1]
                    WHERE k.contype = 'f' AND k.conrelid = CAST(?1 AS regclass) ORDER BY k.conname
                    """
                // An index behind a PRIMARY KEY or UNIQUE constraint is shown as SQLite's own are; a
                // key of one integer column is the row's id itself, as SQLite's rowid, with no index.
                indexes = """
                    SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_constraint AS k WHERE k.conindid = x.indexrelid)
                                THEN 'sqlite_autoindex_' || i.relname ELSE i.relname END,
                           x.indisunique, a.attname
                    FROM pg_index AS x
                    JOIN pg_class AS i ON i.oid = x.indexrelid
                    JOIN pg_attribute AS a ON a.attrelid = x.indrelid AND a.attnum = ANY (x.indkey)
                    WHERE x.indrelid = CAST(?1 AS regclass)
                      AND NOT (x.indisprimary AND x.indnatts = 1 AND a.atttypid IN ('bigint'::regtype, 'integer'::regtype))
                    ORDER BY i.relname, array_position(CAST(x.indkey AS int2[]), a.attnum)
                    """
                // An identity id takes the next one for NULL (as SQLite's rowid does): it may be NULL. A
                // generated column is not listed, as SQLite's table_info does not list one.
                columns = """
                    SELECT a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull AND a.attidentity = '',
                           pg_get_expr(d.adbin, d.adrelid),
                           EXISTS (SELECT 1 FROM pg_constraint AS k
                                   WHERE k.conrelid = a.attrelid AND k.contype = 'p' AND a.attnum = ANY (k.conkey))
                    FROM pg_attribute AS a LEFT JOIN pg_attrdef AS d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                    WHERE a.attrelid = CAST(?1 AS regclass) AND a.attnum > 0 AND NOT a.attisdropped
                      AND a.attgenerated = ''
                    ORDER BY a.attnum
                    """
            }
        }
    }

    /// The names `schema` takes for `database` (completion): every kind, then every table.
    public static func names(_ database: Database) throws -> [String] {
        let kinds = KindRegistry.listed.map(\.rawValue)
        return kinds + (try tables(database)).filter { !kinds.contains($0) }
    }

    /// The listing in the renderer's format: sections headed by table (and the kind that imports it)
    /// for people, one flat row per column for machines.
    public func render(_ renderer: Renderer) -> String {
        let t = renderer.localizer
        let columns = Self.columnKeys.map { Table.Column(key: $0, title: t("column." + $0)) }
        var sections: [SectionedTable.Section] = []
        for row in rows {
            if sections.last?.heading != heading(row, t) {
                sections.append(SectionedTable.Section(heading: heading(row, t), rows: []))
            }
            let last = sections.removeLast()
            sections.append(
                SectionedTable.Section(heading: last.heading, cells: last.cells + row.cells, width: row.cells.count))
        }
        let tableCount = Set(rows.map(\.table)).count
        let sectioned = SectionedTable(
            columns: columns, sections: sections,
            summary: renderer.makeFormats().count(Int64(tableCount), unit: "unit.table"))
        return renderer.render(
            sectioned,
            flat: Table(
                columns: [Table.Column(key: "table", title: t("column.table"))] + columns + [
                    Table.Column(key: "kind", title: t("column.kind"))
                ],
                rows: rows.map { [.text($0.table)] + $0.cells + [$0.kind.map { .text($0.rawValue) } ?? .null] },
                summaryUnit: nil))
    }

    private func heading(_ row: Row, _ t: Localizer) -> String {
        guard let kind = row.kind else { return row.table }
        return t("schema.heading.kind", ["table": row.table, "kind": kind.rawValue])
    }
}
