import Foundation
import Testing

@testable import AlmanacOutput

/// README is a guide and `docs/` the reference: every link between them leads to a file and a
/// heading that exist, every page links back, and the sections Almanac's messages name are there.
@Suite struct DocumentationTests {
    let pages: [Guides.Page]

    init() throws {
        pages = try Guides.all()
    }

    @Test func everyLinkLeadsToAFileAndHeadingThatExist() throws {
        let byName = Dictionary(uniqueKeysWithValues: pages.map { ($0.name, $0.text) })
        for page in pages {
            for link in Guides.links(page.text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? page.name : Self.resolve(parts[0], from: page.name)
                let path = Workdir.packageRoot.appendingPathComponent(target).path
                let exists = FileManager.default.fileExists(atPath: path)
                #expect(exists, "\(page.name): the link \(link) leads to \(target), which is not there")
                guard parts.count == 2, target.hasSuffix(".md"), let text = byName[target] else { continue }
                #expect(Guides.anchors(text).contains(parts[1]), "\(page.name): \(target) has no heading #\(parts[1])")
            }
        }
    }

    @Test func everyPageStartsWithASummaryAndLinksBackToTheReadme() {
        for page in pages where page.name != "README.md" {
            let lines = page.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first?.hasPrefix("# ") == true, "\(page.name) does not start with its title")
            #expect(
                lines.count > 2 && lines[1].isEmpty && !lines[2].isEmpty && !lines[2].hasPrefix("#")
                    && !lines[2].hasPrefix("```") && !lines[2].hasPrefix("["),
                "\(page.name) does not open with a summary")
            let opening = lines.prefix { !$0.hasPrefix("## ") && !$0.hasPrefix("```") }.joined(separator: "\n")
            let linksBack = Guides.links(opening).contains("../README.md")
            #expect(linksBack, "\(page.name) links back to README only after its first section")
        }
    }

    @Test func theReadmeLinksEveryPage() throws {
        let readme = try #require(pages.first { $0.name == "README.md" })
        let linked = Set(Guides.links(readme.text).map { String($0.prefix { $0 != "#" }) })
        for page in pages where page.name != "README.md" {
            #expect(linked.contains(page.name), "README does not link \(page.name)")
        }
    }

    /// A guide a newcomer reads at once: at most 25,000 bytes, opening with the two commands that matter.
    @Test func theReadmeIsAGuide() throws {
        let readme = try #require(pages.first { $0.name == "README.md" })
        let size = readme.text.utf8.count
        #expect(size <= 25_000, "README is \(size) bytes; move reference text to docs/")
        let first = try #require(ShellWords.shellBlockList(readme.text).first)
        #expect(first.prefix(2).map(ShellWords.normalized) == ["make demo", "make test"])
    }

    /// The errors that send a user to a README section (`see README, “Reading as another user”`), in
    /// every language, name a section README has.
    @Test func theSectionsMessagesNameAreInTheReadme() throws {
        let readme = try #require(pages.first { $0.name == "README.md" })
        let headings = Set(Guides.headings(readme.text))
        let root = Workdir.packageRoot.appendingPathComponent("Translations")
        var named = 0
        let files = FileManager.default
        for language in try files.contentsOfDirectory(atPath: root.path) {
            let folder = root.appendingPathComponent(language)
            for file in try files.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".strings") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (open, close) in [("README, “", "”"), ("README, «", "»")] {
                    var rest = Substring(text)
                    while let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close) {
                        let section = String(rest[start.upperBound..<end.lowerBound])
                        let found = headings.contains(section)
                        #expect(found, "\(language)/\(file) names README's “\(section)”, not there")
                        named += 1
                        rest = rest[end.upperBound...]
                    }
                }
            }
        }
        #expect(named >= 6)
    }

    /// A link's path from the package root: `../README.md` from `docs/books.md` is `README.md`.
    static func resolve(_ link: String, from page: String) -> String {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in link.split(separator: "/").map(String.init) where part != "." {
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }
}
