import AlmanacKinds

/// Event fields as typed on the command line, for `events add` and `events edit`: each becomes the
/// text of its `events` column, and the event is checked by the events kind's rules, as an import's
/// row is: a title, ISO 8601 date-times with an optional offset (else read in `--tz`, a time in a
/// daylight-saving gap moved forward by it and one in an overlap taken at its earlier instant), or
/// plain days for an all-day event, and an end not before the start. An empty person, image or
/// description clears it.
public struct EventEdit: Sendable {
    /// A new title.
    public var title: String?
    /// A new start, as typed (`2025-12-22T16:30`, or `2025-12-24` for the whole day).
    public var at: String?
    /// A new end, as typed; empty clears it (for an all-day event: its last day).
    public var ends: String?
    /// A new person; empty clears it.
    public var person: String?
    /// A new image; empty clears it.
    public var image: String?
    /// A new description; empty clears it.
    public var description: String?

    /// An edit of the given fields (nil leaves a field as it is).
    public init(
        title: String? = nil, at: String? = nil, ends: String? = nil, person: String? = nil, image: String? = nil,
        description: String? = nil
    ) {
        self.title = title
        self.at = at
        self.ends = ends
        self.person = person
        self.image = image
        self.description = description
    }

    /// True when no field is given.
    public var isEmpty: Bool { texts.isEmpty }

    /// The options that name each column in messages.
    package static let labels: [EventKind.Column: String] = [
        .title: "--title", .startsAt: "--at", .endsAt: "--ends", .person: "--person", .image: "--image",
        .description: "--description",
    ]

    /// The fields given, as the columns' text.
    package var texts: [EventKind.Column: String?] {
        let fields: [(EventKind.Column, String?)] = [
            (.title, title), (.startsAt, at), (.endsAt, ends), (.person, person), (.image, image),
            (.description, description),
        ]
        var texts: [EventKind.Column: String?] = [:]
        for (column, text) in fields { if let text { texts[column] = text } }
        return texts
    }
}
