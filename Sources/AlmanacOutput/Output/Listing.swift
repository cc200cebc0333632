/// Rows written as they are read, too many to hold (an agenda over any range), worded for people or
/// for machines as the format asks, or shown as cards made whole on a page.
///
/// - `table`, `markdown`: the rows for people (sections under headings, a count line).
/// - `csv`, `tsv`, `json`: the rows for machines.
/// - `html`: `cards()` when the listing has them, else the rows for people.
public protocol Listing {
    /// The head of the rows for `audience`.
    func head(for audience: Audience) -> Table.Head
    /// Writes every row for `audience` to `writer`, people's under their headings, and returns the
    /// number the count line states (nil: the rows).
    func write(for audience: Audience, to writer: TableWriter) throws -> Int?
    /// The listing as cards, read whole; nil when it has none.
    func cards() throws -> Cards?
}

extension Renderer {
    /// Writes a listing to `output` in this renderer's format, as it is read.
    public func write(_ listing: any Listing, to output: OutputWriter) throws {
        _ = try self.output.write(listing, to: output)
    }

    /// A listing in this renderer's format, held whole.
    public func render(_ listing: any Listing) throws -> String {
        var inMemory = self
        inMemory.heldBytes = .max
        return try inMemory.output.write(listing, to: nil)
    }

    /// The listing's rows for `audience` through a `TableWriter` to `output`, or kept and returned.
    package func stream(_ listing: any Listing, for audience: Audience, to output: OutputWriter?) throws -> String {
        let writer = try TableWriter(self, head: listing.head(for: audience), output: output)
        let count = try listing.write(for: audience, to: writer)
        try writer.finish(count: count)
        return output == nil ? writer.text : ""
    }

    /// Text written to `output`, or returned when there is none.
    package func send(_ text: String, to output: OutputWriter?) throws -> String {
        guard let output else { return text }
        try output.write(text)
        return ""
    }
}
