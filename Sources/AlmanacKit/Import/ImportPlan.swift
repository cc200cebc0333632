import Foundation

/// Turns `import` arguments into files to read: `KIND FILE…` (FILE `-` is standard input), or one
/// directory whose known files (`books.csv`, …) are read in dependency order.
public enum ImportPlan {
    /// The files and their kinds, in the order they are imported; notes for files a directory holds
    /// that are not a known kind.
    public static func resolve(_ arguments: [String]) throws -> (files: [(kind: ImportKind, path: String)], ignored: [String]) {
        guard let first = arguments.first else {
            throw AlmanacError(.usage, "import.error.no-arguments", ["kinds": kindList])
        }
        var isDirectory: ObjCBool = false
        if arguments.count == 1, FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory), isDirectory.boolValue {
            return try directory(first)
        }
        guard let kind = ImportKind(rawValue: first) else {
            throw AlmanacError(.usage, "import.error.unknown-kind", ["kind": first, "kinds": kindList])
        }
        let paths = Array(arguments.dropFirst())
        guard !paths.isEmpty else { throw AlmanacError(.usage, "import.error.no-files", ["kind": kind.rawValue]) }
        if paths.filter({ $0 == "-" }).count > 1 { throw AlmanacError(.usage, "import.error.stdin-twice") }
        return (paths.map { (kind, $0) }, [])
    }

    /// The kinds, comma-separated, for messages.
    public static var kindList: String { ImportKind.allCases.map(\.rawValue).joined(separator: ", ") }

    private static func directory(_ path: String) throws -> (files: [(kind: ImportKind, path: String)], ignored: [String]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            throw AlmanacError(.missingInput, "import.error.cannot-open", ["path": path, "reason": error.localizedDescription])
        }
        // Paths stay as the user wrote the directory, so messages name `data/books.csv`, not an absolute path.
        func inside(_ name: String) -> String { path.hasSuffix("/") ? path + name : path + "/" + name }
        let files = ImportKind.dependencyOrder.filter { names.contains($0.fileName) }.map { (kind: $0, path: inside($0.fileName)) }
        guard !files.isEmpty else {
            throw AlmanacError(.missingInput, "import.error.empty-directory", ["path": path,
                "files": ImportKind.dependencyOrder.map(\.fileName).joined(separator: ", ")])
        }
        let known = Set(ImportKind.allCases.map(\.fileName))
        let ignored = names.filter { $0.hasSuffix(".csv") && !known.contains($0) }.map(inside)
        return (files, ignored)
    }
}
