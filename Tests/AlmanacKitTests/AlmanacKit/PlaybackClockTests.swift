import Testing

@testable import AlmanacAnimation
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacViews

@Suite struct PlaybackClockTests {
    @Test func pausingStopsTimeAndResumingCarriesOn() {
        var clock = PlaybackClock(startingAt: 100)
        #expect(clock.elapsed(at: 101.5) == 1.5)
        clock.toggle(at: 101.5)
        #expect(clock.isPaused)
        #expect(clock.elapsed(at: 130) == 1.5, "nothing moves while paused")
        clock.toggle(at: 130)
        #expect(!clock.isPaused)
        #expect(clock.elapsed(at: 131) == 2.5, "resumes from the same frame")
    }

    @Test func theAnimationLoops() {
        let clock = PlaybackClock(startingAt: 0)
        #expect(clock.position(at: 3.5, duration: 1.5) == 0.5)
        #expect(clock.position(at: 1, duration: 0) == 0)
    }

    @Test(arguments: [
        (Key.character(" "), SnowmanPlayer.Action.toggle), (.character("q"), .quit), (.character("Q"), .quit),
        (.character("й"), .quit), (.escape, .quit), (.interrupt, .quit), (.endOfInput, .quit),
        (.character("x"), .none), (.up, .none), (.enter, .none),
    ])
    func keys(_ key: Key, _ action: SnowmanPlayer.Action) {
        #expect(SnowmanPlayer.Action(key) == action)
    }
}
