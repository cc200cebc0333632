import Foundation
import Testing

/// Nothing waits on a FIFO or a device (issue 27): a `--db` that is one is refused as a usage error
/// naming it, in every command and in Tab completion, before anything reads it; an output that must
/// be a file (`backup`, `site`'s pages, `export DIR`'s files) is refused the same way before it is
/// opened; an output that may be a stream (`--out`, `--rejects`) is opened without waiting, so a
/// FIFO no program reads is refused at once and one that is read from is written. Every run has a
/// time limit: a hang fails the test instead of blocking it.
@Suite struct FifoCommandTests {
    static let limit = 20.0
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try HostileInputTests.prepare(dir)
        try dir.write("mixed.csv", OutputPathCommandTests.mixed)
        #expect(mkfifo(dir.path("pipe"), 0o644) == 0)
    }

    @Test(.sqliteFile) func everyCommandRefusesAFifoAsItsDatabase() throws {
        let commands = try MissingDatabaseTests.commands(dir)
        for command in commands where command == "init" || !MissingDatabaseTests.needNoDatabase.contains(command) {
            let words = command.split(separator: " ").map(String.init)
            let sample = MissingDatabaseTests.sampleArguments[command] ?? []
            for (locale, line) in [
                (
                    "en",
                    "almanac: error: pipe is a named pipe, a device or a socket, not a database file (give a regular file)"
                ),
                (
                    "ru",
                    "almanac: ошибка: pipe — именованный канал, устройство или сокет, а не файл базы данных (укажите обычный файл)"
                ),
            ] {
                let out = try dir.run(
                    ["--db", "pipe", "--today", "2025-12-22", "--locale", locale] + words + sample, timeout: Self.limit)
                #expect(!out.hung, "\(command) waited on the FIFO")
                #expect(out.status == (command == "overdue" ? 3 : 64), "\(command): \(out.stderr)")
                #expect(out.stderr.split(separator: "\n").first.map(String.init) == line, "\(command)")
            }
        }
        let nagios = try dir.run(["--db", "pipe", "overdue", "--format", "nagios"], timeout: Self.limit)
        #expect(!nagios.hung && nagios.status == 3, "\(nagios.stdout)")
        let device = try dir.run(["--db", "/dev/zero", "books", "list"], timeout: Self.limit)
        #expect(!device.hung && device.status == 64, "\(device.stderr)")
    }

    @Test func tabCompletionOnAFifoDatabaseCompletesNothingAtOnce() throws {
        for words in [
            ["--db", "pipe", "calendar", "show", ""], ["--db", "pipe", "animation", "timeline", ""],
            ["animation", "save", "X", "--db", "pipe", "--set", ""],
        ] {
            let out = try dir.run(["__complete", "--"] + words, timeout: Self.limit)
            #expect(!out.hung, "\(words) waited on the FIFO")
            #expect(out.status == 0 && out.stderr.isEmpty, "\(out.stderr)")
        }
        let viaEnvironment = try dir.run(
            ["__complete", "--", "calendar", "open", ""], timeout: Self.limit, environment: ["ALMANAC_DB": "pipe"])
        #expect(!viaEnvironment.hung && viaEnvironment.status == 0)
    }

    @Test(.sqliteFile) func aBackupIntoAFifoOrADeviceIsRefusedBeforeItIsOpened() throws {
        for target in ["pipe", "/dev/null"] {
            let out = try dir.run(["--db", "a.db", "backup", target], timeout: Self.limit)
            #expect(!out.hung, "backup \(target) waited")
            #expect(out.status == 64)
            #expect(
                out.stderr
                    == "almanac: error: backup \(target): a database copy must be a regular file, not a stream or device (name a file)\n"
            )
        }
    }

    @Test func sitePagesAndExportFilesMustBeFiles() throws {
        try FileManager.default.createDirectory(atPath: dir.path("public"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.path("public/index.html"), 0o644) == 0)
        let site = try dir.run(
            ["--db", "a.db", "--today", "2025-12-22", "site", "public", "--force"], timeout: Self.limit)
        #expect(!site.hung && site.status == 64, "\(site.stderr)")
        #expect(
            site.stderr
                == "almanac: error: site public/index.html: that is a special file Almanac does not write to (name a regular file)\n"
        )
        try FileManager.default.createDirectory(atPath: dir.path("moved"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.path("moved/books.csv"), 0o644) == 0)
        let export = try dir.run(["--db", "a.db", "export", "moved", "--force"], timeout: Self.limit)
        #expect(!export.hung && export.status == 64, "\(export.stderr)")
        #expect(
            export.stderr
                == "almanac: error: export moved/books.csv: that is a special file Almanac does not write to (name a regular file)\n"
        )
        #expect(FileState.names(in: dir.path("moved")) == ["books.csv"])
    }

    @Test func aStreamOutputIsOpenedWithoutWaiting() throws {
        let out = try dir.run(["--db", "a.db", "export", "books", "--out", "pipe"], timeout: Self.limit)
        #expect(!out.hung, "export --out waited for a reader")
        #expect(out.status == 64)
        #expect(
            out.stderr == "almanac: error: --out pipe: no program reads from this named pipe (start its reader first)\n"
        )
        let rejects = try dir.run(
            [
                "--db", "a.db", "--today", "2025-12-22", "import", "books", "mixed.csv", "--skip-invalid", "--rejects",
                "pipe",
            ],
            timeout: Self.limit)
        #expect(!rejects.hung && rejects.status == 64, "\(rejects.stderr)")

        // With a reader, the FIFO is written as a stream.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [dir.path("pipe")]
        let read = Pipe()
        reader.standardOutput = read
        try reader.run()
        var written: Workdir.Limited?
        // The reader opens the FIFO when it is scheduled: until then there is no reader, and the export says so.
        for _ in 0..<200 {
            written = try dir.run(["--db", "a.db", "export", "books", "--out", "pipe"], timeout: Self.limit)
            if written?.status == 0 || written?.hung == true { break }
            usleep(20_000)
        }
        let received = String(decoding: read.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reader.waitUntilExit()
        #expect(written?.hung == false && written?.status == 0, "\(written?.stderr ?? "")")
        #expect(received.hasPrefix("id,title,"), "\(received.prefix(100))")
    }
}
