import Foundation
import TestSupport
import Testing

@testable import AlmanacCalendar
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// `calendar reset` asks on a terminal and needs --yes anywhere else; `open` and `show` as text.
@Suite struct CalendarSessionTests {
    static func session(_ sample: SampleDatabase, _ locale: String = "en", format: OutputFormat = .table) throws
        -> CalendarSession
    {
        try CalendarSession(settings: sample.settings(locale, format: format), terminal: .pipe, environment: [:])
    }

    @Test func resetAsksOnATerminal() throws {
        let sample = try SampleDatabase()
        let session = try Self.session(sample)
        _ = try session.open(["christmas", "1"])
        let pty = try PseudoTerminal()
        pty.type("n\n")
        #expect(
            try session.reset("christmas", yes: false, input: pty.terminal, prompt: pty.terminal)
                == "Nothing closed; Christmas stays as it was.\n")
        #expect(pty.output().contains("Close every door of Christmas? [y/N] "))
        #expect(try session.calendar.view("christmas").opened == [1])
        pty.type("y\n")
        #expect(
            try session.reset("christmas", yes: false, input: pty.terminal, prompt: pty.terminal)
                == "Every door of Christmas is closed again (1 door closed).\n")
        #expect(try session.calendar.view("christmas").opened.isEmpty)
    }

    @Test func resetWithoutATerminalNeedsYes() throws {
        let sample = try SampleDatabase()
        let session = try Self.session(sample)
        _ = try session.open(["christmas", "1"])
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let error = try #require(throws: AlmanacError.self) {
            try session.reset("christmas", yes: false, input: ends[0])
        }
        #expect(error.failure == .usage)
        #expect(error.key == "calendar.error.reset-needs-yes")
        #expect(try session.calendar.view("christmas").opened == [1])
        #expect(
            try session.reset("christmas", yes: true, input: ends[0])
                == "Every door of Christmas is closed again (1 door closed).\n")
    }

    @Test func openingRecordsTheReplayedDay() throws {
        let sample = try SampleDatabase()
        let session = try Self.session(sample)
        let clock = Instant.parse("2031-06-01T14:05:09Z")!
        let outcome = try session.open(["hanukkah", "1"], clock: clock)
        #expect(outcome.failure == nil)
        #expect(outcome.output.hasPrefix("Door 1 of Hanukkah: A blue and white candle\nHanukkah: 1 of 24 doors open\n"))
        // --today 2025-12-22 with the clock's time of day.
        #expect(try session.calendar.view("hanukkah").door(1)?.openedAt == Instant.parse("2025-12-22T14:05:09Z"))
    }

    @Test func aRefusalInAMachineFormatPrintsNothing() throws {
        let sample = try SampleDatabase()
        let outcome = try Self.session(sample, format: .json).open(["christmas", "4"])
        #expect(outcome.output.isEmpty)
        #expect(outcome.failure?.description == "Door 4 is not ready: open door 1 first")
        #expect(outcome.failure?.failure == .invalidData)
    }
}
