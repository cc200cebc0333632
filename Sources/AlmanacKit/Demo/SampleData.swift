import Foundation

/// The sample CSV files embedded from `SampleData/`, one per kind of data.
public enum SampleData {
    /// The embedded files: file name (`books.csv`) and contents, sorted by name.
    public static var files: [(name: String, contents: String)] {
        Resources.files(under: "SampleData").filter { $0.path.hasSuffix(".csv") }
            .map { (($0.path as NSString).lastPathComponent, $0.contents) }
    }

    /// Writes every sample file into `folder` (created when missing) and returns their paths.
    @discardableResult
    public static func write(to folder: String) throws -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return try files.map { file in
                let path = (folder as NSString).appendingPathComponent(file.name)
                try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path))
                return path
            }
        } catch {
            throw AlmanacError(.ioError, "error.cannot-write", ["path": folder, "reason": error.localizedDescription])
        }
    }
}
