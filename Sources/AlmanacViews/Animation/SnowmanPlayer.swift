import AlmanacAnimation
import AlmanacKinds
import AlmanacOutput
import AlmanacText
import Foundation

/// `animation play`: the snowman animated on a terminal, looping, until `q`. The space bar pauses
/// and resumes (the state is shown at the bottom). It draws on the alternate screen with the cursor
/// hidden and the keyboard in raw mode, and puts all of that back when it ends, by `q`, by Ctrl-C
/// or by a signal.
public final class SnowmanPlayer {
    /// What a key does.
    public enum Action: Equatable, Sendable {
        /// Pause or resume.
        case toggle
        /// Stop playing.
        case quit
        /// Nothing.
        case none

        /// Space pauses or resumes; `q`, Escape, Ctrl-C (as a byte) and Ctrl-D quit.
        public init(_ key: Key) {
            switch key {
            case .character(" "): self = .toggle
            case .character("q"), .character("Q"), .character("й"), .character("Й"), .escape, .interrupt, .endOfInput:
                self = .quit
            default: self = .none
            }
        }
    }

    private let setting: AnimationSetting
    private let timeline: Timeline
    private let localizer: Localizer
    private let styling: Styling
    private let input: Int32
    private let output: Int32
    private let fps: Int

    /// A player for a setting's timeline, reading keys from `input` and drawing on `output`.
    public init(
        setting: AnimationSetting, timeline: Timeline, localizer: Localizer, styling: Styling,
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, fps: Int = 20
    ) {
        self.setting = setting
        self.timeline = timeline
        self.localizer = localizer
        self.styling = styling
        self.input = input
        self.output = output
        self.fps = max(1, fps)
    }

    /// Plays until quit; the terminal is restored however it ends.
    public func run() throws {
        let keyboard = try RawMode(descriptor: input)
        defer { keyboard.restore() }
        let screen = try FullScreen(output: output)
        defer { screen.close() }
        var clock = PlaybackClock(startingAt: Self.now())
        while true {
            let now = Self.now()
            let size = FullScreen.size(of: output) ?? (rows: 24, columns: 80)
            try screen.draw(
                frame(
                    at: clock.position(at: now, duration: timeline.duration), paused: clock.isPaused,
                    rows: size.rows, columns: size.columns))
            // While paused nothing moves: wake up only to notice a key or a resized window.
            guard let key = try keyboard.readKey(timeout: clock.isPaused ? 0.25 : 1 / Double(fps)) else { continue }
            switch Action(key) {
            case .quit: return
            case .toggle: clock.toggle(at: Self.now())
            case .none: continue
            }
        }
    }

    /// One screen: the snowman's canvas, then a status line and the keys.
    public func frame(at time: Double, paused: Bool, rows: Int, columns: Int) -> [String] {
        let canvas = SnowmanRenderer(rows: max(1, rows - 2), columns: columns, styling: styling).render(
            timeline.values(at: time))
        let formats = LocalizedFormats(localizer: localizer)
        let state = paused ? "‖ " + localizer("animation.play.paused") : "▶ " + localizer("animation.play.playing")
        let status = localizer(
            "animation.play.status",
            [
                "name": Renderer.singleLine(setting.name), "state": state,
                "time": formats.number(Timeline.rounded((time * 10).rounded() / 10)),
                "duration": formats.number(timeline.duration),
            ])
        let keys = localizer(paused ? "animation.play.keys-paused" : "animation.play.keys")
        return canvas + [DisplayWidth.truncate(status, to: columns), DisplayWidth.truncate(keys, to: columns)]
    }

    /// Seconds on a monotonic clock (not moved by changes to the wall clock).
    package static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    }
}
