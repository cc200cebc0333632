/// What a command did to a row, naming the sentence it prints (`books.added`, `events.deleted`); with
/// `--format csv`, `tsv` or `json` the command prints the row itself instead.
public enum Change: String, Sendable, CaseIterable {
    case added, updated, returned, deleted, renamed
}
