/// The value lists completion computes when asked, by the name a command declares
/// (`almanac __complete holidays`). Lists that come from the database read the one given by `--db`
/// (else `$ALMANAC_DB`, else `./almanac.db`) when it exists, and never create or change anything.
public enum CompletionList: String, CaseIterable, Sendable {
    /// The kinds of `import` and `export` (`books`, `events`, …).
    case kinds
    /// `import`'s arguments: a kind or a directory first, then files.
    case importArguments = "import-arguments"
    /// The holidays' keys.
    case holidays
    /// The saved animation settings' names.
    case settings
    /// The animation properties' keys (`animation step NAME KEY`).
    case properties
    /// `KEY=` for each animation property (`--set KEY=VALUE`).
    case propertyAssignments = "property-assignments"
    /// The report names (built in, and from `--reports-dir`).
    case reports
    /// `NAME=` for each parameter of the report named on the line (`--param NAME=VALUE`).
    case reportParameters = "report-parameters"
    /// The kinds and tables `schema` describes.
    case schemaNames = "schema-names"
    /// The languages Almanac speaks (`en`, `ru`).
    case locales
    /// The time-zone names of the system's tz database.
    case zones
}
