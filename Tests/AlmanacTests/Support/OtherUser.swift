import Foundation
import Testing

/// A second user, `nobody`, to run the binary as: the user who may read the database but not write
/// it or its folder (a monitoring check), as a real process of another uid. Only root can switch
/// users; elsewhere the tests that need one are skipped with `skipReason`.
struct OtherUser {
    /// Why a test that needs a second user did not run.
    static let skipReason: Comment = "needs root to run the binary as a second user (setpriv --reuid=nobody)"

    /// True when the tests run as root and `setpriv` is there.
    static let isAvailable =
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv.path)
        && getpwnam("nobody") != nil && getgrnam("nogroup") != nil

    static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")

    /// The directory the tests run in.
    let dir: Workdir
    /// A copy of the binary that `nobody` may run: the build folder need not be readable by others.
    let binary: URL

    /// Copies the binary into `dir/bin` and opens `dir` to others (read and enter, not write).
    init(_ dir: Workdir) throws {
        self.dir = dir
        let folder = dir.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        binary = folder.appendingPathComponent("almanac")
        try FileManager.default.copyItem(at: Workdir.binary, to: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.url.path)
    }

    /// Runs the binary in `dir` as `nobody:nogroup`, with no supplementary groups.
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Workdir.Output {
        try dir.run(
            ["--reuid=nobody", "--regid=nogroup", "--clear-groups", binary.path] + arguments,
            environment: environment, executable: Self.setpriv)
    }
}

/// Sets the permission bits of files in a directory (`chmod`).
func setMode(_ mode: Int, _ paths: String...) throws {
    for path in paths { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path) }
}
