import AlmanacText

/// One self-contained HTML5 page, written from the top down so rows can follow its head as they
/// come: `head()`, then the body's parts (pictures, tables), then `foot()`. Everything a reader
/// needs is inside: the style sheet inline, system fonts, pictures as inline SVG, and no script
/// (an animation pauses on a click through a checkbox and the style sheet alone).
public struct HTMLPage: Sendable {
    /// The heading and the document's title, in the user's words.
    public let title: String
    /// A line under the heading (what, where, when), or nil.
    public let lead: String?
    /// The user's words: the page's `lang` and its own few words.
    public let localizer: Localizer
    /// The day or range the page describes and when it was made, under the heading; nil for neither.
    public let dated: PageDate?
    /// Rules of the page's own (an animation's keyframes), after the common style sheet.
    public var style = ""
    /// What a page made around this one puts in it (a server's navigation and forms); empty for the
    /// command line's pages.
    public var slots = PageSlots()
    /// A page titled `title`, in the localizer's language.
    public init(title: String, lead: String? = nil, dated: PageDate? = nil, localizer: Localizer) {
        self.title = title
        self.lead = lead
        self.dated = dated
        self.localizer = localizer
    }

    /// Everything before the body's parts: the document head with its style, and the heading.
    public func head() -> String {
        guard !slots.bodyOnly else { return "" }
        var out = "<!DOCTYPE html>\n<html lang=\"" + HTMLText.attribute(localizer.language) + "\">\n<head>\n"
        out += "<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"generator\" content=\"almanac\">\n"
        out +=
            "<title>" + HTMLText.escaped(title) + "</title>\n<style>\n" + PageStyle.css + "\n" + style
            + slots.style + "</style>\n</head>\n"
        out += "<body>\n<main>\n" + slots.nav + "<h1>" + HTMLText.escaped(title) + "</h1>\n"
        // A lead that names the page's days says what the page describes (an agenda's range).
        let leadIsAbout = dated != nil && dated?.about == nil
        if let lead {
            out += "<p class=\"lead" + (leadIsAbout ? " about" : "") + "\">" + HTMLText.escaped(lead) + "</p>\n"
        }
        if let dated { out += dated.html(localizer) }
        return out + slots.top
    }

    /// Everything after the body's parts.
    public func foot() -> String {
        guard !slots.bodyOnly else { return "" }
        return slots.bottom + "<footer>" + HTMLText.escaped(localizer("page.footer"))
            + "</footer>\n</main>\n</body>\n</html>\n"
    }

    /// A whole page around `body`.
    public func document(_ body: String) -> String {
        head() + body + foot()
    }

    /// A second-level heading.
    public static func heading(_ text: String) -> String {
        "<h2>" + HTMLText.escaped(text) + "</h2>\n"
    }

    /// A paragraph saying a list is empty.
    public static func empty(_ text: String) -> String {
        "<p class=\"empty\">" + HTMLText.escaped(text) + "</p>\n"
    }
}

/// The named places of a page where a page made around it puts its own parts (`almanac serve`: its
/// navigation, notices and forms, and a last column of actions), each empty unless given: the page
/// is the command line's, byte for byte, with these filled in.
public struct PageSlots: Sendable {
    /// Rules added at the end of the style sheet.
    public var style = ""
    /// What opens `<main>`, before the heading (a navigation).
    public var nav = ""
    /// What follows the heading and its lead and date lines (notices, a search form).
    public var top = ""
    /// What closes the page's body, before its footer (a form that adds).
    public var bottom = ""
    /// The page's body alone, without its head, heading and foot: a part of another page.
    public var bodyOnly = false
    /// A last column of a table whose rows have an `id` (a row's buttons), by the row's id.
    public var rowActions: Actions?
    /// A last line of each card (its links), by the card's id.
    public var cardActions: Actions?

    /// The markup of a column or line of actions, by the id of the row or card it is on, under a title.
    public struct Actions: Sendable {
        /// The column's heading.
        public let title: String
        /// The markup for the row or card with this id (trusted: the page's maker escapes it).
        public let markup: @Sendable (Int64) -> String

        public init(title: String, markup: @escaping @Sendable (Int64) -> String) {
            self.title = title
            self.markup = markup
        }
    }

    public init(style: String = "", nav: String = "", top: String = "", bottom: String = "") {
        self.style = style
        self.nav = nav
        self.top = top
        self.bottom = bottom
    }
}

/// What a page says about time, so a page mailed on Monday can be told from Friday's: the day or
/// range it describes and the moment it was made, in the reader's words.
public struct PageDate: Sendable {
    /// The day or range described (`Mon 22 Dec 2025`), or nil when the page's lead says it.
    public var about: String?
    /// When the page was made, in the reader's words and zone.
    public var made: String?
    /// The same moment for machines: `2025-12-22T09:30:00Z`.
    public var madeValue: String?

    /// The line under the heading: `As of Mon 22 Dec 2025 · Made Mon 22 Dec 2025 09:30`.
    func html(_ t: Localizer) -> String {
        var parts: [String] = []
        if let about {
            parts.append(
                "<span class=\"about\">" + HTMLText.escaped(t("page.dated.about", ["date": about])) + "</span>")
        }
        if let made, let madeValue {
            let time =
                "<time class=\"made\" datetime=\"" + HTMLText.attribute(madeValue) + "\">" + HTMLText.escaped(made)
                + "</time>"
            // The moment goes in as markup: the words around it are escaped on their own.
            let words = t("page.dated.made", ["time": "\u{0}"]).components(separatedBy: "\u{0}").map {
                HTMLText.escaped($0)
            }
            parts.append("<span class=\"made\">" + words.joined(separator: time) + "</span>")
        }
        guard !parts.isEmpty else { return "" }
        return "<p class=\"dated\">" + parts.joined(separator: " · ") + "</p>\n"
    }
}

