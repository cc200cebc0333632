import Foundation
import Glibc

/// A pipe whose ends are closed when it goes.
final class TestPipe {
    let reading: Int32
    let writing: Int32

    init() {
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        reading = ends[0]
        writing = ends[1]
    }

    deinit {
        close(reading)
        closeWriting()
    }

    func write(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(writing, $0.baseAddress, $0.count - 1) }
    }

    private var writingClosed = false
    func closeWriting() {
        guard !writingClosed else { return }
        writingClosed = true
        close(writing)
    }

    /// Everything written, once the writing end is closed.
    func readAll() -> String {
        closeWriting()
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(reading, &chunk, chunk.count)
            guard count > 0 else { break }
            data += chunk[0..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }
}
