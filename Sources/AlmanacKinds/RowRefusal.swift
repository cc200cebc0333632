/// A row the database refused, in its kind's words (`KindDefinition.refusal`): the column at fault,
/// the message's translation key and its arguments (`import.error.door-exists` at `door`, with the
/// holiday).
package struct RowRefusal: Equatable, Sendable {
    /// The column's place among the kind's columns.
    package let column: Int
    /// The translation key of the message.
    package let key: String
    /// The message's placeholder values.
    package let arguments: [String: String]

    /// A refusal at `column`.
    package init(_ column: some ColumnIndex, _ key: String, _ arguments: [String: String] = [:]) {
        self.column = column.index
        self.key = key
        self.arguments = arguments
    }
}
