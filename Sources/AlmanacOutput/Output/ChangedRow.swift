/// What a command did to one row (a loan added, a holiday renamed): a sentence for people (`table`,
/// `markdown`), the row as it is now for machines (`csv`, `tsv`, `json`), so a script can read the new
/// id, and on a page (`html`) the row under titles in the user's words.
public struct ChangedRow {
    /// The sentence, in the user's words, without its newline.
    public var sentence: String
    /// The row: one row under the columns machines read.
    public var row: Table

    /// A change told by `sentence`, whose row is `row`.
    public init(sentence: String, row: Table) {
        self.sentence = sentence
        self.row = row
    }
}

extension Renderer {
    /// A change in this renderer's format, ending with a newline.
    public func render(_ change: ChangedRow) -> String {
        output.change(change)
    }
}
