import AlmanacOutput
import AlmanacQuiz

extension QuizCommand {
    /// Reads a key: a digit 1–4, `q` (or `й`, the same key on a Russian layout), Ctrl-D, Ctrl-C
    /// read as a byte, or Esc to leave, Enter or space to go on.
    public static func parse(key: Key) -> QuizCommand {
        switch key {
        case .character(let character):
            // ASCII digits only, as lines are read: "1"–"4" on any layout's number row.
            if let code = character.asciiValue, (49...52).contains(code) { return .choose(Int(code) - 48) }
            if "qQйЙ".contains(character) { return .quit }
            return character == " " ? .proceed : .unknown
        case .enter: return .proceed
        case .endOfInput, .interrupt, .escape: return .quit
        default: return .unknown
        }
    }
}
