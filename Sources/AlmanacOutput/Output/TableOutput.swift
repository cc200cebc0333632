import AlmanacText

/// `table`: what a terminal shows. Rows in a box (`BoxFormat`), a change as its sentence, a detail
/// as labelled lines, cards drawn side by side, and a world's pictures as their terminal drawings.
package struct TableOutput: Format {
    package let renderer: Renderer

    package func rows(_ head: Table.Head, chart: Chart?) -> any RowFormat { BoxFormat(head, renderer) }

    package func page(_ page: Page) -> String {
        page.sections.map { section in
            switch section {
            case .caption(let text), .words(let text): text + "\n"
            case .table(let table, let picture): picture?.terminal?() ?? renderer.render(table)
            case .sectioned(let sectioned):
                renderer.sectionedText(sectioned) + (sectioned.summary.map { $0 + "\n" } ?? "")
            case .picture(let picture): picture.terminal?() ?? ""
            }
        }.joined()
    }

    package func change(_ change: ChangedRow) -> String { change.sentence + "\n" }

    /// The title, the fields lined up under it, and the text wrapped to the terminal's width (as
    /// written when piped).
    package func detail(_ detail: Detail) -> String {
        let labelWidth = detail.fields.map { DisplayWidth.of($0.label) + 1 }.max() ?? 0
        var out = Renderer.singleLine(detail.title) + "\n"
        for field in detail.fields {
            out +=
                "  " + DisplayWidth.pad(field.label + ":", to: labelWidth, alignment: .left) + " "
                + Renderer.singleLine(field.value) + "\n"
        }
        guard detail.text != nil else { return out }
        out += "\n"
        for paragraph in detail.paragraphs {
            let lines = renderer.width.map { TextWrap.lines(paragraph, width: $0) } ?? [paragraph]
            out += (lines.isEmpty ? [""] : lines).joined(separator: "\n") + "\n"
        }
        return out
    }

    package func cards(_ cards: Cards) -> String { cards.terminalText() }

    package func write(_ listing: any Listing, to output: OutputWriter?) throws -> String {
        try renderer.stream(listing, for: .people, to: output)
    }
}
