import Crypto
import Foundation

/// What a test compares before and after a command: a file's bytes and a folder's names.
enum FileState {
    /// The SHA-256 of a file's bytes, or "absent".
    static func digest(_ path: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "absent" }
        let digest = SHA256.hash(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    /// The names in a folder, sorted.
    static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
