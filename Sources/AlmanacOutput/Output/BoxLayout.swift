import AlmanacText

/// Which columns a box shows, how wide each is and where its cells sit, from the measured rows.
///
/// A column marked `hiddenWhenEmpty` with no value in any row is left out. On a terminal narrower
/// than the box, columns give up width in this order, until the box fits:
/// 1. a column empty in every row is dropped (it says nothing, so it goes before anything is cut);
/// 1a. then the columns that say least (`Table.Priority.least`, the rightmost first), one at a time,
///    before any text is shortened, and the `.less` ones while text would otherwise be cut below
///    `Renderer.readableColumn`: a title is not cut to two letters while three dates stay;
/// 2. the widest column gives up a column at a time, so long text loses first, down to its widest
///    cell that is not text (a title may still be cut to its cells' width);
/// 3. then statuses and yes/no words too, down to two characters and `…` (the symbol stays);
/// 4. dates, times and numbers are never cut: a date cut to `Mon 2…` says nothing.
/// A box that cannot fit even so is drawn at that width, every column still there.
package struct BoxLayout {
    /// The columns shown, by their index in the head.
    let visible: [Int]
    /// The width of each shown column's cells.
    let widths: [Int]
    /// Where each shown column's cells sit.
    let alignments: [Table.Alignment]
    /// Each shown column's title, one line.
    package let titles: [String]

    package init(head: Table.Head, titles: [String], measures: [ColumnMeasure], headingWidth: Int, terminalWidth: Int?)
    {
        var visible = head.columns.indices.filter { head.columns[$0].hiddenWhenEmpty ? measures[$0].hasValue : true }
        if visible.isEmpty { visible = Array(head.columns.indices) }
        var natural = visible.map { max(DisplayWidth.of(titles[$0]), measures[$0].width) }
        // A heading wider than the columns widens the last one.
        let span = natural.reduce(0, +) + 3 * (natural.count - 1)
        if headingWidth > span { natural[natural.count - 1] += headingWidth - span }
        var widths = natural
        if let terminalWidth {
            let fitted = Self.fit(
                natural, floors: [visible.map { measures[$0].wordFloor }, visible.map { measures[$0].fixedFloor }],
                empty: visible.map { !measures[$0].hasValue }, priorities: visible.map { head.columns[$0].priority },
                into: terminalWidth)
            visible = fitted.indices.compactMap { fitted[$0] == nil ? nil : visible[$0] }
            widths = fitted.compactMap { $0 }
        }
        self.visible = visible
        self.widths = widths
        alignments = visible.map { measures[$0].alignment.alignment(head.columns[$0].alignment) }
        self.titles = visible.map { titles[$0] }
    }

    /// Widths that fit `total` terminal columns, frame included, or nil for a column dropped: empty
    /// columns first, then by `priorities` (least first); then each stage of `floors` (per column,
    /// the narrowest it may be cut to) is tried in turn.
    package static func fit(
        _ natural: [Int], floors: [[Int]], empty: [Bool], priorities: [Table.Priority]? = nil, into total: Int
    ) -> [Int?] {
        var widths: [Int?] = natural
        func excess() -> Int {
            let shown = widths.compactMap { $0 }
            return shown.reduce(0, +) + 3 * shown.count + 1 - total
        }
        guard excess() > 0 else { return widths }
        for index in widths.indices where empty[index] && widths.compactMap({ $0 }).count > 1 { widths[index] = nil }
        if let priorities, let fixed = floors.last {
            // What the box needs with its text cut to a readable width, dates and numbers whole.
            let readable = natural.indices.map { min(natural[$0], max(Renderer.readableColumn, fixed[$0])) }
            func excessWhenReadable() -> Int {
                let shown = widths.indices.filter { widths[$0] != nil }
                return shown.map { readable[$0] }.reduce(0, +) + 3 * shown.count + 1 - total
            }
            for (priority, pressed) in [(Table.Priority.least, excess), (.less, excessWhenReadable)] {
                for index in widths.indices.reversed()
                where priorities[index] == priority && widths[index] != nil
                    && widths.compactMap({ $0 }).count > 1 && pressed() > 0
                {
                    widths[index] = nil
                }
            }
        }
        var over = excess()
        for stage in floors {
            let least = natural.indices.map { min(natural[$0], max(Renderer.narrowestColumn, stage[$0])) }
            while over > 0 {
                var widest: Int?
                for index in widths.indices {
                    guard let width = widths[index], width > least[index] else { continue }
                    if widest.map({ width > widths[$0]! }) ?? true { widest = index }
                }
                guard let widest else { break }
                widths[widest]! -= 1
                over -= 1
            }
        }
        return widths
    }
}

