import AlmanacCalendar
import AlmanacKinds
import AlmanacOutput
import AlmanacText

/// The calendar as a grid of its 24 doors, the way the app showed them: 6 × 4 doors, or 4 × 6 on a
/// narrow terminal. A closed door shows its number, an open one `✓` and its surprise (cut to the
/// cell by display width), the next door `★` and the word "next". A refused door shows `✗`, and the
/// alert sits just below its row, with an arrow pointing up at it.
///
/// Symbols and words carry every state; the holiday's colour (frame and title) and the symbols'
/// colours only repeat them, and appear only when styling allows.
public struct CalendarGrid {
    /// The calendar to draw.
    public var view: CalendarView
    /// A refused door and the message to show below it.
    public var refusal: (door: Int, message: String)?
    /// The user's words.
    public var localizer: Localizer
    /// Whether to colour.
    public var styling: Styling
    /// How many colours the terminal shows.
    public var depth: HolidayColor.Depth
    /// The width to fit, in terminal columns.
    public var width: Int

    /// Lines of text per door: its number, then two lines for the surprise.
    package static let cellLines = 3
    /// The widest a door gets on a wide terminal.
    package static let widestCell = 16
    /// The narrowest door of the 6-column layout; narrower terminals get 4 columns.
    package static let narrowestWideCell = 8

    /// Creates a grid.
    public init(
        view: CalendarView, refusal: (door: Int, message: String)? = nil, localizer: Localizer,
        styling: Styling = .plain, depth: HolidayColor.Depth = .palette256, width: Int = 80
    ) {
        self.view = view
        self.refusal = refusal
        self.localizer = localizer
        self.styling = styling
        self.depth = depth
        self.width = width
    }

    /// Doors per row and the width of a door's text, for a terminal `width` columns wide.
    public static func layout(width: Int) -> (columns: Int, cellWidth: Int) {
        let six = (width - 1) / 6 - 3
        if six >= narrowestWideCell { return (6, min(six, widestCell)) }
        return (4, max(4, min((width - 1) / 4 - 3, widestCell)))
    }

    /// The grid with its title above and a legend below, ending with a newline.
    public func render() -> String {
        let (columns, cell) = Self.layout(width: width)
        let rows = (DoorOrder.revealDoor + columns - 1) / columns
        let refusedRow = refusal.map { ($0.door - 1) / columns }
        var out = title()
        for row in 0..<rows {
            let top = row == 0 || row - 1 == refusedRow
            out.append(frame(rule(top ? ("┌", "┬", "┐") : ("├", "┼", "┤"), columns, cell)))
            for line in 0..<Self.cellLines {
                let cells = (0..<columns).map { column in
                    content(door: row * columns + column + 1, line: line, width: cell)
                }
                out.append(frame("│") + cells.map { " " + $0 + " " }.joined(separator: frame("│")) + frame("│"))
            }
            if row == rows - 1 || row == refusedRow {
                out.append(frame(rule(("└", "┴", "┘"), columns, cell)))
            }
            if let refusal, row == refusedRow {
                out += alert(
                    refusal, column: (refusal.door - 1) % columns, cell: cell, gridWidth: columns * (cell + 3) + 1)
            }
        }
        out += TextWrap.lines(localizer("calendar.grid.legend"), width: width)
        return out.joined(separator: "\n") + "\n"
    }

    /// The title, wrapped to the width (a narrow terminal's grid is narrower than the words).
    private func title() -> [String] {
        var text = localizer(
            "calendar.grid.title",
            [
                "title": Renderer.singleLine(view.holiday.title),
                "opened": localizer.count(view.opened.count, unit: "unit.open-door"),
                "total": String(DoorOrder.revealDoor),
            ])
        if view.testMode { text += " · " + localizer("calendar.grid.test-mode") }
        return TextWrap.lines(text, width: width).map { paintHoliday($0, bold: true) }
    }

    private func rule(_ corners: (String, String, String), _ columns: Int, _ cell: Int) -> String {
        corners.0
            + Array(repeating: String(repeating: "─", count: cell + 2), count: columns).joined(separator: corners.1)
            + corners.2
    }

    /// One line of one door's cell, exactly `width` columns wide (colour codes aside).
    private func content(door number: Int, line: Int, width: Int) -> String {
        guard number <= DoorOrder.revealDoor else { return String(repeating: " ", count: width) }
        let door = view.door(number)
        let refused = refusal?.door == number
        let isNext = view.next == number && !refused
        let symbol: (text: String, role: Table.ColorRole?)?
        switch true {
        case refused: symbol = ("✗", .alert)
        case door?.isOpen == true: symbol = ("✓", .success)
        case isNext: symbol = ("★", .warning)
        default: symbol = nil
        }
        if line == 0 {
            let plain = (symbol.map { $0.text + " " } ?? "") + String(number)
            let painted = (symbol.map { styling.paint($0.text, $0.role) + " " } ?? "") + String(number)
            return centered(plain, painted: painted, width: width)
        }
        let words: [String]
        if let door, door.isOpen {
            words = TextWrap.lines(Renderer.singleLine(door.surprise), width: width, limit: Self.cellLines - 1)
        } else if refused {
            words = [localizer("calendar.grid.not-yet")]
        } else if isNext {
            words = [localizer("calendar.grid.next")]
        } else if door == nil {
            words = ["—"]
        } else {
            words = []
        }
        let text = line - 1 < words.count ? DisplayWidth.truncate(words[line - 1], to: width) : ""
        return centered(text, painted: text, width: width)
    }

    private func centered(_ plain: String, painted: String, width: Int) -> String {
        let gap = max(0, width - DisplayWidth.of(plain))
        return String(repeating: " ", count: gap / 2) + painted + String(repeating: " ", count: gap - gap / 2)
    }

    /// The lines below the refused door's row: an arrow under the door and the message beside it
    /// (right of the arrow, else left of it), or below it, wrapped, when neither fits.
    private func alert(_ refusal: (door: Int, message: String), column: Int, cell: Int, gridWidth: Int) -> [String] {
        let arrowAt = 1 + column * (cell + 3) + 1 + (cell - 1) / 2
        let message = Renderer.singleLine(refusal.message)
        let messageWidth = DisplayWidth.of(message)
        let available = max(width, gridWidth)
        if arrowAt + 2 + messageWidth <= available {
            return [String(repeating: " ", count: arrowAt) + styling.paint("↑ " + message, .alert)]
        }
        if messageWidth + 1 <= arrowAt {
            return [String(repeating: " ", count: arrowAt - messageWidth - 1) + styling.paint(message + " ↑", .alert)]
        }
        let lines = TextWrap.lines(message, width: available)
        let start = max(0, min(arrowAt, available - (lines.map(DisplayWidth.of).max() ?? 0)))
        return [String(repeating: " ", count: arrowAt) + styling.paint("↑", .alert)]
            + lines.map { String(repeating: " ", count: start) + styling.paint($0, .alert) }
    }

    private func frame(_ text: String) -> String { paintHoliday(text, bold: false) }

    private func paintHoliday(_ text: String, bold: Bool) -> String {
        guard styling.isEnabled, !text.isEmpty else { return text }
        var codes: [String] = bold ? ["1"] : []
        if let hex = view.holiday.color, let color = HolidayColor(hex: hex) { codes.append(color.foreground(depth)) }
        guard !codes.isEmpty else { return text }
        return "\u{1B}[" + codes.joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }
}
