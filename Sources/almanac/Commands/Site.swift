import AlmanacArguments
import AlmanacKinds
import AlmanacKit

/// `almanac site DIR [--force]`: every page and an index, as static files.
struct Site: RunnableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        "site",
        abstract: localized("help.site.abstract"),
        discussion: localized("help.site.discussion"))

    static let examples = [Example("almanac site public", "example.site")]

    static let formats: [FormatOption] = [.html]

    let global: GlobalOptions
    let dir: String
    let force: Bool

    init(_ line: ArgumentReader) {
        global = GlobalOptions(line)
        dir = line.argument("dir", help: "help.site.dir", completion: .directories)
        force = line.flag("--force", help: "help.site.force")
    }

    func run() throws {
        let settings = try global.settings()
        let site = try AlmanacKit.Site(settings: settings)
        for note in site.week.notes(settings.localizer) { try Print.note(note) }
        let files = try site.publish(into: dir, force: force)
        try Print.note(settings.localizer("site.done", ["count": String(files.count), "path": dir]))
    }
}
