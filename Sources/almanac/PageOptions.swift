import AlmanacKit
import ArgumentParser

/// `--out FILE` and `--force` for the commands that print rows, and so pages (`--format html`, which
/// such a command declares in `Formatted.formats`). The output goes to FILE through the output guard
/// (never the database or an existing file unless `--force`; written beside it and renamed when
/// complete), else to standard output.
struct PageOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(localized("help.page.out"), valueName: "file"), completion: .file())
    var out: String?

    @Flag(name: .long, help: ArgumentHelp(localized("help.page.force")))
    var force = false

    /// The global options resolved, the page titled by `page.title.TITLE`.
    func settings(_ global: GlobalOptions, _ title: String) throws -> Settings {
        var settings = try global.settings()
        settings.pageTitle = settings.localizer("page.title." + title)
        return settings
    }

    /// Writes the command's output to `--out`, or to standard output without it.
    func write(_ settings: Settings, _ text: String) throws {
        guard let out else { return try Print.out(text) }
        var outputs = OutputGuard(database: settings.databasePath, force: force)
        try outputs.write(out, option: "--out") { try $0.write(text) }
    }
}
