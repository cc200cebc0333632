import AlmanacText
import Foundation

extension Confirmation {
    /// Whether a deletion may go ahead: `yes` (the command's `--yes`) says so at once; otherwise the
    /// question is asked on the terminal and only an explicit yes counts. Without a terminal to ask
    /// on, and without `--yes`, nothing is deleted: a usage error (exit 64) that says to add `--yes`.
    public static func allowsDeletion(
        _ question: String, yes: Bool, localizer: Localizer, input: Int32 = STDIN_FILENO,
        prompt: Int32 = STDERR_FILENO
    ) throws -> Bool {
        if yes { return true }
        guard RawMode.isTerminal(input) else { throw AlmanacError(.usage, "change.error.delete-needs-yes") }
        return try ask(question, input: input, output: prompt, localizer: localizer)
    }
}
