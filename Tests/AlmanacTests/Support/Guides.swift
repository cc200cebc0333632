import Foundation

@testable import AlmanacOutput

/// README and the reference pages in `docs/`, read as the tests that hold them to the binary read them.
enum Guides {
    /// One Markdown file: its path from the package root and its text.
    struct Page {
        let name: String
        let text: String
    }

    /// README.md first, then every `docs/*.md` page by name.
    static func all() throws -> [Page] {
        let root = Workdir.packageRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try (["README.md"] + docs).map { name in
            Page(name: name, text: try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8))
        }
    }

    /// The lines of a Markdown text outside its fenced code blocks.
    static func prose(_ markdown: String) -> [Substring] {
        var inside = false
        return markdown.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("```") {
                inside.toggle()
                return false
            }
            return !inside
        }
    }

    /// The headings' texts, without their `#` marks.
    static func headings(_ markdown: String) -> [String] {
        prose(markdown).filter { $0.hasPrefix("#") }
            .map { String($0.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces) }
    }

    /// The anchors GitHub gives the headings: lower case, punctuation but `-` and `_` dropped, spaces
    /// made `-`, and a repeated anchor numbered (`-1`, `-2`).
    static func anchors(_ markdown: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for heading in headings(markdown) {
            let slug = String(
                heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                    if scalar == " " { return "-" }
                    let kept =
                        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                        || scalar.properties.generalCategory == .nonspacingMark || scalar == "-" || scalar == "_"
                    return kept ? Character(scalar) : nil
                })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// The targets of the inline links `[text](target)` outside code blocks and code spans.
    static func links(_ markdown: String) -> [String] {
        prose(markdown).flatMap { line -> [String] in
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            let text = parts.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var targets: [String] = []
            var rest = Substring(text)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]))
                rest = after[close...]
            }
            return targets
        }
    }
}
