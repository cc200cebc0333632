import Foundation
import TestSupport
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// Raw mode on a real (pseudo) terminal: keys one at a time without echo, and the settings found
/// before put back exactly.
@Suite(.serialized) struct RawModeTests {
    @Test func rawModeTurnsOffLinesAndEchoAndRestoresEverything() throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        let raw = try RawMode(descriptor: pty.terminal)
        let during = pty.settings()
        #expect(during.c_lflag & tcflag_t(ICANON) == 0)
        #expect(during.c_lflag & tcflag_t(ECHO) == 0)
        #expect(during.c_lflag & tcflag_t(ISIG) != 0, "Ctrl-C still interrupts")
        #expect(during.c_oflag == before.c_oflag, "output processing stays")
        raw.restore()
        #expect(bytes(of: pty.settings()) == bytes(of: before))
        raw.restore()
        #expect(bytes(of: pty.settings()) == bytes(of: before))
    }

    @Test func releasingRawModeRestoresToo() throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        do {
            let raw = try RawMode(descriptor: pty.terminal)
            _ = raw
        }
        #expect(bytes(of: pty.settings()) == bytes(of: before))
    }

    @Test func keysArriveOneAtATime() throws {
        let pty = try PseudoTerminal()
        let raw = try RawMode(descriptor: pty.terminal)
        defer { raw.restore() }
        #expect(try raw.readKey(timeout: 0.05) == nil)
        pty.type(" q\u{1B}[Aй\r")
        var keys: [Key] = []
        while let key = try raw.readKey(timeout: 0.5) {
            keys.append(key)
            if keys.count == 5 { break }
        }
        #expect(keys == [.character(" "), .character("q"), .up, .character("й"), .enter])
        #expect(pty.output().isEmpty, "nothing typed is echoed")
    }

    @Test func aPipeIsNotATerminal() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let error = try #require(throws: AlmanacError.self) { try RawMode(descriptor: ends[0]) }
        #expect(error.failure == .missingInput)
        #expect(!RawMode.isTerminal(ends[0]))
    }

    @Test func aSignalRestoresTheTerminalAndTheScreen() throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        let raw = try RawMode(descriptor: pty.terminal)
        let screen = try FullScreen(output: pty.terminal)
        _ = pty.output()
        // What the handler does on SIGINT before the signal's default action ends the program.
        TerminalRestoration.leave()
        #expect(bytes(of: pty.settings()) == bytes(of: before))
        #expect(pty.output().contains(FullScreen.Sequence.leave))
        // And after a stop (Ctrl-Z, then fg): raw again, full screen again.
        TerminalRestoration.enter()
        #expect(pty.settings().c_lflag & tcflag_t(ICANON) == 0)
        #expect(pty.output().contains(FullScreen.Sequence.enter))
        screen.close()
        raw.restore()
        #expect(bytes(of: pty.settings()) == bytes(of: before))
        #expect(pty.output() == FullScreen.Sequence.leave)
    }

    @Test func anIgnoredSignalStaysIgnored() throws {
        let pty = try PseudoTerminal()
        let before = signal(SIGQUIT, SIG_IGN)
        defer { signal(SIGQUIT, before) }
        let raw = try RawMode(descriptor: pty.terminal)
        #expect(TerminalRestoration.isIgnored(signal(SIGQUIT, SIG_IGN)))
        let interrupt = signal(SIGINT, SIG_DFL)
        signal(SIGINT, interrupt)
        #expect(interrupt != nil && !TerminalRestoration.isIgnored(interrupt), "SIGINT has the restoring handler")
        raw.restore()
        #expect(TerminalRestoration.isIgnored(signal(SIGQUIT, SIG_IGN)))
    }
}
