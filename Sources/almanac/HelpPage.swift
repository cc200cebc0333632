import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import Foundation

/// A command's help: its help screen (`HelpScreen`) with its usage line folded to the width, then the
/// command's examples.
enum HelpPage {
    /// The help of the command at a path.
    static func text(for path: [String], width: Int = HelpPage.width) -> String {
        guard let spec = CommandTree.spec(at: path) else { return "" }
        let screen = HelpScreen.text(
            spec, width: width, globals: path.isEmpty ? CommandTree.globals : [],
            globalsNote: spec.isGroup ? "" : localized("help.globals.see"))
        var text = HelpLayout.foldingUsage(screen, width: width)
        while text.hasSuffix("\n") { text.removeLast() }
        let examples = CommandTree.examples(at: path)
        if !examples.isEmpty {
            text +=
                "\n\n"
                + HelpLayout.examples(
                    examples.map { ($0.line, $0.note) }, heading: localized("help.heading.examples"),
                    width: width)
        }
        return text + "\n"
    }

    /// What bare `almanac` prints: what it is, its commands, and where to read on.
    static func usage(width: Int = HelpPage.width) -> String {
        guard let spec = CommandTree.spec(at: []) else { return "" }
        return HelpScreen.usage(spec, width: width, more: localized("help.usage.more"))
    }

    /// The width help is laid out in: `COLUMNS`, else the terminal's, else 80.
    static var width: Int {
        let environment = ProcessInfo.processInfo.environment
        return Terminal.width(
            columns: environment["COLUMNS"], reported: Terminal.standardOutput(environment: environment).width)
    }
}
