import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput

/// Lines from a descriptor: the answers of a scripted game.
@Suite struct LineReaderTests {
    @Test func linesArriveWithoutTheirEnds() throws {
        let pipe = TestPipe()
        pipe.write("1\r\n\nq\nлиния\nlast")
        pipe.closeWriting()
        let lines = LineReader(descriptor: pipe.reading)
        var read: [String] = []
        while let line = try lines.next() { read.append(line) }
        #expect(read == ["1", "", "q", "линия", "last"])
        #expect(try lines.next() == nil)
    }

    @Test func longInputArrivesInPieces() throws {
        let pipe = TestPipe()
        let line = String(repeating: "ё", count: 5_000)
        pipe.write(line + "\n" + line)
        pipe.closeWriting()
        let lines = LineReader(descriptor: pipe.reading)
        #expect(try lines.next() == line)
        #expect(try lines.next() == line)
        #expect(try lines.next() == nil)
    }
}
