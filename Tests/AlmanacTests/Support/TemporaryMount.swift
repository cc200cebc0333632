import Foundation
import Testing

/// A small tmpfs mounted for one test (a disk that fills up, a file system that turns read-only),
/// unmounted when released. Mounting needs root (or CAP_SYS_ADMIN); where it is not possible the
/// tests that need one are skipped with `skipReason`.
final class TemporaryMount {
    /// Why a test that needs a mount did not run.
    static let skipReason: Comment = "needs to mount a small tmpfs (mount -t tmpfs: root in CI, refused here)"

    /// True when a tmpfs can be mounted here: tried once, on a probe.
    static let isPossible: Bool = {
        guard getuid() == 0, let probe = try? TemporaryMount(kilobytes: 64) else { return false }
        return probe.isMounted
    }()

    let url: URL
    private(set) var isMounted = false

    /// Mounts a tmpfs of `kilobytes` on a new folder.
    init(kilobytes: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-mount-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        isMounted = Self.mount(["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", url.path])
    }

    deinit {
        if isMounted { _ = Self.mount(["-l", url.path], command: "/bin/umount") }
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of a file on the mount.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Remounts it read-only: nobody may write, root included.
    func makeReadOnly() -> Bool { Self.mount(["-o", "remount,ro", url.path]) }

    /// Fills the mount to its last byte with a file of zeros.
    func fill() {
        guard let handle = FileHandle(forWritingAtPath: path("filler")) ?? {
            FileManager.default.createFile(atPath: path("filler"), contents: nil)
            return FileHandle(forWritingAtPath: path("filler"))
        }() else { return }
        let block = Data(count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        // The last partial block, byte by byte, so that not even 1 KB is left.
        while (try? handle.write(contentsOf: Data(count: 1))) != nil {}
        try? handle.close()
    }

    private static func mount(_ arguments: [String], command: String = "/bin/mount") -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
