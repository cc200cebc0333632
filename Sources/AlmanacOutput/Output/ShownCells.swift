import AlmanacText

/// Cells as `table` or `markdown` shows them: one line of text in the user's words, its display
/// width and its colour, worked out once. Dates and counts repeat down a long listing, so each
/// distinct one is formatted once (ICU formatting is the costly part).
package struct ShownCells {
    /// How text is made one line.
    package enum Layout {
        /// A box cell: a line break is `↵`, a tab a space, other controls `\xHH`.
        case box
        /// A markdown cell: also `|` escaped, `<` `>` as entities and a line break as `<br>`.
        case markdown
    }

    /// How readily a cell gives up width on a narrow terminal.
    package enum Give: Comparable {
        /// Text: cut first, the longest first.
        case text
        /// A word for a value (a status, yes or no): cut once text can give no more; its symbol stays.
        case word
        /// A date, a time or a number: never cut (`Mon 2…` or `1,2…` says nothing).
        case none
    }

    /// One cell as shown.
    package struct Cell {
        package var text: String
        package var role: Table.ColorRole?
        package var width: Int
        var give: Give
    }

    private struct CountKey: Hashable {
        package let value: Int64
        package let unit: String
    }

    private let formats: LocalizedFormats
    private let layout: Layout
    /// Dates already shown, by day: 1900 to 2100 in place (a listing's dates are mostly there), any
    /// other in a dictionary.
    private var recentDates: [Cell?] = []
    private var dates: [LocalDate: Cell] = [:]
    /// Dates shown, by their text's bytes (`cell(dateText:)`).
    private var dateSlots: [(head: UInt64, tail: UInt16, cell: Cell)?] = []
    /// 1900-01-01's day number, and the days from it to 2100-12-31 (`ShownCellsTests` checks both).
    static let firstDay = -25_567
    static let dayCount = 73_414
    private var counts: [CountKey: Cell] = [:]
    /// Counts from 0 to 4095 in the first unit shown, by value.
    private var smallCounts: [Cell?] = []
    private var smallCountUnit: String?
    /// Statuses already shown (a listing repeats a handful).
    private var tags: [Table.Tag: Cell] = [:]

    package init(_ formats: LocalizedFormats, _ layout: Layout) {
        self.formats = formats
        self.layout = layout
    }

    package mutating func cell(_ cell: Table.Cell) -> Cell {
        switch cell {
        case .null: return Cell(text: "", role: nil, width: 0, give: .text)
        case .text(let text): return make(text, role: nil, give: .text)
        case .date(let date):
            let day = date.dayNumber - Self.firstDay
            if day >= 0, day < Self.dayCount {
                if recentDates.isEmpty { recentDates = Array(repeating: nil, count: Self.dayCount) }
                if let known = recentDates[day] { return known }
                let made = make(cell)
                recentDates[day] = made
                return made
            }
            if let known = dates[date] { return known }
            let made = make(cell)
            if dates.count < 100_000 { dates[date] = made }
            return made
        case .tag(let tag):
            if let known = tags[tag] { return known }
            let made = make(cell)
            if tags.count < 1024 { tags[tag] = made }
            return made
        case .identifier(let number):
            let text = String(number)
            return Cell(text: text, role: nil, width: text.utf8.count, give: .none)
        case .count(let value, let unit):
            // A listing counts in one unit (days overdue): its small counts are kept in place.
            if value >= 0, value < 4096 {
                if smallCountUnit == nil {
                    smallCountUnit = unit
                    smallCounts = Array(repeating: nil, count: 4096)
                }
                if unit == smallCountUnit {
                    if let known = smallCounts[Int(value)] { return known }
                    let made = make(cell)
                    smallCounts[Int(value)] = made
                    return made
                }
            }
            let key = CountKey(value: value, unit: unit)
            if let known = counts[key] { return known }
            let made = make(cell)
            if counts.count < 100_000 { counts[key] = made }
            return made
        default:
            return make(cell)
        }
    }

    /// A date as SQLite holds it (`StreamedCell.dateText`), shown: from a small cache keyed by the
    /// text itself, so the dates that repeat down a long listing are neither read nor looked up by day.
    package mutating func cell(dateText text: UnsafeBufferPointer<UInt8>) -> Cell {
        guard text.count == 10, let base = text.baseAddress else { return cell(StreamedCell.dateText(text).cell) }
        let head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
        let tail = UInt16(text[8]) << 8 | UInt16(text[9])
        let slot = Int(truncatingIfNeeded: ((head ^ UInt64(tail)) &* 0x9E37_79B9_7F4A_7C15) >> 52)
        if dateSlots.isEmpty { dateSlots = Array(repeating: nil, count: 4096) }
        if let known = dateSlots[slot], known.head == head, known.tail == tail { return known.cell }
        let made = cell(StreamedCell.dateText(text).cell)
        dateSlots[slot] = (head, tail, made)
        return made
    }

    private func make(_ cell: Table.Cell) -> Cell {
        let human = Renderer.humanText(cell, formats)
        switch cell {
        case .tag, .bool: return make(human.text, role: human.role, give: .word)
        default: return make(human.text, role: human.role, give: .none)
        }
    }

    /// Text made one line; text that is plainly one line (the common case) is measured from its
    /// bytes and kept as it is.
    package func make(_ text: String, role: Table.ColorRole?, give: Give) -> Cell {
        if let width = DisplayWidth.simpleWidth(text, refusing: layout == .markdown ? .markdown : .none) {
            return Cell(text: text, role: role, width: width, give: give)
        }
        let shown = layout == .box ? Renderer.singleLine(text) : Self.markdownCell(text)
        return Cell(text: shown, role: role, width: DisplayWidth.of(shown), give: give)
    }

    /// Pipes escaped, `<` and `>` as `&lt;` and `&gt;` (markdown viewers render HTML: text from data
    /// stays text), line breaks as `<br>`, then the rest of the control characters shown.
    static func markdownCell(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "|": result += "\\|"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\n", "\r\n", "\r": result += "<br>"
            default: result.append(character)
            }
        }
        return Renderer.singleLine(result)
    }
}

/// What a column's shown cells add up to: its widest cell, the narrowest it may be cut to at each
/// stage, whether any cell has a value, and whether its cells are numbers (which sit right).
package struct ColumnMeasure {
    /// The widest cell (the title is measured apart).
    package var width = 0
    /// The widest cell that is not text (a status, a date, a number): text is cut down to it first.
    var wordFloor = 0
    /// The widest cell that is never cut (a date, a number).
    var fixedFloor = 0
    /// True once a cell has shown something.
    var hasValue = false
    package var alignment = AlignmentEvidence()

    /// A text cell shown as it is, `width` columns wide.
    mutating func seeText(width: Int, isEmpty: Bool) {
        if width > self.width { self.width = width }
        if !isEmpty { hasValue = true }
        alignment.see(.text(""))
    }

    /// A number shown as its digits (an identifier), `width` columns wide: never cut.
    mutating func seeDigits(width: Int, _ cell: Table.Cell) {
        if width > self.width { self.width = width }
        if width > wordFloor { wordFloor = width }
        if width > fixedFloor { fixedFloor = width }
        hasValue = true
        alignment.see(cell)
    }

    package mutating func see(_ cell: Table.Cell, _ shown: ShownCells.Cell) {
        if shown.width > width { width = shown.width }
        if shown.give != .text && shown.width > wordFloor { wordFloor = shown.width }
        if shown.give == .none && shown.width > fixedFloor { fixedFloor = shown.width }
        if !shown.text.isEmpty { hasValue = true }
        alignment.see(cell)
    }
}
