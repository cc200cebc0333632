// The libFuzzer entry point for the output-path guard, compiled with AlmanacKit's sources into one
// module by Tests/Fuzz/fuzz.sh (HARNESS=paths). Each input lays out a folder (a database, its side
// files or not, an input, hard links, symlinks to all of them, a dangling one, a cycle), builds one
// or two paths from its bytes, claims them through an `OutputGuard` and writes what it accepts. The
// invariants are checked on the files themselves, not on the guard's answers: the database, its
// side files (present or absent), the input and, without force, an existing file are byte for
// byte as they were, two accepted paths are two files, and no temporary file is left.
import Foundation

/// The folder every execution lays out again: `/dev/shm/almanac-fuzz-paths-PID/outer/work`. Paths
/// never climb above `work` by their text, and no symlink points above it.
nonisolated(unsafe) private var sandbox: String = {
    let root = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let folder = root + "/almanac-fuzz-paths-\(getpid())"
    atexit { try? FileManager.default.removeItem(atPath: "/dev/shm/almanac-fuzz-paths-\(getpid())") }
    return folder + "/outer/work"
}()

/// The pieces paths are built from: the layout's names, suffixes, separators and a few odd ones.
private let tokens = [
    "lib.db", "-wal", "-shm", "-journal", "in.csv", "x.csv", "hard", "sym-db", "sym-shm", "sym-in", "sym-sub", "loop",
    "sub", "..", ".", "/", "//", "missing", "-", ".tmp", "a", "é", " ", "lib", ".db", "sub/sym-wal", "hard-db",
]

private let database = "SQLite format 3\u{0} not really".data(using: .utf8)!
private let input = Data("id,title\n1,x\n".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOutputPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 1 else { return 0 }
    let flags = data[0]
    var paths: [String] = [""]
    for index in 1..<size {
        if data[index] == 0xFF {
            paths.append("")
            continue
        }
        paths[paths.count - 1] += tokens[Int(data[index]) % tokens.count]
    }
    paths = paths.prefix(3).map { $0 }
    // Stay inside the sandbox by the text of the path: never more `..` than names before them.
    for path in paths {
        var depth = 0
        for part in path.split(separator: "/") where part != "." {
            depth += part == ".." ? -1 : 1
            if depth < 0 { return 0 }
        }
    }
    layOut(flags)
    let force = flags & 0x20 != 0
    // Without force, a file that exists (x.csv, when laid out) is never replaced.
    let kept = !force && flags & 0x08 != 0
    let before = snapshot(keeping: kept)
    var outputs = OutputGuard(database: sandbox + "/lib.db", inputs: [sandbox + "/in.csv"], force: force)
    var written: [String] = []
    for path in paths {
        let full = sandbox + "/" + path
        guard let target = try? outputs.claim(full, option: "--out") else { continue }
        guard target.location.path.hasPrefix(sandbox + "/") || target.location.path == sandbox else {
            fatalError("invariant broken: \(full) leads outside the sandbox to \(target.location.path)")
        }
        do {
            let file = try target.open()
            try file.writer.write("written through \(path)\n")
            try file.commit()
            written.append(full)
        } catch {
            continue
        }
    }
    let after = snapshot(keeping: kept)
    if after != before { fatalError("invariant broken: \(paths) changed a protected file: \(before) → \(after)") }
    let identities = written.compactMap(FileLocation.identity(of:))
    if Set(identities).count != identities.count { fatalError("invariant broken: \(paths) wrote one file twice") }
    if let left = leftovers() { fatalError("invariant broken: \(paths) left a temporary file \(left)") }
    return 0
}

/// The database, its side files and the input as they are (and `x.csv` when it must be kept):
/// contents, or nil for a file not there.
private func snapshot(keeping existing: Bool) -> [String: Data?] {
    var state: [String: Data?] = [:]
    for name in ["lib.db", "lib.db-wal", "lib.db-shm", "lib.db-journal", "in.csv"] + (existing ? ["x.csv"] : []) {
        state[name] = FileManager.default.contents(atPath: sandbox + "/" + name)
    }
    return state
}

/// A temporary file of this process (`.NAME.PID-N.tmp`, as `OutputTarget` names them) still there.
private func leftovers() -> String? {
    let walker = FileManager.default.enumerator(atPath: sandbox)
    let marker = ".\(getpid())-"
    while let name = walker?.nextObject() as? String {
        let last = (name as NSString).lastPathComponent
        if last.hasPrefix("."), last.hasSuffix(".tmp"), last.contains(marker) { return name }
    }
    return nil
}

/// Lays the folder out afresh; `flags` says which side files, links and files exist.
private func layOut(_ flags: UInt8) {
    let manager = FileManager.default
    try? manager.removeItem(atPath: sandbox)
    try? manager.createDirectory(atPath: sandbox + "/sub/deeper", withIntermediateDirectories: true)
    _ = manager.createFile(atPath: sandbox + "/lib.db", contents: database)
    _ = manager.createFile(atPath: sandbox + "/in.csv", contents: input)
    if flags & 0x01 != 0 { _ = manager.createFile(atPath: sandbox + "/lib.db-wal", contents: Data("wal".utf8)) }
    if flags & 0x02 != 0 { _ = manager.createFile(atPath: sandbox + "/lib.db-shm", contents: Data("shm".utf8)) }
    if flags & 0x04 != 0 { _ = manager.createFile(atPath: sandbox + "/lib.db-journal", contents: Data("journal".utf8)) }
    if flags & 0x08 != 0 { _ = manager.createFile(atPath: sandbox + "/x.csv", contents: Data("other".utf8)) }
    if flags & 0x10 != 0 {
        try? manager.linkItem(atPath: sandbox + "/in.csv", toPath: sandbox + "/hard")
        try? manager.linkItem(atPath: sandbox + "/lib.db", toPath: sandbox + "/sub/hard-db")
    }
    if flags & 0x40 != 0 {
        let links = [
            ("sym-db", "lib.db"), ("sym-shm", "lib.db-shm"), ("sub/sym-wal", "../lib.db-wal"), ("sym-in", "in.csv"),
            ("sym-sub", "sub"), ("loop", "loop"), ("sub/sym-db", "../sym-db"), ("sub/missing", "deeper/none/x"),
        ]
        for (name, target) in links {
            try? manager.createSymbolicLink(atPath: sandbox + "/" + name, withDestinationPath: target)
        }
    }
}
