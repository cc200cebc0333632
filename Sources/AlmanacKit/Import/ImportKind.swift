/// The kinds of CSV files Almanac imports and exports (PRODUCT.md, "CSV kinds"), each defined once
/// by its `KindDefinition` (`Sources/AlmanacKit/Kinds/`).
/// The first eight are the five worlds' data; the last four are the state a whole database carries
/// and the library's settings (`export DIR` writes them, so `import DIR` reproduces it).
public enum ImportKind: String, CaseIterable, Sendable {
    case holidays
    case doors
    case events
    case countries
    case quizAnswers = "quiz-answers"
    case animationProperties = "animation-properties"
    case animationSettings = "animation-settings"
    case books
    case calendarState = "calendar-state"
    case overdueNotices = "overdue-notices"
    case lastIDs = "last-ids"
    case librarySettings = "library-settings"

    /// The file `import DIR` looks for, and `export DIR` writes (`quiz-answers.csv`).
    public var fileName: String { rawValue + ".csv" }

    /// The order `import DIR` loads kinds in: every kind after the ones its rows refer to, and the
    /// last ids after every row that gave one.
    public static let dependencyOrder: [ImportKind] = [
        .holidays, .doors, .calendarState, .countries, .quizAnswers, .animationProperties, .animationSettings, .events,
        .librarySettings, .books,
        .overdueNotices, .lastIDs,
    ]

    /// The kind's definition.
    var definition: any KindDefinition.Type {
        switch self {
        case .holidays: HolidayKind.self
        case .doors: DoorKind.self
        case .calendarState: CalendarStateKind.self
        case .events: EventKind.self
        case .countries: CountryKind.self
        case .quizAnswers: QuizAnswerKind.self
        case .animationProperties: PropertyKind.self
        case .animationSettings: SettingKind.self
        case .books: BookKind.self
        case .overdueNotices: NoticeKind.self
        case .lastIDs: LastIDKind.self
        case .librarySettings: LibrarySettingKind.self
        }
    }

    /// The table rows go into.
    var table: String { definition.table }

    /// True for kinds whose rows the importer checks by exactly their table's CHECK constraints, so
    /// that SQLite need not evaluate those again for its bulk rows (`Importer.withChecksSkipped`);
    /// `CheckBypassTests` holds the two together, reading the CHECKs from the schema.
    var checkedByTheImporter: Bool { self == .books || self == .events }

    /// The columns of the kind's file, in the order export writes them (animation-settings has one
    /// per property after these).
    public var fileColumns: [ImportColumn] { definition.specs.filter { $0.header != nil }.map(\.importColumn) }

    /// Every column of the kind as header matching sees it, in insert order (those files do not have
    /// included; animation-settings has one per property after these).
    var importColumns: [ImportColumn] { definition.specs.map(\.importColumn) }

    /// The columns as `--help` shows them: required ones marked `*` (animation-settings: its own,
    /// which a property key column per property follows).
    public var helpColumns: String {
        fileColumns.map { $0.name + ($0.required ? "*" : "") }.joined(separator: ", ")
    }
}
