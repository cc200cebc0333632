import AlmanacAnimation
import AlmanacBooks
import AlmanacCalendar
import AlmanacEvents
import AlmanacKinds
import AlmanacQuiz

/// Every kind Almanac imports and exports, by its definition: the one list a new world adds its kinds
/// to. Everything else about a kind (its name, table, columns, rules and the importer's and exporter's
/// special cases) is in its definition, in its world's own target.
package enum KindRegistry {
    /// The kinds, each after the kinds it refers to (`KindDefinition.refersTo`) and the last ids after
    /// every kind with ids: the order `import DIR` loads files in and `export DIR` writes them
    /// (`KindRegistryTests`).
    static let entries: [Entry] = [
        Entry(HolidayKind.self),
        Entry(DoorKind.self),
        Entry(CalendarStateKind.self),
        Entry(CountryKind.self),
        Entry(QuizAnswerKind.self),
        Entry(PropertyKind.self),
        Entry(SettingKind.self),
        Entry(EventKind.self),
        Entry(LibrarySettingKind.self),
        Entry(BookKind.self),
        Entry(NoticeKind.self),
        Entry(LastIDKind.self),
    ]

    /// One kind: its definition, and its rules as an import runs them.
    struct Entry: Sendable {
        let definition: any KindDefinition.Type
        /// The rules for one import, made here, where the kind is a type: the compiler specializes
        /// them for the importer's rows (`KindRows`).
        let rules: @Sendable (ImportRun) throws -> any RowRules

        init<Kind: KindDefinition>(_ kind: Kind.Type) {
            definition = kind
            rules = { run in KindRows<Kind>(context: try Kind.importContext(run)) }
        }
    }

    /// The kinds in registry order.
    package static let kinds: [ImportKind] = entries.map { $0.definition.kind }

    private static let byKind: [ImportKind: Entry] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.definition.kind, $0) })

    /// The kind a word names, or nil for a word that names none.
    package static func kind(named name: String) -> ImportKind? {
        let kind = ImportKind(rawValue: name)
        return byKind[kind] == nil ? nil : kind
    }

    /// The entry of a kind; every kind there is has one.
    static func entry(_ kind: ImportKind) -> Entry {
        guard let entry = byKind[kind] else { preconditionFailure("no kind \(kind.rawValue) in the registry") }
        return entry
    }

    /// The kinds as `--help`, completion and messages list them: the twelve first kinds in the order
    /// they have always been listed (the five worlds' data, then the state a whole database carries),
    /// then any later kind in registry order. A new world adds nothing here.
    package static let listed = ordered(
        [
            .holidays, .doors, .events, .countries, .quizAnswers, .animationProperties, .animationSettings, .books,
            .calendarState, .overdueNotices, .lastIDs, .librarySettings,
        ], thenTheRestOf: kinds)

    /// The kinds whose rows have ids SQLite gives (an `.id` column), in the order the `last-ids` rule
    /// has always named them, then any later kind in registry order.
    package static let kindsWithIDs = ordered(
        [.books, .events, .quizAnswers, .animationSettings],
        thenTheRestOf: kinds.filter { entry($0).definition.specs.contains { $0.type == .id } })

    /// Those of `all` that `first` names, in its order, then the others in theirs.
    private static func ordered(_ first: [ImportKind], thenTheRestOf all: [ImportKind]) -> [ImportKind] {
        first.filter(all.contains) + all.filter { !first.contains($0) }
    }
}
