import AlmanacText
import Foundation

/// Turns rows into text in one of the six output formats: as they come, through a `TableWriter`
/// (`writer(_:to:)`), or a whole `Table` at once (`render(_:)`, the same writer fed from an array).
///
/// - `table`: box drawing like sqlite3's `.mode box`, localized, widths by display width, cut with
///   `…` to fit a terminal (never when piped), coloured tags when styling allows, and a count line.
/// - `markdown`: a GitHub table, localized, never cut or coloured.
/// - `csv` (RFC 4180), `tsv` and `json`: stable English keys and plain values (ISO dates, numbers
///   with a dot, tag values), the same in every locale.
/// - `html`: one self-contained page, localized like `table`, each cell carrying its plain value.
public struct Renderer: Sendable {
    /// The output format.
    public var format: OutputFormat
    /// The user's words and locale, for table and markdown output.
    public var localizer: Localizer
    /// The zone instants are shown in (table and markdown).
    public var timeZone: Zone
    /// The day "today" means; dates in another year show their year. Nil shows every year.
    public var today: LocalDate?
    /// Whether tags are coloured (table only).
    public var styling: Styling
    /// The terminal width a table must fit, or nil to never cut (piped output).
    public var width: Int?
    /// The heading of an `html` page, in the user's words; nil gives a plain "Almanac".
    public var title: String?
    /// The delimiter and byte-order mark of `csv` (and the mark of `tsv`).
    public var sheet = SheetForm.plain
    /// When an `html` page says it was made: "now" as the settings give it; nil says nothing.
    public var made: Date?
    /// What a page made around an `html` page puts in its named places (`PageSlots`); none for the CLI.
    public var slots = PageSlots()
    /// How many bytes of shown cells `table` and `markdown` keep in memory to line rows up: past it,
    /// `table` moves them to a temporary file and `markdown` writes on with the widths it has.
    var heldBytes = Renderer.defaultHeldBytes

    /// The memory `table` and `markdown` hold cells in before they spill or stream: 4 MiB.
    static let defaultHeldBytes = 4 << 20

    /// Creates a renderer. The defaults print plain, uncut text in UTC with years shown.
    public init(
        format: OutputFormat, localizer: Localizer, timeZone: Zone = .utc,
        today: LocalDate? = nil, styling: Styling = .plain, width: Int? = nil
    ) {
        self.format = format
        self.localizer = localizer
        self.timeZone = timeZone
        self.today = today
        self.styling = styling
        self.width = width
    }

    /// The whole table as text, ending with a newline (empty for a table without columns): a
    /// `TableWriter` fed the table's rows, keeping what it writes. An `html` page draws `chart` above
    /// the rows.
    public func render(_ table: Table, chart: Chart? = nil) -> String {
        guard !table.columns.isEmpty else { return "" }
        var inMemory = self
        inMemory.heldBytes = .max
        do {
            let writer = try TableWriter(inMemory, head: table.head, chart: chart, output: nil)
            for row in table.rows { try writer.row(row) }
            try writer.finish()
            return writer.text
        } catch {
            // Every format writes to memory here, and keeps its cells there: nothing can fail.
            preconditionFailure("rendering into memory failed: \(error)")
        }
    }

    /// Formats for this renderer's locale, zone and day.
    package func makeFormats() -> LocalizedFormats {
        LocalizedFormats(localizer: localizer, timeZone: timeZone, today: today)
    }

    /// A cell as people read it, in the user's language; tags keep their colour role apart.
    static func humanText(_ cell: Table.Cell, _ formats: LocalizedFormats) -> (text: String, role: Table.ColorRole?) {
        switch cell {
        case .null: return ("", nil)
        case .text(let text): return (text, nil)
        case .integer(let number): return (formats.number(number), nil)
        case .identifier(let number): return (String(number), nil)
        case .real(let number): return (formats.number(number), nil)
        case .percent(let fraction): return (formats.percent(fraction), nil)
        case .bool(let flag): return (formats.bool(flag), nil)
        case .date(let date): return (formats.date(date), nil)
        case .instant(let instant): return (formats.instant(instant), nil)
        case .count(let number, let unit): return (formats.count(number, unit: unit), nil)
        case .tag(let tag):
            guard let symbol = tag.symbol else { return (tag.label, tag.role) }
            return (tag.label.isEmpty ? symbol : symbol + " " + tag.label, tag.role)
        }
    }

    /// A cell as machines read it: the same in every locale. Nil for NULL.
    static func plainText(_ cell: Table.Cell) -> String? {
        switch cell {
        case .null: return nil
        case .text(let text): return text
        case .integer(let number), .identifier(let number), .count(let number, _): return String(number)
        case .real(let number), .percent(let number): return plainNumber(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let date): return date.description
        case .instant(let instant): return Instant.format(instant)
        case .tag(let tag): return tag.value
        }
    }

    /// Shortest text that reads back as the same double; whole numbers keep `.0` so they stay reals.
    static func plainNumber(_ number: Double) -> String {
        String(number)
    }

    /// Text safe to put in a terminal cell: line breaks shown as `↵`, a tab as a space, and every
    /// other control character escaped (`TerminalText`), so an escape sequence in the data never
    /// reaches the terminal.
    package static func singleLine(_ text: String) -> String {
        TerminalText.escaped(text, .cell)
    }
}
