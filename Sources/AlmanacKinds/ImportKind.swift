/// The name of a kind of CSV file Almanac imports and exports (`books`, `quiz-answers`). Each world
/// names its kinds beside their definitions (`extension ImportKind { static let books }`), and the
/// registry above the worlds (`KindRegistry`) lists the definitions: a new world adds its kinds
/// without editing a list of names here.
public struct ImportKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name, as the command line, file names and messages spell it.
    public let rawValue: String

    /// The kind of that name, known or not (`KindRegistry.kind(named:)` looks a word up).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The file `import DIR` looks for, and `export DIR` writes (`quiz-answers.csv`).
    public var fileName: String { rawValue + ".csv" }

    /// The name.
    public var description: String { rawValue }
}
