import AlmanacKinds
import AlmanacText

/// Matches a file's header to a kind's columns: any order, case- and space-insensitive, `ё` as `е`,
/// the byte-order mark already gone. A field names a column by `--map SOURCE=column` first, then by
/// the column's name (`due_on`), then by its title as Almanac prints it in any of its languages
/// (`due`, `Вернуть до`); a title two columns share names neither. `--map SOURCE=` leaves a column
/// out on purpose. A `reason` column (as in a rejects file) is ignored.
///
/// Linear in the header's width: names are looked up in a table, places found in one pass, and at
/// most `listedProblems` problems are worded; the reader keeps only as many fields of a header as can
/// hold that many problems (`fieldsKept`), so a header of a million columns costs what a short one does.
struct HeaderMapping {
    /// For each column of the kind, the field that holds it, or -1; or `-2 - j` for a column whose
    /// value is `joins[j]`'s fields joined by a space (`--map 'Start Date+Start Time=starts_at'`).
    let fields: [Int]
    /// The fields each joined column is made of, in the order `--map` gives them.
    let joins: [[Int]]
    /// For each column, the field where its problems are placed: a joined column's first field.
    var placedFields: [Int] { fields.map { $0 < -1 ? joins[-2 - $0][0] : $0 } }
    /// The kind's columns as this file names them, for messages about its rows: a column the header
    /// gave is labelled by the header's own text (`Срок возврата`, not `due_on`), the others by name.
    let shown: [ImportColumn]
    /// How many fields each record must have.
    let width: Int
    /// The fields up to the header's last named one: those past it are trailing columns a
    /// spreadsheet left without a name, ignored while they hold nothing (`title;due_on;;`).
    let namedWidth: Int

    /// Problems of a header listed one by one; past them one more says how many columns are left.
    static let listedProblems = 100
    /// Names a message lists before it says how many more there are.
    static let listedNames = 12

    /// The fields of a header worth keeping for `columns`: each column once, `reason` once, and
    /// enough others to hold `listedProblems` problems (any field past the columns is one).
    static func fieldsKept(_ columns: [ImportColumn]) -> Int { columns.count + 1 + listedProblems }

