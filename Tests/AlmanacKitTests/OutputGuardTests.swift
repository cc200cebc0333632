@testable import AlmanacKit
import Foundation
import Testing

/// The output-path guard by itself: what it refuses (by device and inode, and by resolved path for
/// files not made yet), what it lets through, and that a file it writes appears only when complete.
@Suite struct OutputGuardTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-guard-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        for name in ["lib.db", "lib.db-wal", "in.csv", "old.csv"] { try Data("x\n".utf8).write(to: URL(fileURLWithPath: path(name))) }
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
            #expect(error.message(Localizer(locale: "ru")) == "--rejects \(path("lib.db")): это файл базы данных (укажите другой файл)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    func temporaries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
    }
}
