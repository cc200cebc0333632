import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import Foundation

/// `--out FILE` and `--force` for the commands that print rows, and so pages (`--format html`, which
/// such a command declares in `Formatted.formats`). The output goes to FILE through the output guard
/// (never the database or an existing file unless `--force`; written beside it and renamed when
/// complete), else to standard output. A command that prints rows also takes `--delimiter`, `--bom`,
/// `--headers` and `--date-format` for `--format csv|tsv` (`SheetOptions`, as `export` does).
struct PageOptions: ArgumentGroup {
    let out: String?
    let force: Bool
    let sheet: SheetOptions

    /// `ownDateFormat`: the command declares `--date-format` for its own input (`SheetOptions`).
    init(_ line: ArgumentReader) { self.init(line, ownDateFormat: false) }

    init(_ line: ArgumentReader, ownDateFormat: Bool) {
        out = line.option("--out", value: "file", help: "help.page.out", completion: .files)
        force = line.flag("--force", help: "help.page.force")
        sheet = SheetOptions(line, ownDateFormat: ownDateFormat)
    }

    /// The global options resolved, the page titled by `page.title.TITLE`, csv and tsv in the form
    /// `--delimiter` and `--bom` ask for.
    func settings(_ global: GlobalOptions, _ title: String) throws -> Settings {
        var settings = try global.settings()
        settings.pageTitle = settings.localizer("page.title." + title)
        settings.sheet = try sheet.listing(settings)
        return settings
    }

    /// Runs `body` with where the command's output goes, so rows can be written as they come: the
    /// `--out` file (put in place once `body` returns), else standard output.
    func output<T>(_ settings: Settings, _ body: (OutputWriter) throws -> T) throws -> T {
        let output = try open(settings)
        let result = try body(output.writer)
        try output.commit()
        return result
    }

    /// Where the output goes, opened, with the call that puts an `--out` file in place once it is
    /// written (standard output needs nothing more); dropped uncommitted, the file is not made.
    func open(_ settings: Settings) throws -> (writer: OutputWriter, commit: () throws -> Void) {
        guard let out else { return (.standardOutput, {}) }
        var outputs = OutputGuard(database: settings.databasePath, force: force)
        let file = try outputs.claim(out, option: "--out").open()
        return (file.writer, file.commit)
    }

    /// Writes the command's output to `--out`, or to standard output without it.
    func write(_ settings: Settings, _ text: String) throws {
        try output(settings) { try $0.write(text) }
    }

    /// Where the output goes, as the renderer sees it: standard output (a terminal's width and
    /// colours), or a file, which is never cut or coloured.
    var terminal: Terminal {
        out == nil ? .standardOutput(environment: ProcessInfo.processInfo.environment) : .pipe
    }

    /// The renderer for the output (`terminal`).
    func renderer(_ settings: Settings) -> Renderer {
        Renderer(settings: settings, terminal: terminal, environment: ProcessInfo.processInfo.environment)
    }
}
