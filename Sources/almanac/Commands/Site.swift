import AlmanacKit
import ArgumentParser

/// `almanac site DIR [--force]`: every page and an index, as static files.
struct Site: ParsableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        abstract: localized("help.site.abstract"),
        discussion: localized("help.site.discussion"))

    static let examples = [Example("almanac site public", "example.site")]

    static let formats: [FormatOption] = [.html]

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(localized("help.site.dir"), valueName: "dir"), completion: .directory)
    var dir: String

    @Flag(name: .long, help: ArgumentHelp(localized("help.site.force")))
    var force = false

    func run() throws {
        let settings = try global.settings()
        let files = try AlmanacKit.Site(settings: settings).publish(into: dir, force: force)
        try Print.note(settings.localizer("site.done", ["count": String(files.count), "path": dir]))
    }
}
