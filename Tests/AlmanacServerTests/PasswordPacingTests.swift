import Testing

@testable import AlmanacServer

/// The pacing of wrong passwords, by address: its turns, and what resets them.
@Suite struct PasswordPacingTests {
    /// Five wrong tries in a row are free, then each waits twice as long as the last, after every turn
    /// taken; a turn more than 10 s away is refused; a right password resets only its own address.
    @Test func turnsGrowPerAddressAndARightPasswordResetsThem() {
        let pacing = PasswordPacing()
        for failure in 1...5 {
            #expect(pacing.turn("192.0.2.7") == .now)
            #expect(pacing.ended("192.0.2.7", right: false) == failure)
        }
        // Another address is not slowed by this one's failures.
        #expect(pacing.turn("198.51.100.1") == .now)
        pacing.ended("198.51.100.1", right: true)
        var waits: [Duration] = []
        while true {
            switch pacing.turn("192.0.2.7") {
            case .now: waits.append(.zero)
            case .after(let wait): waits.append(wait)
            case .refused(let wait):
                #expect(wait > PasswordPacing.longestWait)
                #expect(waits.count == 6, "\(waits)")
                // Each turn comes after the last one and its doubled delay: 0.25, 0.5, 1, 2, 4 s apart.
                for (earlier, later) in zip(waits.dropFirst(), waits.dropFirst(2)) {
                    #expect(later - earlier > .milliseconds(200))
                }
                #expect(waits.last! > .seconds(7) && waits.last! <= .seconds(8))
                pacing.ended("192.0.2.7", right: true)
                #expect(pacing.turn("192.0.2.7") == .now)
                return
            }
        }
    }

    /// Many tries at once from an address with no failures yet: only five go at once.
    @Test func triesUnderWayCountTowardTheFreeOnes() {
        let pacing = PasswordPacing()
        let turns = (0..<8).map { _ in pacing.turn("203.0.113.9") }
        #expect(turns.prefix(6).allSatisfy { $0 == .now })
        #expect(turns.dropFirst(6).allSatisfy { if case .after = $0 { true } else { false } }, "\(turns)")
    }

    @Test func theDelayDoublesUpToItsLongest() {
        #expect(PasswordPacing.delay(afterFailures: 4) == .zero)
        #expect(PasswordPacing.delay(afterFailures: 5) == .milliseconds(250))
        #expect(PasswordPacing.delay(afterFailures: 6) == .milliseconds(500))
        #expect(PasswordPacing.delay(afterFailures: 10) == .seconds(8))
        #expect(PasswordPacing.delay(afterFailures: Int.max) == .seconds(8))
    }
}
