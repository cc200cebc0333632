import AlmanacKit
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

/// A full disk, for real: a 64 KiB tmpfs filled to the last byte. Files written there (`export
/// --out`, `export DIR`, `site`, `--rejects`, `backup`, `overdue --notify > file`) fail with exit 74 (`overdue` 3), leave
/// neither the file nor a temporary (nor a journal) behind, and leave the database as it was. Mounting needs root (CI runs as
/// root); elsewhere the tests are skipped and the reason is printed.
@Suite(.serialized) struct FullDiskCommandTests {
    /// Nil when a tmpfs can be mounted here, else why not.
    static let unavailable: String? = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-tmpfs-probe-\(getpid())")
            .path
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard getuid() == 0 else { return "not running as root (mount needs it)" }
        let mounted = SmallDisk.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe])
        guard mounted.status == 0 else { return "mount -t tmpfs failed: \(mounted.output)" }
        _ = SmallDisk.run("/bin/umount", [probe])
        return nil
    }()

    @Test func theReasonForSkippingIsPrinted() {
        if let reason = Self.unavailable {
            print("FullDiskCommandTests: skipped, \(reason)")
        }
        #expect(Self.unavailable == nil || !Self.unavailable!.isEmpty)
    }

    @Test(
        .enabled(
            if: unavailable == nil,
            "mounting a tmpfs needs root; the reason is printed by theReasonForSkippingIsPrinted"))
    func exportOutOnAFullDiskLeavesNothing() throws {
        try SmallDisk.withFull { dir in
            let out = try dir.run(["--db", "a.db", "export", "books", "--out", "full/books.csv"])
            #expect(out.status == 74)
            #expect(out.stderr == "almanac: error: full/books.csv: cannot write: no space left on the device\n")
            #expect(try SmallDisk.leftovers(dir).isEmpty)
        }
    }

    /// `export DIR` and `site DIR` into a folder on the full disk: every file they made is removed,
    /// the folder holds what it held (issue 27: tens of MB of temporaries were left).
    @Test(
        .enabled(
            if: unavailable == nil,
            "mounting a tmpfs needs root; the reason is printed by theReasonForSkippingIsPrinted"),
        arguments: [["export", "full/moved"], ["--today", "2025-12-22", "site", "full/public"]])
    func aFolderWrittenOnAFullDiskLeavesNothing(_ command: [String]) throws {
        try SmallDisk.withFull { dir in
            for folder in ["full/moved", "full/public"] { mkdir(dir.path(folder), 0o755) }
            let out = try dir.run(["--db", "a.db"] + command)
            #expect(out.status == 74, "\(command): \(out.stderr)")
            #expect(out.stderr.hasSuffix("no space left on the device\n"), "\(command): \(out.stderr)")
            #expect(
                FileState.names(in: dir.path("full/moved")).isEmpty
                    && FileState.names(in: dir.path("full/public")).isEmpty,
                "\(command) left \(FileState.names(in: dir.path("full/moved")) + FileState.names(in: dir.path("full/public")))"
            )
        }
    }

    @Test(
        .enabled(
            if: unavailable == nil,
            "mounting a tmpfs needs root; the reason is printed by theReasonForSkippingIsPrinted"))
    func rejectsOnAFullDiskRollTheImportBack() throws {
        try SmallDisk.withFull { dir in
            try dir.write("mixed.csv", OutputPathCommandTests.mixed)
            let before = try HostileInputTests.digest(dir)
            let out = try dir.run([
                "--db", "a.db", "--today", "2025-12-22", "import", "books", "mixed.csv", "--skip-invalid",
                "--rejects", "full/r.csv",
            ])
            #expect(out.status == 74, "\(out.stderr)")
            #expect(
                out.stderr.split(separator: "\n").last
                    == "almanac: error: full/r.csv: cannot write: no space left on the device")
            #expect(out.stdout == "")
            #expect(try HostileInputTests.digest(dir) == before, "the valid row was committed without its rejects file")
            #expect(try SmallDisk.leftovers(dir).isEmpty)
        }
    }

    /// Issue 27: each backup that filled the disk left a `.copy.db.PID-0.tmp-journal` behind (SQLite
    /// journals the copy once it outgrows its page cache); the copy has no journal now.
    @Test(
        .sqliteFile,
        .enabled(
            if: unavailable == nil,
            "mounting a tmpfs needs root; the reason is printed by theReasonForSkippingIsPrinted"))
    func aBackupThatFillsTheDiskLeavesNoTemporaryAndNoJournal() throws {
        let dir = try Workdir()
        try Stress.writeBooks(dir.path("loans.csv"), rows: 60_000)
        try dir.initDatabase("big.db")
        #expect(try dir.run(["--db", "big.db", "import", "books", "loans.csv"]).status == 0)
        let mount = try TemporaryMount(kilobytes: 1024)
        let before = try FileState.digest(dir.path("big.db"))
        for _ in 0..<3 {
            let out = try dir.run(["--db", "big.db", "backup", mount.path("copy.db")])
            #expect(out.status == 74, "\(out.stderr)")
            #expect(out.stderr.hasPrefix("almanac: error: \(mount.path("copy.db")): the disk is full"), "\(out.stderr)")
            #expect(FileState.names(in: mount.url.path).isEmpty)
        }
        #expect(try FileState.digest(dir.path("big.db")) == before)
    }

    @Test(
        .enabled(
            if: unavailable == nil,
            "mounting a tmpfs needs root; the reason is printed by theReasonForSkippingIsPrinted"))
    func overdueNotifyToAFileOnAFullDiskRecordsNothing() throws {
        try SmallDisk.withFull { dir in
            let failed = try dir.run(
                ["-c", "$ALMANAC --db a.db --today 2026-01-30 overdue --notify --quiet --format csv > full/n.csv"],
                environment: ["ALMANAC": Workdir.binary.path], executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(failed.status == 3)
            #expect(failed.stderr == "almanac: error: cannot write to standard output: no space left on the device\n")
            #expect(try dir.scalar("SELECT count(*) FROM overdue_notices") == "0")
            try FileManager.default.removeItem(atPath: dir.path("full/fill"))
            let delivered = try dir.run(
                ["-c", "$ALMANAC --db a.db --today 2026-01-30 overdue --notify --quiet --format csv > full/n.csv"],
                environment: ["ALMANAC": Workdir.binary.path], executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(delivered.status == 2)
            let rows =
                try String(contentsOfFile: dir.path("full/n.csv"), encoding: .utf8).split(whereSeparator: \.isNewline)
                .count - 1
            guard let count = try dir.scalar("SELECT count(*) FROM overdue_notices").flatMap({ Int($0) }) else {
                return
            }
            #expect(rows > 0 && Int(count) == rows)
        }
    }
}

/// A 64 KiB tmpfs at `full/` in a work directory holding the sample data, filled to the last byte.
enum SmallDisk {
    static func withFull(_ body: (Workdir) throws -> Void) throws {
        let dir = try Workdir()
        try HostileInputTests.prepare(dir)
        try FileManager.default.createDirectory(atPath: dir.path("full"), withIntermediateDirectories: true)
        let mounted = run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir.path("full")])
        try #require(mounted.status == 0, "\(mounted.output)")
        defer { _ = run("/bin/umount", [dir.path("full")]) }
        // Fill it: dd stops at ENOSPC.
        _ = run("/bin/dd", ["if=/dev/zero", "of=" + dir.path("full/fill"), "bs=1024"])
        try body(dir)
    }

    /// Files left in `full/` besides the filler.
    static func leftovers(_ dir: Workdir) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path("full")).filter { $0 != "fill" }
    }

    static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
