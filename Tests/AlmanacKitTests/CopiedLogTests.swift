@testable import AlmanacKit
import CSQLite
import Foundation
import Testing

/// Which stretches of a write-ahead log a checkpoint has read in full (`CopiedLog`), and a large
/// commit letting them go (`Database.commitLettingCopiedLogGo`).
@Suite struct CopiedLogTests {
    static let page = 4096
    static let stretch = 1 << 20
    static let frames = 1_000  // about 3.9 stretches of log

    /// Where frame `k`'s page starts in the log.
    static func pageOffset(_ frame: Int) -> Int64 {
        CopiedLog.logHeaderSize + CopiedLog.frameHeaderSize + Int64(frame) * (CopiedLog.frameHeaderSize + Int64(page))
    }

    /// The stretches each frame has page bytes in, worked out byte by byte: the log's frames and the
    /// next 300, which would fill its last stretch.
    static func stretchesOfEachFrame() -> [[Int]] {
        (0..<frames + 300).map { frame in
            let start = pageOffset(frame), end = start + Int64(page)
            return Array(Int(start / Int64(stretch))...Int((end - 1) / Int64(stretch)))
        }
    }

    /// Reads `order`'s frames and returns the stretches released, in the order they were.
    static func release(reading order: some Sequence<Int>, into log: inout CopiedLog) -> [Int] {
        order.flatMap { log.read(offset: pageOffset($0), amount: page).map { Int($0.lowerBound) / stretch } }
    }

    /// The stretches whose every frame is among `read`: the ones that must be let go, and no more.
    static func complete(_ read: Set<Int>) -> Set<Int> {
        let owners = stretchesOfEachFrame()
        let stretches = Set(owners.joined())
        return stretches.filter { stretch in owners.indices.allSatisfy { !owners[$0].contains(stretch) || read.contains($0) } }
    }

    @Test func framesWithPageBytesAgreeWithCountingByteByByte() {
        let log = CopiedLog(pageSize: Self.page, stretchSize: Self.stretch)
        let owners = Self.stretchesOfEachFrame()
        for stretch in 0..<3 {
            #expect(log.framesWithPageBytes(in: stretch) == Int64(owners.filter { $0.contains(stretch) }.count))
        }
    }

    @Test(arguments: [false, true])
    func aStretchGoesWhenEveryFrameInItHasBeenRead(shuffled: Bool) {
        var log = CopiedLog(pageSize: Self.page, stretchSize: Self.stretch)
        var generator = SplitMix64(seed: 7)
        let order = shuffled ? Array(0..<Self.frames).shuffled(using: &generator) : Array(0..<Self.frames)
        let released = Self.release(reading: order, into: &log)
        #expect(Set(released) == Self.complete(Set(0..<Self.frames)))
        #expect(released.count == Set(released).count, "each stretch goes once")
        #expect(released.count == 3, "the last stretch holds frames the log does not have")
    }

    /// A frame not read keeps every stretch its page touches, even when the frames around it were
    /// read twice (a second read of a frame counts once).
    @Test(arguments: [0, 254, 255, 509, 700])
    func aFrameNotReadKeepsItsStretches(missing: Int) {
        var log = CopiedLog(pageSize: Self.page, stretchSize: Self.stretch)
        let read = (0..<Self.frames).filter { $0 != missing }
        let released = Self.release(reading: read + read, into: &log)
        #expect(Set(released) == Self.complete(Set(read)))
        for stretch in Self.stretchesOfEachFrame()[missing] { #expect(!released.contains(stretch)) }
    }

    /// Only a page-sized read at a page's offset is a checkpoint's: whole frames (read when a commit
    /// rewrites their checksums), the header, and reads elsewhere count for nothing.
    @Test func onlyReadsOfWholePagesCount() {
        var log = CopiedLog(pageSize: Self.page, stretchSize: Self.stretch)
        for frame in 0..<Self.frames {
            let frameStart = Self.pageOffset(frame) - CopiedLog.frameHeaderSize
            #expect(log.read(offset: frameStart, amount: Self.page + 24).isEmpty)
            #expect(log.read(offset: frameStart, amount: Self.page).isEmpty)
            #expect(log.read(offset: Self.pageOffset(frame) + 1, amount: Self.page).isEmpty)
            #expect(log.read(offset: Self.pageOffset(frame), amount: Self.page - 1).isEmpty)
        }
        #expect(log.read(offset: 0, amount: 32).isEmpty)
        #expect(Self.release(reading: 0..<Self.frames, into: &log).count == 3, "none of those reads counted as a page")
    }

    /// A transaction that writes a log of several MiB: its commit's checkpoint copies it, the copied
    /// stretches are let go, and every row is there afterwards, for this connection and another.
    @Test func aLargeCommitLetsTheCopiedLogGo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("large.db")
        let database = try Database(path: path, mode: .create)
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB)")
        try database.execute("BEGIN IMMEDIATE")
        try database.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)
            INSERT INTO t SELECT i, randomblob(1000) FROM n
            """)
        let logBytes = try #require(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int)
        #expect(logBytes > 4 << 20)
        let released = try database.commitLettingCopiedLogGo()
        #expect(released >= Int64(logBytes) - 2 << 20, "all but the last stretches: \(released) of \(logBytes) bytes")
        #expect(released % Int64(1 << 20) == 0)
        #expect(!database.isInTransaction)
        #expect(try database.scalar("PRAGMA integrity_check") == .text("ok"))
        let reader = try Database(path: path, mode: .readOnly)
        #expect(try reader.scalar("SELECT count(*) FROM t") == .integer(6000))
    }

    /// Without a write-ahead log there is nothing to let go: the commit is an ordinary one.
    @Test func withoutALogTheCommitIsOrdinary() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("plain.db"), mode: .create, vfs: "unix-dotfile")
        try database.execute("CREATE TABLE t (v); BEGIN; INSERT INTO t VALUES (1)")
        #expect(try database.commitLettingCopiedLogGo() == 0)
        #expect(try database.scalar("SELECT count(*) FROM t") == .integer(1))
    }
}
