import AlmanacKit
import ArgumentParser
import Foundation

/// A command's help: swift-argument-parser's help screen with its usage line folded to the width,
/// then the command's examples.
enum HelpPage {
    /// The help of the command at a path.
    static func text(for path: [String], width: Int = HelpPage.width) -> String {
        guard let type = CommandTree.type(at: path) else { return "" }
        var text = HelpLayout.foldingUsage(Almanac.helpMessage(for: type, columns: width), width: width)
        while text.hasSuffix("\n") { text.removeLast() }
        let examples = CommandTree.examples(at: path)
        if !examples.isEmpty {
            text += "\n\n" + HelpLayout.examples(examples.map { ($0.line, $0.note) }, heading: localized("help.heading.examples"),
                width: width)
        }
        return text + "\n"
    }

    /// The width help is laid out in: `COLUMNS`, else the terminal's, else 80 (as the parser measures).
    static var width: Int {
        let environment = ProcessInfo.processInfo.environment
        return Terminal.width(columns: environment["COLUMNS"], reported: Terminal.standardOutput(environment: environment).width)
    }
}
