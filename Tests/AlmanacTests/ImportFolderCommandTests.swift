import Foundation
import Testing

/// `almanac import DIR` reads only the folder's own regular files: a symbolic link is refused unless
/// `--follow-links`, a FIFO, device or folder under a kind's name at once, and no line of a file
/// reached through a link is ever printed (a privileged cron job importing a shared folder).
@Suite struct ImportFolderCommandTests {
    let dir: Workdir
    /// A file like /etc/shadow: no CSV, and nobody's business.
    static let secret = "root:$6$SECRET-HASH-4711$abc:19000:0:99999:7:::\n"

    init() throws {
        dir = try Workdir()
        try dir.initDatabase()
        try FileManager.default.createDirectory(atPath: dir.path("drop"), withIntermediateDirectories: false)
        try dir.write("shadow", Self.secret)
        try dir.write("drop/holidays.csv", "key,title\nchristmas,Christmas\n")
    }

    func digest() throws -> String { try FileState.digest(dir.path("a.db")) }

    /// Runs the binary under `timeout`, so a read that blocks fails the test instead of hanging it.
    func importing(_ arguments: [String], locale: String = "en") throws -> Workdir.Output {
        try dir.run(
            ["-s", "KILL", "10", Workdir.binary.path, "--db", "a.db", "--locale", locale, "import"] + arguments,
            executable: URL(fileURLWithPath: "/usr/bin/timeout"))
    }

    @Test func aLinkOutOfTheFolderIsRefusedAndItsTextNeverShown() throws {
        try FileManager.default.createSymbolicLink(
            atPath: dir.path("drop/books.csv"), withDestinationPath: dir.path("shadow"))
        let before = try digest()
        let refused = try importing(["drop/"])
        #expect(refused.status == 66, "\(refused.stderr)")
        #expect(
            refused.stderr
                == "almanac: error: drop/books.csv is a symbolic link: import DIR reads only the files inside the folder (add --follow-links to read where links lead)\n"
        )
        #expect(try digest() == before, "nothing imported, not even holidays.csv")
        let russian = try importing(["drop/"], locale: "ru")
        #expect(russian.stderr.hasPrefix("almanac: ошибка: drop/books.csv — символическая ссылка"), "\(russian.stderr)")

        // Followed when asked: the file is read, and its refused header is named by column number only.
        let followed = try importing(["drop/", "--follow-links"])
        #expect(followed.status == 65, "\(followed.stderr)")
        #expect(
            followed.stderr.hasPrefix(
                "drop/books.csv:1:1: error: column 1 is not a column of books (accepted: id, title,"),
            "\(followed.stderr)"
        )
        for output in [refused, russian, followed] {
            #expect(!(output.stdout + output.stderr).contains("SECRET"), "\(output.stderr)")
            #expect(!(output.stdout + output.stderr).contains("root"), "\(output.stderr)")
        }
        #expect(try digest() == before)

        // A link to a CSV file is read as asked.
        try dir.write("loans.csv", "title,loaned_on,due_on\nDune,2025-12-01,2025-12-20\n")
        try FileManager.default.removeItem(atPath: dir.path("drop/books.csv"))
        try FileManager.default.createSymbolicLink(
            atPath: dir.path("drop/books.csv"), withDestinationPath: "../loans.csv")
        let read = try importing(["drop/", "--follow-links"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.hasPrefix("Imported 2 rows from 2 files"), "\(read.stdout)")
    }

    @Test func aFifoADeviceOrAFolderIsRefusedAtOnce() throws {
        let before = try digest()
        #expect(mkfifo(dir.path("drop/books.csv"), 0o600) == 0)
        let fifo = try importing(["drop"])
        #expect(fifo.status == 66, "\(fifo.status) \(fifo.stderr)")
        #expect(
            fifo.stderr
                == "almanac: error: drop/books.csv is a FIFO, not a regular file: import DIR reads only regular files\n"
        )
        // Followed links lead to the same check.
        try FileManager.default.removeItem(atPath: dir.path("drop/books.csv"))
        try FileManager.default.createSymbolicLink(atPath: dir.path("drop/books.csv"), withDestinationPath: "/dev/zero")
        let device = try importing(["drop", "--follow-links"])
        #expect(device.status == 66)
        #expect(
            device.stderr
                == "almanac: error: drop/books.csv is a device, not a regular file: import DIR reads only regular files\n"
        )
        try FileManager.default.removeItem(atPath: dir.path("drop/books.csv"))
        try FileManager.default.createDirectory(atPath: dir.path("drop/books.csv"), withIntermediateDirectories: false)
        let folder = try importing(["drop/"])
        #expect(folder.status == 66)
        #expect(
            folder.stderr
                == "almanac: error: drop/books.csv is a folder, not a regular file: import DIR reads only regular files\n"
        )
        #expect(try digest() == before)
    }
}
