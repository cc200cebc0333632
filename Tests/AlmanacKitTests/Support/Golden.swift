import Foundation
import Testing

/// Golden files: expected output kept in `Tests/AlmanacKitTests/Goldens/`, compared byte for byte.
///
/// A missing golden is a failure. Run with `RECORD_GOLDEN=1` to write the missing ones: the run
/// still fails, so a person reads each new file before it is trusted (and committed).
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Goldens")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    /// Compares `actual` with the golden file `name`, recording an issue on any difference.
    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        let bytes = Data(steady(actual).utf8)
        guard let expected = FileManager.default.contents(atPath: url.path) else {
            if isRecording {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try bytes.write(to: url)
                Issue.record(
                    "wrote the missing golden \(name): review it, then run the tests again",
                    sourceLocation: sourceLocation)
            } else {
                Issue.record(
                    "missing golden \(name): run with RECORD_GOLDEN=1 to write it, then review it",
                    sourceLocation: sourceLocation)
            }
            return
        }
        // Bytes, not Strings: Swift's String equality would call precomposed and decomposed accents equal.
        if expected != bytes {
            Issue.record(
                """
                \(name) differs from its golden (delete the file and run with RECORD_GOLDEN=1 to rewrite it)
                --- expected
                \(String(decoding: expected, as: UTF8.self))
                --- actual
                \(actual)
                """, sourceLocation: sourceLocation)
        }
    }

    /// The output with the things that follow the clock or the machine steadied: when a page says it
    /// was made, written as `<time class="made" datetime="…">…</time>`, and a flag's picture, whose
    /// bytes are Debian's iso-flags-svg's (`src="data:image/svg+xml,…"`; FlagPicturesTests reads them).
    static func steady(_ text: String) -> String {
        let text =
            text.contains("data:image/svg+xml,")
            ? text.replacingOccurrences(
                of: #"src="data:image/svg\+xml,[^"]*""#, with: #"src="data:image/svg+xml,…""#,
                options: .regularExpression) : text
        guard text.contains("<time class=\"made\"") else { return text }
        return text.replacingOccurrences(
            of: #"<time class="made" datetime="[^"]*">[^<]*</time>"#,
            with: #"<time class="made" datetime="…">…</time>"#, options: .regularExpression)
    }

    /// The file extension of a format's golden.
    static func fileExtension(_ format: String) -> String {
        switch format {
        case "table": return "txt"
        case "markdown": return "md"
        default: return format
        }
    }
}
