/// The output formats of every command that prints rows. Only the renderer reads which one was
/// chosen (`Renderer.output`, where a new case is asked for).
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, markdown, csv, tsv, json, html
}

/// When to colour output.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never
}
