@testable import AlmanacKit
import Foundation
import Glibc
import Testing

extension TerminalTests {
    /// Raw mode on a pseudo-terminal, and keys and lines read from descriptors (nested in
    /// `TerminalTests`: one raw mode at a time).
    @Suite struct RawModeTests {
        @Test func rawModeTurnsOffLineBufferingAndEchoAndRestoresExactly() throws {
            let pty = try PseudoTerminal()
            let before = pty.settings()
            #expect(before.c_lflag & tcflag_t(ICANON) != 0)
            let output = TestPipe()
            let mode = try RawMode(descriptor: pty.terminal, output: output.writing, enter: "<enter>", leave: "<leave>")
            let raw = pty.settings()
            #expect(raw.c_lflag & tcflag_t(ICANON) == 0)
            #expect(raw.c_lflag & tcflag_t(ECHO) == 0)
            #expect(raw.c_lflag & tcflag_t(ISIG) != 0, "Ctrl-C must still interrupt")
            #expect(raw.c_oflag == before.c_oflag, "line ends are still translated on output")
            mode.restore()
            mode.restore()
            #expect(PseudoTerminal.same(pty.settings(), before))
            #expect(output.readAll() == "<enter><leave>")
        }

        @Test func droppingTheModeRestoresTheTerminal() throws {
            let pty = try PseudoTerminal()
            let before = pty.settings()
            do {
                _ = try RawMode(descriptor: pty.terminal, output: -1)
            }
            #expect(PseudoTerminal.same(pty.settings(), before))
        }

        @Test func onlyATerminalAndOnlyOneAtATime() throws {
            let pipe = TestPipe()
            #expect(!RawMode.isTerminal(pipe.reading))
            #expect(throws: AlmanacError.self) { try RawMode(descriptor: pipe.reading, output: -1) }
            let pty = try PseudoTerminal()
            #expect(RawMode.isTerminal(pty.terminal))
            let mode = try RawMode(descriptor: pty.terminal, output: -1)
            #expect(throws: AlmanacError.self) { try RawMode(descriptor: pty.terminal, output: -1) }
            mode.restore()
            try RawMode(descriptor: pty.terminal, output: -1).restore()
        }

        @Test func signalHandlersAreRemovedOnRestore() throws {
            var before = sigaction()
            sigaction(SIGINT, nil, &before)
            let pty = try PseudoTerminal()
            let mode = try RawMode(descriptor: pty.terminal, output: -1)
            var during = sigaction()
            sigaction(SIGINT, nil, &during)
            #expect(during.__sigaction_handler.sa_handler != nil)
            mode.restore()
            var after = sigaction()
            sigaction(SIGINT, nil, &after)
            let handler = { (action: sigaction) in action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } }
            #expect(handler(after) == handler(before))
        }

        @Test func keysArriveOneByOneFromARawTerminal() throws {
            let pty = try PseudoTerminal()
            let mode = try RawMode(descriptor: pty.terminal, output: -1)
            defer { mode.restore() }
            pty.type("2йq\r\u{1B}[A\u{04}")
            let keys = KeyReader(descriptor: pty.terminal)
            var read: [KeyReader.Key] = []
            for _ in 0..<6 { if let key = try keys.next(timeout: 2) { read.append(key) } }
            #expect(read == [.character("2"), .character("й"), .character("q"), .enter, .escape(Array("[A".utf8)), .control(4)])
            #expect(try keys.next(timeout: 0.05) == nil, "nothing more typed: the timeout passes")
        }

        @Test func keysFromAPipeEndWithTheInput() throws {
            let pipe = TestPipe()
            pipe.write("1\n\u{1B}x")
            pipe.closeWriting()
            let keys = KeyReader(descriptor: pipe.reading)
            #expect(try keys.next() == .character("1"))
            #expect(try keys.next() == .enter)
            #expect(try keys.next() == .escape(Array("x".utf8)))
            #expect(try keys.next() == .end)
        }

        @Test func linesArriveWithoutTheirEnds() throws {
            let pipe = TestPipe()
            pipe.write("1\r\n\nq\nlast")
            pipe.closeWriting()
            let lines = LineReader(descriptor: pipe.reading)
            var read: [String] = []
            while let line = try lines.next() { read.append(line) }
            #expect(read == ["1", "", "q", "last"])
            #expect(try lines.next() == nil)
        }
    }
}
