import AlmanacKit
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

/// A write that fails is never silent: standard output on `/dev/full` and files on a full disk (a
/// 64 KiB tmpfs) exit 74 with one line (`overdue` 3), leave no file behind, and change no database
/// row; `overdue --notify` records no notice it could not deliver. A closed pipe ends quietly.
@Suite struct WriteFailureCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try HostileInputTests.prepare(dir)
        try dir.write("mixed.csv", OutputPathCommandTests.mixed)
    }

    /// Runs a shell command line in the directory; `$ALMANAC` is the binary.
    func shell(_ line: String) throws -> Workdir.Output {
        try dir.run(
            ["-c", line], environment: ["ALMANAC": Workdir.binary.path], executable: URL(fileURLWithPath: "/bin/bash"))
    }

    static let writers: [String] = [
        "query 'SELECT * FROM books'", "books list", "books list --format csv",
        "report run overdue-books --format json",
        "export books", "countries list --format tsv", "events agenda",
        "import books mixed.csv --on-conflict skip --skip-invalid",
    ]

    @Test(arguments: writers)
    func standardOutputOnAFullDeviceExits74(_ command: String) throws {
        let digest = try HostileInputTests.digest(dir)
        let out = try shell("$ALMANAC --db a.db --today 2025-12-22 \(command) > /dev/full")
        let expected: Int32 = command.hasPrefix("import") ? 65 : 74
        #expect(out.status == expected, "\(command): \(out.stderr)")
        if expected == 74 {
            #expect(
                out.stderr == "almanac: error: cannot write to standard output: no space left on the device\n",
                "\(command)")
            #expect(try HostileInputTests.digest(dir) == digest)
        }
    }

    @Test func anImportSummaryThatCannotBeWrittenExits74() throws {
        try dir.write("good.csv", "id,title,loaned_on,due_on\n950,Fine,2025-12-01,2025-12-20\n")
        let out = try shell("$ALMANAC --db a.db --today 2025-12-22 import books good.csv > /dev/full")
        #expect(out.status == 74)
        #expect(out.stderr == "almanac: error: cannot write to standard output: no space left on the device\n")
    }

    @Test func exportOutToAFullDeviceExits74() throws {
        let out = try dir.run(["--db", "a.db", "export", "books", "--out", "/dev/full"])
        #expect(out.status == 74)
        #expect(out.stderr == "almanac: error: /dev/full: cannot write: no space left on the device\n")
    }

    @Test func overdueNotifyOnAFullDeviceRecordsNothingAndTheNextRunDeliversIt() throws {
        let failed = try shell(
            "$ALMANAC --db a.db --today 2026-01-30 overdue --notify --quiet --format csv > /dev/full")
        #expect(failed.status == 3)
        #expect(failed.stderr == "almanac: error: cannot write to standard output: no space left on the device\n")
        #expect(try notices() == 0)
        let delivered = try dir.run([
            "--db", "a.db", "--today", "2026-01-30", "overdue", "--notify", "--quiet", "--format", "csv",
        ])
        #expect(delivered.status == 2)
        let rows = delivered.stdout.split(whereSeparator: \.isNewline).count - 1
        let recorded = try notices()
        #expect(rows > 0 && rows == recorded)
    }

    @Test func overdueNagiosOnAFullDeviceIsUnknown() throws {
        let out = try shell("$ALMANAC --db a.db --today 2026-01-30 overdue --format nagios > /dev/full")
        #expect(out.status == 3)
        #expect(out.stderr.hasPrefix("almanac: error: cannot write to standard output"))
    }

    /// `| head -1` closes the pipe after one line; the listing is larger than a pipe's buffer, so the
    /// write meets EPIPE: the command ends at once, quietly, with status 0.
    @Test(arguments: ["books list --format csv", "export books", "query 'SELECT * FROM books'"])
    func aPipeClosedEarlyEndsQuietly(_ command: String) throws {
        try importManyLoans()
        let out = try shell("$ALMANAC --db a.db \(command) 2>err.txt | head -1; echo \"${PIPESTATUS[0]}\"; cat err.txt")
        let lines = out.stdout.split(whereSeparator: \.isNewline)
        #expect(lines.count == 2, "\(out.stdout)")
        #expect(lines.last == "0", "\(command)")
    }

    @Test func overdueWithAPipeClosedEarlyRecordsNoNoticeAndSaysNothing() throws {
        try importManyLoans()
        let out = try shell(
            "$ALMANAC --db a.db --today 2026-01-30 overdue --notify --format csv 2>err.txt | head -1; "
                + "echo \"${PIPESTATUS[0]}\"; cat err.txt")
        #expect(out.stdout.split(whereSeparator: \.isNewline).dropFirst().joined(separator: "\n") == "3")
        #expect(try notices() == 0)
    }

    /// 3,000 loans more, so a listing is larger than a pipe's buffer.
    func importManyLoans() throws {
        var csv = "id,title,loaned_on,due_on\n"
        for id in 1000..<4000 {
            csv += "\(id),A title long enough to fill the pipe quickly \(id),2025-12-01,2025-12-20\n"
        }
        try dir.write("many.csv", csv)
        #expect(try dir.run(["--db", "a.db", "import", "books", "many.csv"]).status == 0)
    }

    func notices() throws -> Int {
        try dir.scalar("SELECT count(*) FROM overdue_notices").flatMap { Int($0) } ?? -1
    }
}
