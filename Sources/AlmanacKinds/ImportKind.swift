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
}
