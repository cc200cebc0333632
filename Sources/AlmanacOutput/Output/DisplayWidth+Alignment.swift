import AlmanacText

extension DisplayWidth {
    /// Text followed (or preceded) by spaces up to `width` columns.
    public static func pad(_ text: String, to width: Int, alignment: Table.Alignment) -> String {
        let gap = String(repeating: " ", count: max(0, width - of(text)))
        return alignment == .right ? gap + text : text + gap
    }
}