/// A table written row by row: `head()`, `row(_:)` for each row as it comes, then `foot(_:)`.
///
/// Each cell shows what `table` shows (localized numbers, dates, plurals, status words with their
/// symbols) and carries the plain value JSON would hold in `data-value` (no attribute for NULL), so
/// the page can be read back exactly; numbers are right-aligned, statuses coloured as on a terminal,
/// with their symbol and words kept.
public struct HTMLTableWriter {
    /// The columns.
    public let columns: [Table.Column]
    private let formats: LocalizedFormats
    private let caption: String?
    /// A last column of actions by the row's id (the cell of the column keyed `id`), or nil.
    private let actions: PageSlots.Actions?
    private let idColumn: Int?

    /// A writer for `columns`, with localized cells from `formats`, an optional caption, and a last
    /// column of `actions` when the columns have an `id`.
    public init(
        columns: [Table.Column], formats: LocalizedFormats, caption: String? = nil, actions: PageSlots.Actions? = nil
    ) {
        self.columns = columns
        self.formats = formats
        self.caption = caption
        idColumn = columns.firstIndex { $0.key == "id" }
        self.actions = idColumn == nil ? nil : actions
    }

    /// The table's opening and its header row.
    public func head() -> String {
        var out = "<div class=\"scroll\"><table>\n"
        if let caption { out += "<caption>" + HTMLText.escaped(caption) + "</caption>\n" }
        out += "<thead><tr>"
        for column in columns {
            out +=
                "<th scope=\"col\" data-key=\"" + HTMLText.attribute(column.key) + "\">"
                + HTMLText.escaped(column.title) + "</th>"
        }
        if let actions {
            out += "<th scope=\"col\" data-key=\"actions\">" + HTMLText.escaped(actions.title) + "</th>"
        }
        return out + "</tr></thead>\n<tbody>\n"
    }

    /// A row spanning every column, heading the rows after it (an agenda's day).
    public func section(_ heading: String) -> String {
        "<tr class=\"section\"><th colspan=\"\(columns.count + (actions == nil ? 0 : 1))\" scope=\"rowgroup\">"
            + HTMLText.escaped(heading)
            + "</th></tr>\n"
    }

    /// One row; cells past the columns are dropped, missing ones are empty.
    public func row(_ cells: [Table.Cell]) -> String {
        var out = "<tr>"
        for index in columns.indices {
            out += cell(index < cells.count ? cells[index] : .null, column: columns[index])
        }
        if let actions, let idColumn {
            out +=
                "<td class=\"actions\">"
                + (Self.id(idColumn < cells.count ? cells[idColumn] : .null).map(actions.markup) ?? "") + "</td>"
        }
        return out + "</tr>\n"
    }

    /// The table's end, and the count line under it (nil for none).
    public func foot(_ summary: String?) -> String {
        "</tbody>\n</table></div>\n" + (summary.map { "<p class=\"count\">" + HTMLText.escaped($0) + "</p>\n" } ?? "")
    }

    /// The id a row's `id` cell holds, or nil.
    private static func id(_ cell: Table.Cell) -> Int64? {
        switch cell {
        case .identifier(let id), .integer(let id): id
        default: nil
        }
    }

    /// Characters past which a cell's text scrolls inside it.
    static let longText = 400

    private func cell(_ cell: Table.Cell, column: Table.Column) -> String {
        let human = Renderer.humanText(cell, formats)
        var classes: [String] = []
        switch column.alignment {
        case .right?: classes.append("num")
        case .left?: break
        case nil:
            switch cell {
            case .integer, .identifier, .real, .percent, .count: classes.append("num")
            default: break
            }
        }
        switch cell {
        case .date, .instant: classes.append("date")
        default: break
        }
        var out = "<td"
        if !classes.isEmpty { out += " class=\"" + classes.joined(separator: " ") + "\"" }
        if let plain = Renderer.plainText(cell) { out += " data-value=\"" + HTMLText.attribute(plain) + "\"" }
        out += ">"
        if case .tag(let tag) = cell, let flag = tag.flag {
            // The flag as a picture, its emoji the alternative text; then the words, if any.
            let note = formats.localizer("page.flag.missing", ["folder": FlagPictures.folder])
            out += FlagPictures.html(flag, alt: tag.symbol ?? flag, note: note)
            if !tag.label.isEmpty { out += " " + HTMLText.escaped(tag.label) }
        } else if case .tag(let tag) = cell, let role = tag.role {
            out += "<span class=\"tag " + role.rawValue + "\">" + HTMLText.escaped(human.text) + "</span>"
        } else if human.text.unicodeScalars.count > Self.longText {
            // A very long value scrolls inside its cell, so one title cannot make a row pages tall.
            out += "<div class=\"long\">" + HTMLText.escaped(human.text) + "</div>"
        } else {
            out += HTMLText.escaped(human.text)
        }
        return out + "</td>"
    }
}
