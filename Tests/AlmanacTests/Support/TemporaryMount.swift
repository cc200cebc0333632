import Foundation
import Testing

/// A small tmpfs of its own for one test, not yet full (a database on a disk that fills up while
/// it is written, a file system that turns read-only), unmounted when released. Whether one can be
/// mounted here is `FullDiskCommandTests.unavailable`'s probe; mounting and filling go through
/// `SmallDisk`.
final class TemporaryMount {
    /// Why a test that needs a mount did not run.
    static let skipReason: Comment = "needs to mount a small tmpfs (mount -t tmpfs needs root; CI runs as root)"

    /// True when a tmpfs can be mounted here.
    static var isPossible: Bool { FullDiskCommandTests.unavailable == nil }

    let url: URL
    private(set) var isMounted = false

    /// Mounts a tmpfs of `kilobytes` on a new folder.
    init(kilobytes: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-mount-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let mounted = SmallDisk.run(
            "/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", url.path])
        isMounted = mounted.status == 0
        try #require(isMounted, "\(mounted.output)")
    }

    deinit {
        if isMounted { _ = SmallDisk.run("/bin/umount", [url.path]) }
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of a file on the mount.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Remounts it read-only: nobody may write, root included.
    func makeReadOnly() -> Bool { SmallDisk.run("/bin/mount", ["-o", "remount,ro", url.path]).status == 0 }

    /// Fills it to the last block (dd stops at ENOSPC).
    func fill() {
        _ = SmallDisk.run("/bin/dd", ["if=/dev/zero", "of=" + path("filler"), "bs=1024"])
    }
}
