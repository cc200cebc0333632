import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacQuiz
@testable import AlmanacText

/// The checked writer every command's output goes through: bytes arrive whole and in order, and
/// every failure is seen, by the write or flush that meets it and by every one after.
@Suite struct OutputWriterTests {
    /// A pipe whose read end is drained on another thread.
    final class Drain: @unchecked Sendable {
        // `data` is written by the reading thread and read only after `wait()`.
        let read: Int32, write: Int32
        private var data: [UInt8] = []
        private let done = DispatchSemaphore(value: 0)

        init() {
            var ends: [Int32] = [0, 0]
            pipe(&ends)
            read = ends[0]
            write = ends[1]
            let source = read
            DispatchQueue.global().async { [self] in
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let count = Foundation.read(source, &chunk, chunk.count)
                    if count <= 0 { break }
                    data += chunk[..<count]
                }
                done.signal()
            }
        }

        func finish() -> [UInt8] {
            close(write)
            done.wait()
            close(read)
            return data
        }
    }

    @Test func bytesArriveWholeAndInOrderWhateverTheirSizes() throws {
        let drain = Drain()
        let writer = OutputWriter(descriptor: drain.write, capacity: 1000)
        var expected: [UInt8] = []
        var random = SeededRandom(seed: 7)
        for _ in 0..<300 {
            let size = Int(random.next() % 3000)
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ expected.count) }
            try writer.write(bytes)
            expected += bytes
        }
        try writer.write("Ёлка\n")
        expected += Array("Ёлка\n".utf8)
        try writer.synchronize()  // a pipe cannot be synchronized: flushed, EINVAL ignored
        #expect(drain.finish() == expected)
    }

    @Test func nothingIsWrittenBeforeTheFlushWhileTheBufferHoldsIt() throws {
        let drain = Drain()
        let writer = OutputWriter(descriptor: drain.write)
        try writer.write("kept")
        writer.discard()
        try writer.write("sent")
        try writer.flush()
        #expect(drain.finish() == Array("sent".utf8))
    }

    @Test func aFullDeviceFailsTheFlushAndEveryWriteAfterIt() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        defer { close(descriptor) }
        let writer = OutputWriter(descriptor: descriptor, path: "/dev/full")
        try writer.write("buffered")
        let expected = WriteFailure(stream: .file("/dev/full"), code: ENOSPC)
        #expect(throws: expected) { try writer.flush() }
        #expect(throws: expected) { try writer.write("more") }
        #expect(writer.failure == expected)
        #expect(expected.message(.english) == "/dev/full: cannot write: no space left on the device")
        #expect(
            expected.message(Localizer(locale: "ru"))
                == "/dev/full: не удаётся записать: на устройстве не осталось места")
    }

    @Test func aClosedPipeIsABrokenPipeOnStandardOutputOnly() throws {
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        close(ends[0])
        defer { close(ends[1]) }
        let writer = OutputWriter(descriptor: ends[1], flushesEachWrite: true)
        do {
            try writer.write("row\n")
            Issue.record("the write to a closed pipe succeeded")
        } catch let failure as WriteFailure {
            #expect(failure.code == EPIPE)
            #expect(failure.isBrokenPipe)
        }
        #expect(!WriteFailure(stream: .file("x.csv"), code: EPIPE).isBrokenPipe)
        #expect(!WriteFailure(stream: .standardOutput, code: ENOSPC).isBrokenPipe)
    }

    @Test func aLineQuotingDataStaysOneLineAndDrivesNoTerminal() throws {
        let drain = Drain()
        let writer = OutputWriter(descriptor: drain.write)
        try writer.writeLine(quoting: "value \u{1B}[2J\nnext\u{9B}")
        try writer.flush()
        #expect(String(decoding: drain.finish(), as: UTF8.self) == "value \\x1B[2J\\nnext\\x9B\n")
    }
}
