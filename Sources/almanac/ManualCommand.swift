import AlmanacArguments
import AlmanacKinds
import AlmanacKit

/// `almanac __man`, hidden: the man page, written from the commands' own help (their abstracts,
/// discussions, options and examples) in the help's language. `make install` runs it.
enum ManualCommand {
    /// The page, in man(7).
    static func page() -> String {
        let paths = CommandTree.allPaths
        let commands = paths.dropFirst().compactMap {
            entry($0, withExamples: !(CommandTree.spec(at: $0)?.isGroup ?? true))
        }
        guard let root = entry([], withExamples: true) else { return "" }
        return ManualPage.render(
            root: root, commands: commands, globals: CommandTree.globals, version: AlmanacVersion.current,
            localizer: HelpText.localizer)
    }

    private static func entry(_ path: [String], withExamples: Bool) -> ManualPage.Command? {
        guard let spec = CommandTree.spec(at: path) else { return nil }
        let examples = withExamples ? CommandTree.examples(at: path).map { (note: $0.note, line: $0.line) } : []
        let reference = CommandTree.type(at: path)?.configuration.reference ?? ""
        return ManualPage.Command(
            spec: spec, discussion: spec.discussion + (reference.isEmpty ? "" : "\n\n" + reference),
            examples: examples)
    }
}
