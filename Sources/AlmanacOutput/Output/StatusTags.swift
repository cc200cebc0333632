import AlmanacText

/// The statuses reports and commands mark rows with: the stable value machines read, the words
/// people read (`status.VALUE` in the translations), a symbol, and the colour a terminal shows.
/// The symbol and the words say everything the colour says, so nothing is lost without colour.
public enum StatusTags {
    /// Symbol and colour for each known status value.
    public static let known: [String: (symbol: String?, role: Table.ColorRole?)] = [
        // Book loans
        "overdue": ("✗", .alert),
        "due-soon": ("!", .warning),
        "on-loan": (nil, nil),
        "returned": ("✓", .success),
        // Advent calendars
        "complete": ("✓", .success),
        "in-progress": (nil, nil),
        "not-started": (nil, .muted),
        // Animation settings
        "default": (nil, .muted),
        "custom": (nil, nil),
        "off-grid": ("✗", .alert),
        "out-of-range": ("✗", .alert),
        // Quiz answers
        "right": ("✓", .success),
        "wrong": ("✗", .alert),
    ]

    /// The tag for a status value; a value Almanac does not know is shown as it is, uncoloured.
    public static func tag(_ value: String, _ localizer: Localizer) -> Table.Tag {
        guard let style = known[value] else { return Table.Tag(value: value, label: value) }
        let key = "status." + value
        return Table.Tag(
            value: value, label: localizer.hasKey(key) ? localizer(key) : value, symbol: style.symbol, role: style.role)
    }
}
