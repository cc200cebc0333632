/// One output format: how it writes each kind of value a world hands the renderer. The worlds build
/// values (a `Table`, a `Page`, a `ChangedRow`, a `Detail`, `Cards`, a `Listing`) and never ask which
/// format was chosen; `Renderer.output` picks the format's type, in the one switch over `OutputFormat`.
///
/// A new format is a type conforming to this protocol (or to `MachineFormat`, which words every value
/// as its rows for machines) and one case in `OutputFormat`, which the compiler then asks for in
/// `Renderer.output`.
package protocol Format {
    /// A writer of rows under `head`, as they come (a listing, a report, a query's result); an `html`
    /// page draws `chart` above them.
    func rows(_ head: Table.Head, chart: Chart?) -> any RowFormat
    /// Words, rows and pictures, as one screen or one page.
    func page(_ page: Page) -> String
    /// What a command changed: a sentence, or the row as it is now.
    func change(_ change: ChangedRow) -> String
    /// One thing in full (an event).
    func detail(_ detail: Detail) -> String
    /// Things as cards, under day headings.
    func cards(_ cards: Cards) -> String
    /// A listing written as it is read: the rows for people or for machines, or its cards made
    /// whole. Writes to `output`, or returns the text when there is none.
    func write(_ listing: any Listing, to output: OutputWriter?) throws -> String
}

/// Whom rows are worded for: people (localized words, sections under headings) or machines (stable
/// keys, plain values, one flat row per thing). A world whose rows differ builds both, or is asked
/// for one (`Listing`), and the format picks.
public enum Audience: Sendable {
    /// Localized words, sections under headings (`table`, `markdown`, `html`).
    case people
    /// Stable keys and plain values (`csv`, `tsv`, `json`).
    case machines
}

/// A format for machines (`csv`, `tsv`, `json`): every value is its rows for machines, in the same
/// keys and values whatever the locale; only `rows(_:chart:)` is its own.
package protocol MachineFormat: Format {
    /// The renderer whose settings the format writes with.
    var renderer: Renderer { get }
}

extension MachineFormat {
    package func page(_ page: Page) -> String {
        page.machineTables.map { renderer.render($0) }.joined()
    }

    package func change(_ change: ChangedRow) -> String { renderer.render(change.row) }

    package func detail(_ detail: Detail) -> String { renderer.render(detail.row) }

    package func cards(_ cards: Cards) -> String { renderer.render(cards.machines()) }

    package func write(_ listing: any Listing, to output: OutputWriter?) throws -> String {
        try renderer.stream(listing, for: .machines, to: output)
    }
}

/// `csv` and `tsv`, in the renderer's `SheetForm`.
package struct DelimitedOutput: MachineFormat {
    package let renderer: Renderer
    package let quoting: Bool

    package func rows(_ head: Table.Head, chart: Chart?) -> any RowFormat {
        quoting
            ? DelimitedFormat.csv(head, renderer.sheet, renderer.localizer)
            : DelimitedFormat.tsv(head, renderer.sheet, renderer.localizer)
    }

    /// The page's tables one after another; a byte-order mark only before the first.
    package func page(_ page: Page) -> String {
        var after = renderer
        after.sheet.bom = false
        return page.machineTables.enumerated().map { ($0.offset == 0 ? renderer : after).render($0.element) }.joined()
    }
}

/// `json`.
package struct JSONOutput: MachineFormat {
    package let renderer: Renderer

    package func rows(_ head: Table.Head, chart: Chart?) -> any RowFormat { JSONFormat(head) }
}

extension Renderer {
    /// The type of this renderer's format: the one place a format is chosen.
    package var output: any Format {
        switch format {
        case .table: TableOutput(renderer: self)
        case .markdown: MarkdownOutput(renderer: self)
        case .csv: DelimitedOutput(renderer: self, quoting: true)
        case .tsv: DelimitedOutput(renderer: self, quoting: false)
        case .json: JSONOutput(renderer: self)
        case .html: HTMLOutput(renderer: self)
        }
    }
}
