import AlmanacKinds
import AlmanacOutput
import AlmanacText
import Foundation

/// The sample CSV files embedded from `SampleData/`, one per kind of data.
public enum SampleData {
    /// The embedded files: file name (`books.csv`) and contents, sorted by name.
    public static var files: [(name: String, contents: String)] {
        Resources.files(under: "SampleData").filter { $0.path.hasSuffix(".csv") }
            .map { (($0.path as NSString).lastPathComponent, $0.contents) }
    }

    /// Writes every sample file into `folder` (created when missing) and returns their paths. The
    /// files go through an `OutputGuard` like every file Almanac writes: never `database` or its
    /// side files; a sample file left by an earlier demo is replaced.
    @discardableResult
    public static func write(into folder: String, database: String? = nil) throws -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw AlmanacError(
                .cannotCreate, "error.cannot-write", ["path": folder, "reason": error.localizedDescription])
        }
        var outputs = OutputGuard(database: database, force: true)
        return try files.map { file in
            let path = (folder as NSString).appendingPathComponent(file.name)
            try outputs.write(path, option: "demo") { try $0.write(file.contents) }
            return path
        }
    }
}
