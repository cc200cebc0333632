/// Words, rows and pictures that make one screen or one page (a calendar, a quiz question, an
/// animation's frames), in order, with the rows machines get.
///
/// - `table`: every part in order; a picture's terminal drawing stands for the rows it shows.
/// - `markdown`: words and rows (no captions, no pictures), a blank line between words and a table.
/// - `html`: a page titled `title`, the pictures' drawings, then the rows; words and captions are
///   left out (the title says what the page is), and with neither rows nor drawings there is no page.
/// - `csv`, `tsv`, `json`: `machines` when given, else the rows.
public struct Page {
    /// One part of a page.
    public enum Section {
        /// A line over what follows, on a terminal only (a timeline's "Wobble: 2 s at 4 fps").
        case caption(String)
        /// Lines for people, on a terminal and in markdown (a quiz question's prompt).
        case words(String)
        /// Rows, and perhaps a picture of them: on a terminal its drawing stands for the rows, on a
        /// page it comes above them.
        case table(Table, picture: Picture? = nil)
        /// Rows under headings (an agenda's days), with a count line on a terminal.
        case sectioned(SectionedTable)
        /// A picture on its own (a calendar with a refused door): on a terminal only.
        case picture(Picture)
    }

    /// The heading of an `html` page; nil keeps the renderer's title.
    public var title: String?
    /// The parts, in order.
    public var sections: [Section]
    /// The rows machines get instead of the page's own, made when asked; nil gives the page's rows.
    public var machines: (() -> Table)?

    /// A page of `sections`.
    public init(title: String? = nil, sections: [Section], machines: (() -> Table)? = nil) {
        self.title = title
        self.sections = sections
        self.machines = machines
    }

    /// The rows for machines: `machines`, else the page's own.
    var machineTables: [Table] {
        if let machines { return [machines()] }
        return sections.compactMap { section in
            if case .table(let table, _) = section { return table }
            return nil
        }
    }
}

/// A drawing of a world's own (a calendar's grid, a snowman), in the forms the formats can show,
/// each made only when a format asks for it.
public struct Picture {
    /// The drawing as terminal text, ending with a newline; nil for none.
    public var terminal: (() -> String)?
    /// The drawing as an SVG figure for a page; nil for none.
    public var svg: (() -> String)?
    /// Style rules of the page's own that the figure needs (an animation's keyframes).
    public var style: (() -> String)?

    /// A picture in the forms given.
    public init(terminal: (() -> String)? = nil, svg: (() -> String)? = nil, style: (() -> String)? = nil) {
        self.terminal = terminal
        self.svg = svg
        self.style = style
    }
}

extension Renderer {
    /// A page in this renderer's format.
    public func render(_ page: Page) -> String {
        output.page(page)
    }
}
