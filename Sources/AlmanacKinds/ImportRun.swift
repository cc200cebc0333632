import AlmanacStore
import AlmanacText

/// What an import gives each kind's rules besides the row (`KindDefinition.importContext`): the
/// database it writes, the zone of times written without an offset, today and now.
package struct ImportRun {
    /// The database, inside the import's transaction (rows of the run's earlier files included).
    package let database: Database
    /// The user's zone (`--tz`).
    package let zone: Zone
    /// Today in that zone.
    package let today: LocalDate
    /// The moment the import began, in whole seconds since 1970.
    package let now: Int64
    /// The kinds whose rows have ids SQLite gives, as messages list them (a `last-ids` row names one).
    package let kindsWithIDs: [ImportKind]

    /// A run's values.
    package init(database: Database, zone: Zone, today: LocalDate, now: Int64, kindsWithIDs: [ImportKind]) {
        self.database = database
        self.zone = zone
        self.today = today
        self.now = now
        self.kindsWithIDs = kindsWithIDs
    }
}
