import AlmanacArguments

/// Frames a second of the snowman's timeline and player, 1 to 60: `--fps N` on the command line and
/// `?fps=N` on its page convert through this one type, so both say the same thing of a wrong value.
public struct FrameRate: BoundedWholeNumber, Equatable {
    public static let least = 1
    public static let most = 60
    public let value: Int

    public init(checked number: Int) {
        value = number
    }
}
