import Foundation
import Testing

/// Rules about the code itself: the command line holds no SQL, dates never use the process's zone, and
/// files stay small.
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
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.firstMatch(of: pattern) == nil, "SQL in \(file.lastPathComponent)")
        }
    }

    /// Dates are shown and compared in `--tz` (Settings' zone), never in the process's zone, which
    /// Foundation, ICU and the C library each read from `TZ` in their own way; and only
    /// `LocalizedFormats` makes a date formatter (proleptic Gregorian, fed wall-clock times).
    @Test func nothingReadsTheProcesssZone() throws {
        let pattern = try Regex(#"(TimeZone|Calendar)\.(current|autoupdatingCurrent)|NSTimeZone|\b(localtime|localtime_r|mktime|timelocal)\("#)
        for file in Self.swiftFiles(under: "Sources") {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.firstMatch(of: pattern) == nil, "the process's zone in \(file.lastPathComponent)")
            if file.lastPathComponent != "LocalizedFormats.swift" {
                #expect(!text.contains("DateFormatter()") && !text.contains("FormatStyle"), "a date formatter in \(file.lastPathComponent)")
            }
        }
    }

    @Test func sourceFilesStayShort() throws {
        for file in Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests") {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= 320, "\(file.lastPathComponent) has \(lines) lines")
        }
    }
}
