/// `markdown`: a document for people. Rows as GitHub tables (`MarkdownFormat`), a change as its
/// sentence, a detail as a heading, a list and paragraphs; no pictures and no terminal captions.
package struct MarkdownOutput: Format {
    package let renderer: Renderer

    package func rows(_ head: Table.Head, chart: Chart?) -> any RowFormat { MarkdownFormat(head, renderer) }

    /// Words and tables in order, a blank line between words and a table (or the two run together).
    package func page(_ page: Page) -> String {
        var out = ""
        var lastWasWords: Bool?
        for section in page.sections {
            let text: String
            let isWords: Bool
            switch section {
            case .caption, .picture: continue
            case .words(let words): (text, isWords) = (words + "\n", true)
            case .table(let table, _): (text, isWords) = (renderer.render(table), false)
            case .sectioned(let sectioned): (text, isWords) = (renderer.sectionedText(sectioned), false)
            }
            if let lastWasWords, !(lastWasWords && isWords) { out += "\n" }
            out += text
            lastWasWords = isWords
        }
        return out
    }

    package func change(_ change: ChangedRow) -> String { change.sentence + "\n" }

    package func detail(_ detail: Detail) -> String {
        var out = "## " + Self.escape(detail.title) + "\n\n"
        out += detail.fields.map { "- **" + Self.escape($0.label) + ":** " + Self.escape($0.value) + "\n" }.joined()
        if detail.text != nil { out += "\n" + detail.paragraphs.map(Self.escape).joined(separator: "  \n") + "\n" }
        return out
    }

    package func cards(_ cards: Cards) -> String {
        cards.days.isEmpty ? cards.empty + "\n" : renderer.render(cards.people())
    }

    package func write(_ listing: any Listing, to output: OutputWriter?) throws -> String {
        try renderer.stream(listing, for: .people, to: output)
    }

    /// Text with Markdown's punctuation escaped, so a title such as `*New* year` stays as written.
    package static func escape(_ text: String) -> String {
        var out = ""
        for character in Renderer.singleLine(text) {
            if "\\`*_[]<>|~".contains(character) || (out.isEmpty && "#-+>=".contains(character)) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