/// Draws a box line by line from a `BoxLayout`: the top and titles, each row or heading as it is read
/// back, the bottom.
package struct BoxDrawing {
    private let layout: BoxLayout
    private let styling: Styling
    private let span: Int
    private var ruled = false
    private let between: [UInt8], aboveHeading: [UInt8], belowHeading: [UInt8]
    private let joints = Joints(" │ ")

    package init(layout: BoxLayout, styling: Styling) {
        self.layout = layout
        self.styling = styling
        span = layout.widths.reduce(0, +) + 3 * (layout.widths.count - 1)
        between = Self.rule(layout.widths, "├", "┼", "┤")
        aboveHeading = Self.rule(layout.widths, "├", "┴", "┤")
        belowHeading = Self.rule(layout.widths, "├", "┬", "┤")
    }

    private static func rule(_ widths: [Int], _ left: String, _ join: String, _ right: String) -> [UInt8] {
        Array((left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: join) + right + "\n").utf8)
    }

    /// The top rule and the centred titles.
    package func top(into out: inout ByteOutput) {
        out.append(Self.rule(layout.widths, "┌", "┬", "┐"))
        out.append("│")
        for (index, width) in layout.widths.enumerated() {
            out.append(
                " " + DisplayWidth.center(DisplayWidth.truncate(layout.titles[index], to: width), in: width) + " │")
        }
        out.append("\n")
    }

    /// A row, or a heading across the columns.
    package mutating func draw(_ record: HeldCells.Record, into out: inout ByteOutput) {
        switch record {
        case .heading(let heading):
            ruled = true
            out.append(aboveHeading)
            let text = DisplayWidth.truncate(heading, to: span)
            out.append("│ ")
            out.append(text)
            out.pad(span - DisplayWidth.of(text))
            out.append(" │\n")
            out.append(belowHeading)
        case .row(let cells, let bytes):
            if !ruled {
                ruled = true
                out.append(between)
            }
            // The spaces a left-aligned cell leaves are written with the next separator.
            var owed = 0
            for (index, column) in layout.visible.enumerated() {
                let cell = column < cells.count ? cells[column] : HeldCells.Cell(role: nil, width: 0, text: 0..<0)
                let text = UnsafeBufferPointer(rebasing: bytes[cell.text])
                let width = layout.widths[index]
                let right = layout.alignments[index] == .right
                let gap: Int
                if cell.width <= width && (cell.role == nil || !styling.isEnabled) {
                    gap = width - cell.width
                    joints.write(owed, first: index == 0, right ? gap : 0, into: &out)
                    out.append(text)
                } else {
                    var shown = String(decoding: text, as: UTF8.self)
                    if cell.width > width { shown = DisplayWidth.truncate(shown, to: width) }
                    gap = max(0, width - DisplayWidth.of(shown))
                    joints.write(owed, first: index == 0, right ? gap : 0, into: &out)
                    out.append(styling.paint(shown, cell.role))
                }
                owed = right ? 0 : gap
            }
            out.pad(owed)
            out.append(" │\n")
        }
    }

    /// The bottom rule (under the titles' rule when there was no row).
    mutating func bottom(into out: inout ByteOutput) {
        if !ruled { out.append(between) }
        out.append(Self.rule(layout.widths, "└", "┴", "┘"))
    }
}
