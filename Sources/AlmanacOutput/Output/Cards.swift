import AlmanacText

/// Things as cards under day headings (an agenda's events, as Events List's grid shows them): each
/// card a title, an image, a person, hours and a note side by side, and a line of text.
///
/// - `table`: cards drawn side by side, `columns` to a row (fewer when `width` cannot hold them),
///   under each day's heading, and the count line; `empty` alone when there is no card.
/// - `markdown`: the rows for people, or `empty`.
/// - `html`: a page of the cards, `columns` to a row, over the rows for machines under titles in
///   the user's words and the count line.
/// - `csv`, `tsv`, `json`: the rows for machines.
public struct Cards {
    /// One card. Its texts are as stored: each format makes them safe its own way.
    public struct Card {
        /// What the page's card is known by (`data-id`).
        public var id: Int64
        /// The title.
        public var title: String
        /// The image's file name, or nil.
        public var image: String?
        /// Who it is with or about, or nil.
        public var person: String?
        /// When, in the user's words (`16:30–18:00`, `all day`); never cut.
        public var hours: String
        /// The hours as a page shows them, a side on another day with its weekday (`22:00 → 01:30 Tue`).
        public var pageHours: String
        /// A note under the hours (`↪ continued`), or nil.
        public var note: String?
        /// A line of text (the description's first sentence), or nil.
        public var info: String?

        /// A card.
        public init(
            id: Int64, title: String, image: String?, person: String?, hours: String, pageHours: String? = nil,
            note: String?, info: String?
        ) {
            self.id = id
            self.title = title
            self.image = image
            self.person = person
            self.hours = hours
            self.pageHours = pageHours ?? hours
            self.note = note
            self.info = info
        }
    }

    /// A day's heading and its cards.
    public struct Day {
        /// The day (a page's `data-day`).
        public var date: LocalDate
        /// The heading, in the user's words (`Mon 22 Dec`).
        public var heading: String
        /// The day's cards, in order.
        public var cards: [Card]

        /// A day of cards.
        public init(date: LocalDate, heading: String, cards: [Card]) {
            self.date = date
            self.heading = heading
            self.cards = cards
        }
    }

    /// The days with cards, in order.
    public var days: [Day]
    /// How many cards a row holds as asked.
    public var columns: Int
    /// The width the rows must fit on a terminal, in columns.
    public var width: Int
    /// The line under a page's heading (the days shown).
    public var lead: String
    /// The count line (`5 events`), in the user's words.
    public var count: String
    /// What is said when there is no card, in the user's words.
    public var empty: String
    /// One row per card for people (`markdown`), made when asked.
    public var people: () -> Table
    /// One row per card for machines, and under a page's cards, made when asked.
    public var machines: () -> Table

    /// Cards under day headings.
    public init(
        days: [Day], columns: Int, width: Int, lead: String, count: String, empty: String,
        people: @escaping () -> Table, machines: @escaping () -> Table
    ) {
        self.days = days
        self.columns = columns
        self.width = width
        self.lead = lead
        self.count = count
        self.empty = empty
        self.people = people
        self.machines = machines
    }

    /// The narrowest text inside a card: below it the row holds fewer cards.
    public static let narrowestText = 12
    /// The narrowest the image's name is shown beside the person and hours; narrower, it goes above them.
    static let narrowestImage = 6

    /// The cards a row holds: as many as asked, or fewer (at least one) when the text inside each
    /// would be narrower than `narrowestText`.
    public static func columnsThatFit(_ columns: Int, width: Int) -> Int {
        var count = max(columns, 1)
        while count > 1 && textWidth(count, width: width) < narrowestText { count -= 1 }
        return count
    }

    /// The width of the text inside a card when a row holds `count` cards one space apart.
    static func textWidth(_ count: Int, width: Int) -> Int { (width - (count - 1)) / count - 4 }

    /// The cards drawn for a terminal: each day's heading, its cards a row at a time, the count line.
    func terminalText() -> String {
        guard !days.isEmpty else { return empty + "\n" }
        let count = Self.columnsThatFit(columns, width: width)
        let inner = max(Self.textWidth(count, width: width), Self.narrowestText)
        var out = ""
        for (number, day) in days.enumerated() {
            if number > 0 { out += "\n" }
            out += Renderer.singleLine(day.heading) + "\n"
            var start = 0
            while start < day.cards.count {
                let row = day.cards[start..<min(start + count, day.cards.count)]
                out += Self.row(row.map { Self.lines($0, inner: inner) }, inner: inner)
                start += count
            }
        }
        return out + self.count + "\n"
    }

    /// The lines inside one card, each at most `inner` columns wide: the title; the image with the
    /// person, hours and note beside it (the hours never cut); the text.
    package static func lines(_ card: Card, inner: Int) -> [String] {
        let needed = max(DisplayWidth.of(card.hours), card.note.map(DisplayWidth.of) ?? 0)
        func details(_ width: Int) -> [String] {
            let person = card.person.map { TextWrap.lines(Renderer.singleLine($0), width: width) } ?? []
            return (person + [card.hours] + (card.note.map { [$0] } ?? [])).map { DisplayWidth.truncate($0, to: width) }
        }
        var lines = TextWrap.lines(Renderer.singleLine(card.title), width: inner)
        if let image = card.image {
            let label = "[" + Renderer.singleLine(image) + "]"
            let left = min(DisplayWidth.of(label), inner / 2, inner - 2 - needed)
            if left >= narrowestImage {
                // Beside each other, as in the app: the image on the left, the person and hours right of it.
                let picture = DisplayWidth.truncate(label, to: left)
                let indent = String(repeating: " ", count: left + 2)
                for (index, detail) in details(inner - left - 2).enumerated() {
                    lines.append(
                        index == 0
                            ? DisplayWidth.pad(picture, to: left + 2, alignment: .left) + detail : indent + detail)
                }
            } else {
                lines.append(DisplayWidth.truncate(label, to: inner))
                lines += details(inner)
            }
        } else {
            lines += details(inner)
        }
        if let info = card.info {
            lines += TextWrap.lines(Renderer.singleLine(info), width: inner)
        }
        return lines
    }

    /// Cards drawn side by side, each `inner` columns of text wide, all as tall as the tallest.
    package static func row(_ cards: [[String]], inner: Int) -> String {
        let height = cards.map(\.count).max() ?? 0
        let border = String(repeating: "─", count: inner + 2)
        var out = cards.map { _ in "╭" + border + "╮" }.joined(separator: " ") + "\n"
        for line in 0..<height {
            out +=
                cards.map { card in
                    let text = line < card.count ? card[line] : ""
                    return "│ " + DisplayWidth.pad(text, to: inner, alignment: .left) + " │"
                }.joined(separator: " ") + "\n"
        }
        return out + cards.map { _ in "╰" + border + "╯" }.joined(separator: " ") + "\n"
    }
}

extension Renderer {
    /// Cards in this renderer's format.
    public func render(_ cards: Cards) -> String {
        output.cards(cards)
    }
}
