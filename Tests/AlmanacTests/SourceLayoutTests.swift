import Foundation
import Testing

/// Rules about the code itself: the command line holds no SQL, and files stay small.
@Suite struct SourceLayoutTests {
    static func swiftFiles(under folder: String) -> [URL] {
        let root = Workdir.packageRoot.appendingPathComponent(folder)
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    @Test func commandLineHoldsNoSQL() throws {
        let files = Self.swiftFiles(under: "Sources/almanac")
        #expect(!files.isEmpty)
        let pattern = try Regex(#"\b(SELECT\s+.+\s+FROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX)|PRAGMA\s+\w+)\b"#)
        for file in files {
            // An example's command line (`Example("almanac query \"SELECT …\"", …)`) is what a user types,
            // not SQL the command line runs.
            let text = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.contains("Example(\"almanac ") }.joined(separator: "\n")
            #expect(text.firstMatch(of: pattern) == nil, "SQL in \(file.lastPathComponent)")
        }
    }

    @Test func sourceFilesStayShort() throws {
        for file in Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests") {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= 320, "\(file.lastPathComponent) has \(lines) lines")
        }
    }
}
