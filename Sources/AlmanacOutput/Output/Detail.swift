/// One thing in full (an event): its title, labelled fields, a text of paragraphs, and its stored
/// row.
///
/// - `table`: the title, the fields lined up under it, and the text wrapped to the terminal's width.
/// - `markdown`: a `##` heading, a list of fields, and the text's paragraphs.
/// - `html`: a page titled `title` with `lead` under the heading, the row under titles in the user's
///   words, and the text's paragraphs.
/// - `csv`, `tsv`, `json`: the row.
public struct Detail {
    /// A labelled value.
    public struct Field {
        /// The label, in the user's words.
        public var label: String
        /// The value, in the user's words.
        public var value: String

        /// A field.
        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    /// The title.
    public var title: String
    /// The fields, in order.
    public var fields: [Field]
    /// The line under a page's heading (who and when).
    public var lead: String
    /// The text, its paragraphs one per line; nil when there is none (not even an empty one).
    public var text: String?
    /// The stored fields as one row.
    public var row: Table

    /// A detail.
    public init(title: String, fields: [Field], lead: String, text: String?, row: Table) {
        self.title = title
        self.fields = fields
        self.lead = lead
        self.text = text
        self.row = row
    }

    /// The text's paragraphs, each made one line (`Renderer.singleLine`); one empty one for no text.
    package var paragraphs: [String] {
        (text ?? "").split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
            Renderer.singleLine(String($0))
        }
    }
}

extension Renderer {
    /// A detail in this renderer's format.
    public func render(_ detail: Detail) -> String {
        output.detail(detail)
    }
}
