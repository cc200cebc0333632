import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// The output-path guard by itself: what it refuses (by device and inode, and by resolved path for
/// files not made yet), what it lets through, and that a file it writes appears only when complete.
@Suite struct OutputGuardTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("almanac-guard-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        for name in ["lib.db", "lib.db-wal", "in.csv", "old.csv"] {
            try Data("x\n".utf8).write(to: URL(fileURLWithPath: path(name)))
        }
    }

    func path(_ name: String) -> String { folder + "/" + name }

    func makeGuard(force: Bool = false) -> OutputGuard {
        OutputGuard(database: path("lib.db"), inputs: [path("in.csv"), "-"], force: force)
    }

    /// The key of the refusal `path` meets, or nil when the claim is allowed.
    func refusal(_ path: String, force: Bool = false) -> String? {
        var outputs = makeGuard(force: force)
        do {
            _ = try outputs.claim(path, option: "--out")
            return nil
        } catch let error as AlmanacError {
            return error.key
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: ["lib.db", "lib.db-wal", "lib.db-shm", "lib.db-journal", "sub/../lib.db", "./lib.db-shm"])
    func theDatabaseAndItsSideFilesAreRefusedWhetherOrNotTheyExist(_ name: String) {
        let key = refusal(path(name), force: true)
        #expect(key == (name.hasSuffix("lib.db") ? "write.refused.database" : "write.refused.side-file"), "\(name)")
    }

    @Test func linksToTheDatabaseOrAnInputAreTheFilesThemselves() throws {
        try FileManager.default.createSymbolicLink(atPath: path("sym.db"), withDestinationPath: "lib.db")
        try FileManager.default.linkItem(atPath: path("in.csv"), toPath: path("hard.csv"))
        try FileManager.default.createSymbolicLink(atPath: path("dangling"), withDestinationPath: "lib.db-shm")
        try FileManager.default.createSymbolicLink(atPath: path("sub/up"), withDestinationPath: "../in.csv")
        #expect(refusal(path("sym.db"), force: true) == "write.refused.database")
        #expect(refusal(path("hard.csv"), force: true) == "write.refused.input")
        #expect(refusal(path("dangling"), force: true) == "write.refused.side-file")
        #expect(refusal(path("sub/up"), force: true) == "write.refused.input")
        #expect(refusal(path("in.csv"), force: true) == "write.refused.input")
    }

    @Test func anExistingFileNeedsForceAndAFolderOrAMissingFolderIsRefused() {
        #expect(refusal(path("old.csv")) == "write.refused.exists")
        #expect(refusal(path("old.csv"), force: true) == nil)
        #expect(refusal(path("new.csv")) == nil)
        #expect(refusal(path("sub")) == "write.refused.directory")
        #expect(refusal(path("sub/")) == "write.refused.directory")
        #expect(refusal(path("missing/x.csv")) == "write.refused.no-folder")
        #expect(refusal(path("old.csv/x.csv")) == "write.refused.no-folder")
        #expect(refusal("") == "write.refused.empty")
    }

    @Test func charactersDevicesAndDescriptorsAreStreamsWithoutForce() {
        #expect(refusal("/dev/null") == nil)
        #expect(refusal("/dev/full") == nil)
        #expect(refusal("/dev/stdout") == nil)
    }

    @Test func onlyDescriptorPathsAreStreamsUnderDevAndProc() {
        for path in ["/dev/stdout", "/dev/stderr", "/dev/fd/1", "/proc/self/fd/1", "/proc/42/fd/3"] {
            #expect(OutputGuard.namesADescriptor(path), "\(path)")
        }
        for path in ["/dev/shm/x.csv", "/dev/null", "/proc/self/status", "/dev/fd", "x/fd/1"] {
            #expect(!OutputGuard.namesADescriptor(path), "\(path)")
        }
    }

    @Test func oneRunNeverClaimsAFileTwice() throws {
        var outputs = makeGuard()
        _ = try outputs.claim(path("a.csv"), option: "--out")
        #expect(throws: AlmanacError.self) { try outputs.claim(path("sub/../a.csv"), option: "--out") }
        _ = try outputs.claim(path("b.csv"), option: "--out")
    }

    @Test func aFileAppearsOnlyWhenCompleteAndAFailureLeavesTheTargetAsItWas() throws {
        var outputs = makeGuard(force: true)
        let file = try outputs.claim(path("old.csv"), option: "--out").open()
        try file.writer.write("new contents\n")
        try file.writer.flush()
        #expect(try String(contentsOfFile: path("old.csv"), encoding: .utf8) == "x\n")
        file.discard()
        #expect(try String(contentsOfFile: path("old.csv"), encoding: .utf8) == "x\n")
        #expect(try temporaries().isEmpty)

        var again = makeGuard(force: true)
        try again.write(path("old.csv"), option: "--out") { try $0.write("replaced\n") }
        #expect(try String(contentsOfFile: path("old.csv"), encoding: .utf8) == "replaced\n")
        struct Stop: Error {}
        var third = makeGuard(force: true)
        #expect(throws: Stop.self) { try third.write(path("old.csv"), option: "--out") { _ in throw Stop() } }
        #expect(try String(contentsOfFile: path("old.csv"), encoding: .utf8) == "replaced\n")
        #expect(try temporaries().isEmpty)
    }

    @Test func aNewFileTakesMode0644LessTheUmask() throws {
        var outputs = makeGuard()
        try outputs.write(path("mode.csv"), option: "--out") { try $0.write("a\n") }
        let attributes = try FileManager.default.attributesOfItem(atPath: path("mode.csv"))
        let umask = umask(0)
        _ = Foundation.umask(umask)
        #expect((attributes[.posixPermissions] as? Int) == 0o644 & ~Int(umask))
    }

    @Test func aSymlinkToAFileIsWrittenThroughAndStaysALink() throws {
        try FileManager.default.createSymbolicLink(atPath: path("link.csv"), withDestinationPath: "sub/target.csv")
        var outputs = makeGuard()
        try outputs.write(path("link.csv"), option: "--out") { try $0.write("through\n") }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.csv")) == "sub/target.csv")
        #expect(try String(contentsOfFile: path("sub/target.csv"), encoding: .utf8) == "through\n")
    }

    @Test func aFullDeviceFailsAsAWriteFailure() throws {
        var outputs = makeGuard()
        #expect(throws: WriteFailure(stream: .file("/dev/full"), code: ENOSPC)) {
            try outputs.write("/dev/full", option: "--out") { try $0.write("x") }
        }
    }

    @Test func refusalsNameTheOptionThePathAndWhy() {
        var outputs = makeGuard()
        do {
            _ = try outputs.claim(path("lib.db"), option: "--rejects")
            Issue.record("the database was accepted")
        } catch let error as AlmanacError {
            #expect(error.failure == .usage)
            #expect(error.description == "--rejects \(path("lib.db")): that is the database (use another file)")
            #expect(
                error.message(Localizer(locale: "ru"))
                    == "--rejects \(path("lib.db")): это файл базы данных (укажите другой файл)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The database in a folder of its own, and a drop folder beside it that a user of the drop may
    /// swap for a symlink to the database's folder (issue 27).
    func dropFolders() throws -> String {
        try FileManager.default.createDirectory(atPath: path("lib"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("drop"), withIntermediateDirectories: true)
        try Data("the database\n".utf8).write(to: URL(fileURLWithPath: path("lib/lib.db")))
        return path("lib/lib.db")
    }

    /// Swaps `drop` for a symlink to `lib`, keeping the real folder as `drop.old`.
    func swapDropForTheDatabasesFolder() throws {
        try FileManager.default.moveItem(atPath: path("drop"), toPath: path("drop.old"))
        try FileManager.default.createSymbolicLink(atPath: path("drop"), withDestinationPath: "lib")
    }

    @Test func aFolderSwappedAfterTheClaimStillGetsTheFileNotTheDatabase() throws {
        let database = try dropFolders()
        var outputs = OutputGuard(database: database, force: true)
        let target = try outputs.claim(path("drop/lib.db"), option: "--rejects")
        // Swapped between the claim and the first byte (a rejects file is opened at the first invalid row)…
        try swapDropForTheDatabasesFolder()
        let file = try target.open()
        try file.writer.write("rejected,row\n")
        try file.commit()
        #expect(try String(contentsOfFile: database, encoding: .utf8) == "the database\n")
        #expect(try String(contentsOfFile: path("drop.old/lib.db"), encoding: .utf8) == "rejected,row\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: path("lib")) == ["lib.db"])
    }

    @Test func aFolderSwappedWhileTheFileIsWrittenStillGetsIt() throws {
        let database = try dropFolders()
        var outputs = OutputGuard(database: database, force: true)
        let file = try outputs.claim(path("drop/lib.db"), option: "--out").open()
        try file.writer.write("first half\n")
        try file.writer.flush()
        // …and between the last byte and the rename.
        try swapDropForTheDatabasesFolder()
        try file.writer.write("second half\n")
        try file.commit()
        #expect(try String(contentsOfFile: database, encoding: .utf8) == "the database\n")
        #expect(try String(contentsOfFile: path("drop.old/lib.db"), encoding: .utf8) == "first half\nsecond half\n")
        #expect(try temporaries(in: path("drop.old")).isEmpty)
    }

    /// A site's pages and an export's files are claimed one after another; a swap between two claims
    /// must not send the later files into the database's folder (OutputRaceTests met it under load).
    @Test func filesClaimedInAFolderAfterItWasSwappedGoWhereTheFirstWent() throws {
        let database = try dropFolders()
        var outputs = OutputGuard(database: database, force: true)
        let first = try outputs.claim(path("drop/index.html"), option: "site", fileOnly: true)
        try swapDropForTheDatabasesFolder()
        let second = try outputs.claim(path("drop/report.html"), option: "site", fileOnly: true)
        let files = try [first, second].map { try $0.open() }
        for file in files { try file.writer.write("page\n") }
        try OutputFile.synchronize(files)
        try OutputFile.publish(files)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path("lib")) == ["lib.db"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: path("drop.old")).sorted() == [
                "index.html", "report.html",
            ])
    }

    @Test func aNameThatBecameTheDatabaseByTheRenameIsRefusedAndNothingIsReplaced() throws {
        let database = try dropFolders()
        var outputs = OutputGuard(database: database, force: true)
        try Data("old output\n".utf8).write(to: URL(fileURLWithPath: path("drop/copy.csv")))
        let file = try outputs.claim(path("drop/copy.csv"), option: "--out").open()
        try file.writer.write("output\n")
        // The name is now a hard link to the database (the same device and inode).
        try FileManager.default.removeItem(atPath: path("drop/copy.csv"))
        try FileManager.default.linkItem(atPath: database, toPath: path("drop/copy.csv"))
        do {
            try file.commit()
            Issue.record("the output was put over the database's other name")
        } catch let error as AlmanacError {
            #expect(
                error.key == "write.refused.database"
                    && error.description.hasPrefix("--out \(path("drop/copy.csv")): "), "\(error)")
        }
        #expect(try String(contentsOfFile: path("drop/copy.csv"), encoding: .utf8) == "the database\n")
        #expect(try temporaries(in: path("drop")).isEmpty)
    }

    @Test func theFolderIsReachedWithoutFollowingASymlink() throws {
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: "sub")
        #expect(throws: Errno.self) { try OutputFolder(path: path("link")) }
        let real = try OutputFolder(path: path("sub"))
        #expect(real.identity == FileLocation.identity(of: path("sub")))
    }

    @Test func anOutputThatMustBeAFileRefusesADevice() {
        var outputs = makeGuard()
        #expect(throws: AlmanacError.self) { try outputs.claim("/dev/null", option: "site", fileOnly: true) }
        #expect(refusal("/dev/null") == nil)
    }

    /// Issue 27: 16,000 inputs with `--rejects` took 73 s, each claim compared with every claim before
    /// it. The checks are lookups by key: a fixed number per claim, however many came before.
    @Test func claimsCostTheSameHoweverManyCameBefore() throws {
        let inputs = (0..<4_000).map { path("in-\($0).csv") }
        for input in inputs.prefix(10) { try Data("x\n".utf8).write(to: URL(fileURLWithPath: input)) }
        var outputs = OutputGuard(database: path("lib.db"), inputs: inputs)
        let before = outputs.lookups
        let targets = try RejectsWriter.claim(path("rejects.csv"), inputs: inputs, outputs: &outputs)
        #expect(targets.count == inputs.count)
        #expect(
            outputs.lookups - before <= 3 * inputs.count,
            "\(outputs.lookups - before) lookups for \(inputs.count) claims")
    }

    func temporaries(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
    }

    func temporaries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
    }
}
