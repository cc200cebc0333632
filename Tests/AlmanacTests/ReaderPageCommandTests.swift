import Foundation
import Testing

/// Pages as a reader sees them (issue 30), through the binary, in English and Russian: every page
/// says the day or range it describes and when it was made; no terminal placeholder (`..:..`, an
/// empty image box) reaches a page; text wraps at words, hyphenated in the page's language; and the
/// calendar's grid on a terminal never splits a word without a hyphen.
@Suite struct ReaderPageCommandTests {
    let dir: Workdir
    static let day = PageCommandTests.day

    init() throws {
        dir = try PageCommandTests.sampleWorkdir()
        try #require(try dir.run(Self.day + ["calendar", "select", "christmas"]).status == 0)
    }

    /// "As of Mon 22 Dec 2025" and when it was made, on a page of `locale`; or a lead naming its days.
    static func expectDated(
        _ page: String, _ locale: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let about =
            locale == "en"
            ? "<span class=\"about\">As of Mon 22 Dec 2025</span>"
            : "<span class=\"about\">По состоянию на Пн, 22 дек. 2025</span>"
        #expect(
            page.contains(about) || page.contains("<p class=\"lead about\">"), "\(what) (\(locale)) says no day",
            sourceLocation: sourceLocation)
        let made =
            locale == "en"
            ? "Made <time class=\"made\" datetime=\"2025-12-22T" : "Создана <time class=\"made\" datetime=\"2025-12-22T"
        #expect(page.contains(made), "\(what) (\(locale)) says not when it was made", sourceLocation: sourceLocation)
        #expect(
            !page.contains("..:.."), "\(what) (\(locale)) shows a terminal placeholder", sourceLocation: sourceLocation)
        #expect(
            page.contains("<html lang=\"\(locale)\">") && page.contains("hyphens:auto"), "\(what) (\(locale))",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: ["en", "ru"])
    func everyPageSaysItsDayAndWhenItWasMade(_ locale: String) throws {
        let commands = try MissingDatabaseTests.commands(dir).filter(PageCommandTests.pageCommands.contains)
        #expect(commands.count == PageCommandTests.pageCommands.count)
        for command in commands {
            let out = try dir.run(
                Self.day + ["--locale", locale, "--format", "html"] + command.split(separator: " ").map(String.init)
                    + (MissingDatabaseTests.sampleArguments[command] ?? []).filter {
                        $0 != "1" || !command.hasSuffix("delete") && !command.hasSuffix("return")
                    })
            guard out.stdout.hasPrefix("<!DOCTYPE html>") else { continue }  // a delete of a row already gone
            Self.expectDated(out.stdout, locale, command)
        }
    }

    @Test(arguments: ["en", "ru"])
    func everySitePageSaysItsDayAndWhenItWasMade(_ locale: String) throws {
        let out = try dir.run(Self.day + ["--locale", locale, "site", "public"])
        #expect(out.status == 0, "\(out.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path("public")).sorted()
        #expect(files.count > 20)
        for file in files {
            Self.expectDated(try String(contentsOfFile: dir.path("public/" + file), encoding: .utf8), locale, file)
        }
    }

    /// An event from 22:00 to 01:30: its first day's card shows where it ends, its second where it began.
    @Test(arguments: [
        ("en", "22:00 → 01:30 Wed", "22:00 Tue → 01:30"), ("ru", "22:00 → 01:30, Ср", "22:00, Вт → 01:30"),
    ])
    func anEventPastMidnightShowsItsEnd(_ locale: String, _ first: String, _ second: String) throws {
        let add = try dir.run(
            Self.day + [
                "events", "add", "--title", "Late party", "--at", "2025-12-23T22:00", "--ends", "2025-12-24T01:30",
            ])
        #expect(add.status == 0, "\(add.stderr)")
        for command in [["events", "agenda"], ["events", "cards"]] {
            let page = try dir.run(Self.day + ["--locale", locale, "--format", "html"] + command).stdout
            #expect(page.contains("<div class=\"hours\">\(first)</div>"), "\(command)")
            #expect(page.contains("<div class=\"hours\">\(second)</div>"), "\(command)")
            #expect(!page.contains("..:.."))
            // The terminal keeps its compact form.
            let terminal = try dir.run(Self.day + ["--locale", locale] + command).stdout
            #expect(terminal.contains("22:00–..:..") && terminal.contains("..:..–01:30"), "\(terminal)")
        }
    }

    @Test(arguments: ["en", "ru"])
    func aCardWithoutAnImageHasNoImageBox(_ locale: String) throws {
        let add = try dir.run(Self.day + ["events", "add", "--title", "No picture", "--at", "2025-12-23T10:00"])
        #expect(add.status == 0, "\(add.stderr)")
        let id = add.stdout.split(separator: " ")[2].trimmingCharacters(in: CharacterSet(charactersIn: ":"))
        let page = try dir.run(Self.day + ["--locale", locale, "--format", "html", "events", "agenda"]).stdout
        let card = try #require(
            page.components(separatedBy: "<article class=\"card\" data-id=\"\(id)\">").dropFirst().first)
        let body = try #require(card.components(separatedBy: "</article>").first)
        #expect(body.contains("No picture") && !body.contains("class=\"image\""), "\(body)")
        // A card with an image keeps it.
        #expect(page.contains("<div class=\"image\" role=\"img\""))
    }

    @Test func pagesWrapAtWordsAndHyphenateInTheirLanguage() throws {
        for locale in ["en", "ru"] {
            let page = try dir.run(Self.day + ["--locale", locale, "--format", "html", "events", "agenda"]).stdout
            #expect(page.contains("<html lang=\"\(locale)\">"))
            #expect(page.contains("hyphens:auto"))
            // Only a cell's very long value (one scrolling inside it) may break anywhere.
            let style = try #require(page.components(separatedBy: "</style>").first)
            #expect(style.components(separatedBy: "overflow-wrap:anywhere").count == 2, "\(style)")
            #expect(style.contains("td .long{max-height:9em;overflow-y:auto;min-width:12rem;overflow-wrap:anywhere"))
        }
    }

    /// Door 7 of the Russian Christmas calendar holds «Леденец-тросточка», wider than a door: the grid
    /// breaks it after its own hyphen, not inside a part (`Леденец-тр` / `осточка` before).
    @Test(arguments: [80, 60, 40])
    func theRussianGridBreaksWordsWithAHyphen(_ columns: Int) throws {
        #expect(try dir.run(Self.day + ["calendar", "test-mode", "on"]).status == 0)
        #expect(try dir.run(Self.day + ["calendar", "open", "rozhdestvo", "7"]).status == 0)
        let out = try dir.run(
            Self.day + ["--locale", "ru", "calendar", "show", "rozhdestvo"], environment: ["COLUMNS": String(columns)])
        #expect(out.status == 0, "\(out.stderr)")
        let cells = out.stdout.split(separator: "\n").flatMap { $0.split(separator: "│") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let pieces = cells.filter { piece in "Леденец-тросточка".contains(piece) && piece.count > 1 }
        #expect(!pieces.isEmpty, "\(out.stdout)")
        // Every piece of the word but the last ends at a hyphen, and together they make the word.
        #expect(pieces.dropLast().allSatisfy { $0.hasSuffix("-") }, "\(pieces)")
        #expect(
            pieces.joined() == "Леденец-тросточка"
                || pieces.map { $0.hasSuffix("-") && $0 != "Леденец-" ? String($0.dropLast()) : $0 }.joined()
                    == "Леденец-тросточка",
            "\(pieces)\n\(out.stdout)")
    }
}
