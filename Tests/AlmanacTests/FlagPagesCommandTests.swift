import Foundation
import Testing

/// Flags on the pages `--format html` writes: Debian's iso-flags-svg pictures inside the page
/// (`data:` images, made smaller, scaled by a `viewBox`), the emoji their alternative text and what
/// every other format still shows; without the folder, the emoji with a note saying why.
@Suite struct FlagPagesCommandTests {
    let dir: Workdir
    static let picture = "<img class=\"flag\" src=\"data:image/svg+xml,"

    init() throws {
        dir = try Workdir()
        try dir.prepared("sample countries", as: "a.db") { template in
            try template.initDatabase("made.db")
            let sample = Workdir.packageRoot.appendingPathComponent("SampleData/countries.csv").path
            let loaded = try template.run(["--db", "made.db", "import", "countries", sample])
            try #require(loaded.status == 0, "\(loaded.stderr)")
        }
    }

    /// The pictures of a page, decoded back to SVG.
    static func pictures(_ page: String) -> [String] {
        page.components(separatedBy: picture).dropFirst().compactMap {
            $0.prefix { $0 != "\"" }.replacingOccurrences(of: "&amp;", with: "&").removingPercentEncoding
        }
    }

    @Test func aPageDrawsEachFlagAsAPictureWithItsEmojiAsText() throws {
        for (locale, name) in [("en", "Germany"), ("ru", "Германия")] {
            let page = try dir.run([
                "--db", "a.db", "--locale", locale, "countries", "list", "--search", "germany", "--format", "html",
            ])
            #expect(page.status == 0, "\(page.stderr)")
            #expect(page.stdout.contains("\" alt=\"🇩🇪\"></td>"))
            #expect(page.stdout.contains(name))
            let svg = try #require(Self.pictures(page.stdout).first)
            // Made smaller and scalable: no XML declaration, comment or metadata, a viewBox added.
            #expect(svg.hasPrefix("<svg viewBox=\"0 0 640 480\"") && svg.hasSuffix("</svg>"), "\(svg.prefix(120))")
            #expect(!svg.contains("<!--") && !svg.contains("<metadata") && !svg.contains("\n"))
            #expect(svg.contains("fill=\"#ffe600\""), "Germany's gold")
            #expect(!page.stdout.contains("needs no network, font"))
        }
        // Every other format keeps the emoji.
        let table = try dir.run(["--db", "a.db", "countries", "list", "--search", "germany"]).stdout
        #expect(table.contains("│ 🇩🇪   │ DE   │ Germany"))
        let json = try dir.run(["--db", "a.db", "countries", "list", "--search", "germany", "--format", "json"])
        #expect(json.stdout.contains("\"flag\": \"🇩🇪\"") && !json.stdout.contains("svg"))
    }

    @Test func aQuestionsPageShowsItsFourFlagsAsPictures() throws {
        let page = try dir.run(["--db", "a.db", "quiz", "question", "--seed", "7", "--format", "html"])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(Self.pictures(page.stdout).count == 4)
        let text = try dir.run(["--db", "a.db", "quiz", "question", "--seed", "7"]).stdout
        #expect(!text.contains("svg") && text.unicodeScalars.contains { (0x1F1E6...0x1F1FF).contains($0.value) })
    }

    @Test func withoutTheFolderAPageShowsTheEmojiAndSaysWhy() throws {
        for (locale, note) in [("en", "No picture of this flag in "), ("ru", "нет картинки этого флага")] {
            let page = try dir.run(
                ["--db", "a.db", "--locale", locale, "countries", "list", "--search", "germany", "--format", "html"],
                environment: ["ALMANAC_FLAGS_DIR": dir.url.path + "/none"])
            #expect(page.status == 0, "\(page.stderr)")
            #expect(!page.stdout.contains("data:image/svg+xml"))
            #expect(page.stdout.contains("<span class=\"flag\" title=\""))
            #expect(page.stdout.contains(note) && page.stdout.contains("🇩🇪</span>"))
        }
        // A folder of one's own is read instead.
        let own = dir.url.appendingPathComponent("own")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        try "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"><rect width=\"4\" height=\"3\"/></svg>"
            .write(to: own.appendingPathComponent("de.svg"), atomically: true, encoding: .utf8)
        let page = try dir.run(
            ["--db", "a.db", "countries", "list", "--search", "germany", "--format", "html"],
            environment: ["ALMANAC_FLAGS_DIR": own.path])
        #expect(
            Self.pictures(page.stdout) == [
                "<svg viewBox=\"0 0 4 3\" xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"><rect width=\"4\" height=\"3\"/></svg>"
            ])
    }
}
