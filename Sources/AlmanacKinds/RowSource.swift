import AlmanacText

/// A column named either by a kind's column enum or by its place (a setting's property columns).
public protocol ColumnIndex {
    /// The column's place among the kind's columns.
    var index: Int { get }
}

extension Int: ColumnIndex {
    /// The number itself.
    public var index: Int { self }
}

extension KindColumn {
    /// The case's place, which is its raw value.
    public var index: Int { rawValue }
}

/// A row being checked by its kind's rules, however it was read: from a CSV file's bytes (`RowCheck`,
/// the import's hot path, which binds straight from libcsv's buffer) or from text per column
/// (`FieldValues`: the add and edit commands, the reference data `init` loads). Each kind's rules are
/// written once, generic over this protocol, and the compiler specializes them for both.
///
/// A rule reads a column, and either binds the value to store in that column's place or fails the
/// column with a `RuleViolation`; columns it binds nothing to are NULL.
package protocol RowSource {
    /// The forms a day may be written in (`--date-format`, a file's slashed dates).
    var dateForms: DateForms { get }
    /// True when the column is empty, or absent from the row.
    func isEmpty(_ column: Int) -> Bool
    /// Runs `body` with the column's bytes (none when absent).
    func withBytes<T>(_ column: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T
    /// The column as text.
    func text(_ column: Int) -> String
    /// Records that the column breaks a rule.
    mutating func fail(_ column: Int, _ violation: RuleViolation)
    /// Stores the column's text as it was given, or NULL when it is empty.
    mutating func bindField(_ column: Int)
    /// Stores NULL.
    mutating func bindNull(_ column: Int)
    /// Stores a whole number.
    mutating func bindInteger(_ column: Int, _ value: Int64)
    /// Stores a decimal as REAL.
    mutating func bindReal(_ column: Int, _ value: Double)
    /// Stores text the rules computed.
    mutating func bindText(_ column: Int, _ text: String)
    /// Stores an instant as UTC text (`YYYY-MM-DDTHH:MM:SSZ`).
    mutating func bindInstant(_ column: Int, _ seconds: Int64)
    /// Stores a day as `YYYY-MM-DD`.
    mutating func bindDate(_ column: Int, _ date: LocalDate)
    /// Records that a date and time without an offset was read in the user's zone (the import's
    /// summary says which zone).
    mutating func notedWallTime()
}

/// The typed reads every kind's rules share: each fails the column with the rule it breaks.
extension RowSource {
    /// Nothing to record, but for an import's rows (`RowCheck`).
    package mutating func notedWallTime() {}

    package func isEmpty(_ column: some ColumnIndex) -> Bool { isEmpty(column.index) }
    package func text(_ column: some ColumnIndex) -> String { text(column.index) }
    package mutating func fail(_ column: some ColumnIndex, _ violation: RuleViolation) { fail(column.index, violation) }
    package mutating func bindField(_ column: some ColumnIndex) { bindField(column.index) }
    package mutating func bindNull(_ column: some ColumnIndex) { bindNull(column.index) }
    package mutating func bindInteger(_ column: some ColumnIndex, _ value: Int64) { bindInteger(column.index, value) }
    package mutating func bindReal(_ column: some ColumnIndex, _ value: Double) { bindReal(column.index, value) }
    package mutating func bindText(_ column: some ColumnIndex, _ text: String) { bindText(column.index, text) }
    package mutating func bindInstant(_ column: some ColumnIndex, _ seconds: Int64) {
        bindInstant(column.index, seconds)
    }
    package mutating func bindDate(_ column: some ColumnIndex, _ date: LocalDate) { bindDate(column.index, date) }

    /// Fails when a required column is empty; true when it has a value.
    package mutating func require(_ column: some ColumnIndex) -> Bool {
        if isEmpty(column.index) {
            fail(column.index, RuleViolation("rule.required"))
            return false
        }
        return true
    }

    /// `require` for text, which must also hold more than white space.
    package mutating func requireText(_ column: some ColumnIndex) -> Bool {
        guard require(column) else { return false }
        if withBytes(column.index, TextRules.isBlank) {
            fail(column.index, RuleViolation("rule.blank"))
            return false
        }
        return true
    }

    /// The column as a date, failing when it is in none of `dateForms` (ISO `YYYY-MM-DD`, the
    /// dotted and slashed forms) or the day does not exist.
    package mutating func date(_ column: some ColumnIndex) -> LocalDate? {
        if let date = withBytes(column.index, { LocalDate(bytes: $0) }) { return date }
        let forms = dateForms
        switch withBytes(column.index, { forms.read($0) }) {
        case .date(let date): return date
        case .undecided: fail(column.index, RuleViolation("rule.slashed-date-undecided"))
        case .notADate:
            fail(
                column.index,
                forms.pattern.map { RuleViolation("rule.not-a-date-in-pattern", ["pattern": $0.text]) }
                    ?? RuleViolation("rule.not-a-date"))
        }
        return nil
    }

    /// Stores a day `date` read from the column: the field as it is when it is already
    /// `YYYY-MM-DD` (the import's hot path copies no text), else the day in that form.
    package mutating func bindDay(_ column: some ColumnIndex, _ date: LocalDate) {
        if withBytes(column.index, { $0.count == 10 && $0[4] == 45 && $0[7] == 45 }) {
            bindField(column.index)
        } else {
            bindDate(column.index, date)
        }
    }

    /// The column as an instant (seconds since the epoch), failing when it is not an ISO 8601 date-time
    /// (`unreadable` says what it should have been) or falls outside the years 1 to 9999 in UTC. A time
    /// without an offset is read in `zone`.
    package mutating func instant(_ column: some ColumnIndex, zone: Zone, unreadable: String = "rule.not-a-datetime")
        -> Int64?
    {
        if let seconds = withBytes(column.index, { Instant.seconds(iso8601: $0, zone: zone) }) {
            if withBytes(column.index, Instant.hasNoOffset) { notedWallTime() }
            return seconds
        }
        var outside = withBytes(column.index) { Instant.isOutsideStorableYears(iso8601: $0, zone: zone) }
        // A spreadsheet's day and time (`1/22/2026 6:00:00 PM`, `22.01.2026 18:00`), on the wall clock.
        let forms = dateForms
        switch withBytes(column.index, { forms.readDateTime($0) }) {
        case .wall(let date, let second):
            let seconds = zone.instant(wall: Int64(date.dayNumber) * 86_400 + Int64(second))
            if Instant.storable.contains(seconds) {
                notedWallTime()
                return seconds
            }
            outside = true
        case .undecided:
            fail(column.index, RuleViolation("rule.slashed-date-undecided"))
            return nil
        case .day, .notADate: break
        }
        fail(column.index, RuleViolation(outside ? "rule.datetime-out-of-range" : unreadable))
        return nil
    }

    /// The day a column names when it is a day alone, in any of `dateForms` (`2026-01-22`,
    /// `22.01.2026`, `1/22/2026`), without failing: nil for a date-time or anything else.
    package func dayAlone(_ column: some ColumnIndex) -> LocalDate? {
        if let date = withBytes(column.index, { $0.count == 10 ? LocalDate(bytes: $0) : nil }) { return date }
        // A time has a colon, a day alone none: a timed event's start (the import's hot path) stops here.
        if withBytes(column.index, { $0.contains(UInt8(ascii: ":")) }) { return nil }
        let forms = dateForms
        if case .day(let date) = withBytes(column.index, { forms.readDateTime($0) }) { return date }
        return nil
    }

    /// The day and time of day a column names on the wall clock, without failing: a day alone is
    /// its midnight; nil for an offset or anything else.
    package func wallTime(_ column: some ColumnIndex) -> (day: LocalDate, second: Int)? {
        let forms = dateForms
        switch withBytes(column.index, { forms.readDateTime($0) }) {
        case .day(let date): return (date, 0)
        case .wall(let date, let second): return (date, second)
        case .undecided, .notADate: return nil
        }
    }

    /// The column as a whole number (up to 18 digits, with a sign).
    package mutating func integer(_ column: some ColumnIndex) -> Int64? {
        if let value = withBytes(column.index, TextRules.integer) { return value }
        fail(column.index, RuleViolation("rule.not-an-integer"))
        return nil
    }

    /// The column as a row id (`RowID`: digits only, 1 to 2^63 − 1), failing when it is not one.
    package mutating func id(_ column: some ColumnIndex) -> Int64? {
        if let id = withBytes(column.index, RowID.number), id >= 1 { return id }
        fail(column.index, RuleViolation("rule.not-an-id", ["last": String(RowID.last)]))
        return nil
    }

    /// Stores the column as a row id, or NULL when it is empty so that SQLite gives one.
    package mutating func bindOptionalID(_ column: some ColumnIndex) {
        if isEmpty(column.index) {
            bindNull(column.index)
        } else if let id = id(column) {
            bindInteger(column.index, id)
        }
    }

    /// The column as an exact decimal number.
    package mutating func decimal(_ column: some ColumnIndex) -> DecimalNumber? {
        if let number = DecimalNumber(text(column.index)) { return number }
        fail(column.index, RuleViolation("rule.not-a-number"))
        return nil
    }

    /// The column as yes or no: `true`, `false`, `1` or `0`, or yes and no in any language Almanac
    /// speaks (`yes`, `да`: what `export --headers titles` writes).
    package mutating func boolean(_ column: some ColumnIndex) -> Bool? {
        if let flag = YesNoWords.read(text(column.index)) { return flag }
        fail(column.index, RuleViolation("rule.not-a-boolean"))
        return nil
    }
}

/// Byte-level tests the rules share.
package enum TextRules {
    /// True when the text holds only white space (spaces, tabs, line breaks, and Unicode's others).
    /// An ASCII byte that is not white space settles it at once, even after letters of another script
    /// (`ночь snow`): the character that holds such a byte never starts with white space.
    package static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var ascii = true
        for byte in bytes {
            if byte >= 0x80 {
                ascii = false
            } else if byte != 32 && (byte < 9 || byte > 13) {
                return false
            }
        }
        return ascii || String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace)
    }

    /// A whole number of up to 18 digits with an optional sign, or nil.
    package static func integer(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        var value: Int64 = 0
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { index = 1 }
        guard index < bytes.count, bytes.count - index <= 18 else { return nil }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 48 && byte <= 57 else { return nil }
            value = value * 10 + Int64(byte - 48)
            index += 1
        }
        return negative ? -value : value
    }
}