    /// A header name as compared: trimmed, lower case, `ё` as `е`, inner spaces as `_` (`Due On` is
    /// `due_on`, `Вернуть до` is `вернуть_до`).
    static func normalized(_ name: String) -> String {
        name.trimmingSpaces().lowercased().replacingOccurrences(of: "ё", with: "е")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: "_")
    }

    /// Every spelling that names a column of `columns`, normalized: `--map` sources first (nil for a
    /// column left out), then names, then titles no other column has and no column is named.
    static func spellings(_ columns: [ImportColumn], renames: [String: String] = [:]) -> [String: Int?] {
        var byName: [String: Int] = [:]
        for (column, spec) in columns.enumerated() where spec.inFile && byName[spec.name] == nil {
            byName[spec.name] = column
        }
        var byTitle: [String: [Int]] = [:]
        for (column, spec) in columns.enumerated() where spec.inFile {
            for title in Set(spec.titles.map(normalized)) where byName[title] == nil {
                byTitle[title, default: []].append(column)
            }
        }
        var all: [String: Int?] = [:]
        // A title two columns share (`название`: a book's title, a setting's name) names neither.
        for (title, owners) in byTitle where owners.count == 1 { all[title] = owners[0] }
        for (name, column) in byName { all[name] = column }
        for (source, target) in renames {
            let column: Int? = target.isEmpty ? nil : byName[normalized(target)]
            all.updateValue(column, forKey: normalized(source))
            // Each part of a joined source names the column too, for the sniffers (`map` joins them);
            // in a kind without the column, the parts stay unknown columns.
            if let column { for part in joinedParts(source) where all[part] == nil { all[part] = column } }
        }
        return all
    }

    /// The header names a `--map` source joins (`Start Date+Start Time`), normalized; none for a
    /// source without `+` or with an empty part.
    static func joinedParts(_ source: String) -> [String] {
        let parts = source.split(separator: "+", omittingEmptySubsequences: false).map { normalized(String($0)) }
        return parts.count > 1 && !parts.contains("") ? parts : []
    }

    /// For the date sniffer: whether a header name names one of `columns` that holds days; nil when
    /// none does.
    static func dateNamer(_ columns: [ImportColumn], renames: [String: String] = [:]) -> ((String) -> Bool)? {
        let dates = Set(columns.indices.filter { columns[$0].isDate })
        guard !dates.isEmpty else { return nil }
        let spellings = spellings(columns, renames: renames)
        return { name in (spellings[normalized(name)] ?? nil).map { dates.contains($0) } ?? false }
    }

    /// How many of a header's names name one of `columns` (or `reason`): how the delimiter sniffer
    /// tells a header split right from one split wrong.
    static func recognizer(_ columns: [ImportColumn], renames: [String: String] = [:]) -> ([String]) -> Int {
        var known = Set(spellings(columns, renames: renames).keys)
        known.insert("reason")
        return { names in names.reduce(0) { $0 + (known.contains(normalized($1)) ? 1 : 0) } }
    }

    /// Maps the header record of `batch`, or returns its problems, each at its field. A file reached
    /// through a link (`throughLink`) has an unknown column named by its number, never by its text:
    /// the link may lead to a file that is no CSV at all, whose first line is nobody's business.
    static func map(
        _ batch: RecordBatch, record: Int, columns: [ImportColumn], kind: ImportKind, file: String,
        renames: [String: String] = [:], throughLink: Bool = false
    ) -> (mapping: HeaderMapping?, problems: [ImportDiagnostic]) {
        let span = batch.record(record)
        let starts = batch.fieldStarts(record)
        let index = spellings(columns, renames: renames)
        let sources = Set(renames.keys.map(normalized))
        let accepted = acceptedList(columns)
        var fields = Array(repeating: -1, count: columns.count)
        var reasonSeen = false
        var problems: [ImportDiagnostic] = []
        func problem(
            _ field: Int, _ key: String, _ arguments: [String: String], counts: [String: ImportDiagnostic.Count] = [:]
        ) {
            var all = arguments
            all["kind"] = kind.rawValue
            var key = key
            var counts = counts
            if let more = accepted.more,
                !["import.header.duplicate", "import.header.map-part-missing", "import.header.unknown.join"].contains(
                    key)
            {
                key += ".more"
                counts["more"] = ImportDiagnostic.Count(more, "unit.more-name")
            }
            all["accepted"] = accepted.names
            // An unknown column's message lists the columns by their titles in the reader's language,
            // the words a header may use instead of the names.
            let unknown = key == "import.header.unknown" || key.hasPrefix("import.header.unknown.")
            problems.append(
                ImportDiagnostic(
                    file: file, line: starts[field].line, column: starts[field].column, key: key,
                    arguments: all, counts: counts, accepted: unknown ? accepted.columns : []))
        }
        let names = (0..<span.fieldCount).map { normalized(batch.string(record, $0)) }
        // `--map 'A+B=column'` joins fields A and B, unless the header has a field named `A+B`.
        let present = Set(names)
        var joinSources: [(source: String, column: Int, parts: [String])] = []
        for (source, target) in renames.sorted(by: { $0.key < $1.key })
        where !present.contains(normalized(source)) && !joinedParts(source).isEmpty {
            guard let column = index[normalized(target)] ?? nil else { continue }
            joinSources.append((source, column, joinedParts(source)))
        }
        var partOf: [String: (join: Int, part: Int)] = [:]
        for (join, spec) in joinSources.enumerated() {
            for (part, name) in spec.parts.enumerated() where partOf[name] == nil { partOf[name] = (join, part) }
        }
        var joins = joinSources.map { Array(repeating: -1, count: $0.parts.count) }
        // Unnamed columns after the last named one are a spreadsheet's empty trailing columns (past the
        // fields kept too, when none of those has a name); a header with no name at all has none of them.
        let lastNamed = names.lastIndex { !$0.isEmpty }
        let namedWidth = span.namedPastKept ? span.fieldCount : lastNamed.map { $0 + 1 } ?? span.fieldCount
        var examined = 0
        while examined < span.fieldCount && problems.count < listedProblems {
            let field = examined
            examined += 1
            let name = names[field]
            if field >= namedWidth { continue }
            if let (join, part) = partOf[name] {
                if joins[join][part] >= 0 {
                    problem(field, "import.header.duplicate", ["column": batch.string(record, field)])
                } else {
                    joins[join][part] = field
                }
            } else if let found = index[name] {
                // A `--map` source left out on purpose, or one whose target is not this kind's column.
                guard let column = found else {
                    if let target = renames.first(where: { normalized($0.key) == name })?.value, !target.isEmpty {
                        problem(
                            field, "import.header.map-target",
                            ["column": ImportDiagnostic.shown(batch.string(record, field)), "target": target])
                    }
                    continue
                }
                if fields[column] >= 0 {
                    problem(
                        field, "import.header.duplicate",
                        ["column": sources.contains(name) ? batch.string(record, field) : columns[column].name])
                } else {
                    fields[column] = field
                }
            } else if name == "reason" {
                if reasonSeen { problem(field, "import.header.duplicate", ["column": name]) }
                reasonSeen = true
            } else if name.isEmpty {
                problem(field, "import.header.unnamed", ["number": String(field + 1)])
            } else if throughLink {
                problem(field, "import.header.unknown-through-link", ["number": String(field + 1)])
            } else if let join = joinHint(field, names, batch, record, columns) {
                problem(
                    field, "import.header.unknown.join",
                    [
                        "column": ImportDiagnostic.shown(batch.string(record, field)),
                        "partner": ImportDiagnostic.shown(batch.string(record, join.partner)), "map": join.map,
                    ])
            } else if let near = nearest(batch.string(record, field), columns) {
                problem(
                    field, "import.header.unknown.near",
                    ["column": ImportDiagnostic.shown(batch.string(record, field)), "near": near])
            } else {
                problem(field, "import.header.unknown", ["column": ImportDiagnostic.shown(batch.string(record, field))])
            }
        }
        // Past the last name, nothing is left to look at unless a field past those kept has one (or
        // no field has one: then every field is an unnamed column).
        let left = (span.namedPastKept || lastNamed == nil ? span.fieldsFound : namedWidth) - examined
        if left > 0 {
            // The rest is not looked at: a kind's header has at most `columns.count + 1` columns.
            let place = starts[min(examined, span.fieldCount)]
            problems.append(
                ImportDiagnostic(
                    file: file, line: place.line, column: place.column, key: "import.header.unchecked",
                    arguments: ["kind": kind.rawValue, "limit": String(columns.filter(\.inFile).count + 1)],
                    counts: ["count": .init(left, "unit.more-column")]))
        } else {
            for (join, spec) in joinSources.enumerated() {
                if let missing = spec.parts.indices.first(where: { joins[join][$0] < 0 }) {
                    let part = spec.source.split(separator: "+", omittingEmptySubsequences: false)[missing]
                    problem(
                        0, "import.header.map-part-missing",
                        [
                            "map": spec.source + "=" + (renames[spec.source] ?? ""),
                            "part": String(part).trimmingSpaces(),
                        ])
                } else if fields[spec.column] >= 0 {
                    problem(
                        joins[join][0], "import.header.duplicate", ["column": columns[spec.column].name])
                } else {
                    fields[spec.column] = -2 - join
                }
            }
            for (column, spec) in columns.enumerated() where spec.inFile && spec.required && fields[column] == -1 {
                problem(0, "import.header.missing", ["column": spec.name])
            }
        }
        guard problems.isEmpty else { return (nil, problems) }
        let shown = columns.indices.map { column in
            let field = fields[column]
            if field == -1 { return columns[column] }
            let parts = field < -1 ? joins[-2 - field] : [field]
            return columns[column].labelled(
                ImportDiagnostic.shown(
                    parts.map { batch.string(record, $0).trimmingSpaces() }.joined(separator: "+")))
        }
        return (
            HeaderMapping(fields: fields, joins: joins, shown: shown, width: span.fieldsFound, namedWidth: namedWidth),
            []
        )
    }

    /// For an unknown `Start Date` beside a `Start Time` (Outlook's and Google's event files), the
    /// `--map` that joins them into the kind's moment column whose name starts as they do
    /// (`Start Date+Start Time=starts_at`); nil otherwise.
    private static func joinHint(
        _ field: Int, _ names: [String], _ batch: RecordBatch, _ record: Int, _ columns: [ImportColumn]
    ) -> (map: String, partner: Int)? {
        let name = names[field]
        var stem = String(name.dropLast(4))
        let (dayField, timeField): (Int?, Int?)
        if name.hasSuffix("date") {
            (dayField, timeField) = (field, names.firstIndex(of: stem + "time"))
        } else if name.hasSuffix("time") {
            (dayField, timeField) = (names.firstIndex(of: stem + "date"), field)
        } else {
            return nil
        }
        guard let dayField, let timeField else { return nil }
        while stem.hasSuffix("_") { stem.removeLast() }
        guard !stem.isEmpty, let target = columns.first(where: { $0.holdsTime && $0.inFile && $0.name.hasPrefix(stem) })
        else { return nil }
        let map =
            batch.string(record, dayField).trimmingSpaces() + "+" + batch.string(record, timeField).trimmingSpaces()
            + "=" + target.name
        return (map, dayField == field ? timeField : dayField)
    }

    /// "Did you mean": the column whose name or title is nearest to an unknown name, as a message
    /// says it (`due_on`, or `вернуть до (due_on)` when a title was nearer), or nil when none is near.
    private static func nearest(_ name: String, _ columns: [ImportColumn]) -> String? {
        let typed = name.trimmingSpaces().lowercased().replacingOccurrences(of: "ё", with: "е")
        var owner: [String: String] = [:]
        for spec in columns where spec.inFile {
            for title in spec.titles where owner[title.lowercased()] == nil { owner[title.lowercased()] = spec.name }
            owner[spec.name] = spec.name
        }
        guard let found = Suggestions.nearest(to: typed, among: Array(owner.keys)).first, let column = owner[found]
        else { return nil }
        return found == column ? column : "\(found) (\(column))"
    }

    /// The columns' names as a message lists them: the first `listedNames`, and how many more; and
    /// those columns, for a message that words them by their titles in the reader's language.
    private static func acceptedList(_ columns: [ImportColumn]) -> (names: String, more: Int?, columns: [ImportColumn])
    {
        let inFile = columns.filter(\.inFile)
        let listed = Array(inFile.prefix(listedNames))
        let names = listed.map(\.name).joined(separator: ", ")
        return (names, inFile.count > listedNames ? inFile.count - listedNames : nil, listed)
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
