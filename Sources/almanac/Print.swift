import AlmanacKinds
import AlmanacKit
import AlmanacOutput

/// What the commands print, through AlmanacKit's checked writers: standard output is buffered and
/// flushed once the command is done (a failed write is exit 74, a closed pipe ends quietly);
/// standard error is written at once.
enum Print {
    /// Text on standard output, as it is.
    static func out(_ text: String) throws {
        try OutputWriter.standardOutput.write(text)
    }

    /// A line on standard output.
    static func line(_ text: String = "") throws {
        try OutputWriter.standardOutput.write(text + "\n")
    }

    /// A line of words on standard error (a note, a summary), its control characters escaped; what
    /// standard output holds so far is written first, so a terminal shows both in order.
    static func note(_ line: String) throws {
        try OutputWriter.standardOutput.flush()
        try OutputWriter.standardError.writeLine(quoting: line)
    }
}
