import AlmanacStore
import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit

/// The registry is the one list of kinds: it holds every kind the sources define, once, each after
/// the kinds it refers to; and no source outside the worlds' targets and the registry names a
/// particular kind (but a world's views, in `AlmanacViews`, its own world's), so a new world adds its
/// kinds without editing a switch (issue 39).
@Suite struct KindRegistryTests {
    @Test func listsEveryKindOnceEachAfterTheKindsItRefersTo() throws {
        let kinds = KindRegistry.kinds
        #expect(Set(kinds).count == kinds.count, "a kind listed twice")
        let registered = KindRegistry.entries.map { String(describing: $0.definition) }
        #expect(Set(registered) == Set(Self.sources.flatMap(\.definitions)), "a kind defined but not registered")
        #expect(Set(kinds.map(\.rawValue)) == Set(Self.sources.flatMap(\.names).map(\.rawValue)))
        for (place, kind) in kinds.enumerated() {
            for other in kind.definition.refersTo {
                #expect((kinds.firstIndex(of: other) ?? .max) < place, "\(kind) before \(other), which it refers to")
            }
        }
        // The last ids after every kind with ids, whose last ids they hold.
        let lastIDs = try #require(kinds.firstIndex(of: .lastIDs))
        for kind in KindRegistry.kindsWithIDs { #expect(kinds.firstIndex(of: kind)! < lastIDs, "\(kind)") }
        // The other orders hold the same kinds.
        #expect(KindRegistry.listed.sorted { $0.rawValue < $1.rawValue } == kinds.sorted { $0.rawValue < $1.rawValue })
        #expect(
            Set(KindRegistry.kindsWithIDs)
                == Set(kinds.filter { $0.definition.specs.contains { $0.type == .id } }))
    }

    /// A kind's table's foreign keys to another kind's table are among what it refers to.
    @Test func everyForeignKeyBetweenKindsIsAReference() throws {
        let directory = try TemporaryDirectory()
        let database = try Store.create(directory.path("almanac.db"))
        for kind in KindRegistry.kinds {
            for row in try database.rows("SELECT \"table\" FROM pragma_foreign_key_list(?1)", [.text(kind.table)]) {
                guard let other = KindRegistry.kinds.first(where: { $0.table == row[0].textValue }), other != kind
                else { continue }
                #expect(kind.definition.refersTo.contains(other), "\(kind) refers to \(other) by a foreign key")
            }
        }
    }

    @Test func noSourceOutsideTheWorldsAndTheRegistryNamesAKind() throws {
        let sources = Self.sources
        let names = Set(sources.flatMap(\.names).map(\.member))
        let definitions = Set(sources.flatMap(\.definitions))
        #expect(names.count == KindRegistry.kinds.count && definitions.count == KindRegistry.kinds.count)
        // A world is a target that defines kinds; AlmanacKinds, which every world shares, defines one
        // no world owns (last-ids), in a file of its own.
        let worlds = Set(sources.filter { !$0.definitions.isEmpty }.map(\.target)).subtracting(["AlmanacKinds"])
        #expect(worlds.count >= 5)
        for source in sources where !worlds.contains(source.target) && source.path != Self.registry {
            // A world's views (`Sources/AlmanacViews/Books/`) show its own kinds' columns.
            let viewed = sources.filter { $0.target == source.viewedWorld }
            let allowed = Set(
                (source.names + viewed.flatMap(\.names)).map(\.member) + source.definitions
                    + viewed.flatMap(\.definitions))
            var code = source.code
            for other in Self.otherCases where other.file == nil || source.path.hasSuffix("/" + other.file!) {
                code = code.replacingOccurrences(of: other.code, with: "")
            }
            let named = KindNames.named(in: code, members: names, definitions: definitions)
            for (line, name) in named where !allowed.contains(name) {
                Issue.record("\(source.path):\(line): names the kind \(name)")
            }
        }
        // The importer and the exporter know the worlds only through the registry.
        for source in sources where source.target == "AlmanacImport" && source.path != Self.registry {
            for world in worlds where source.code.contains("import \(world)\n") {
                Issue.record("\(source.path) imports \(world)")
            }
        }
    }

    @Test func theRuleCatchesWhatItForbids() {
        let members: Set = ["books", "animationSettings"]
        let definitions: Set = ["BookKind"]
        func named(_ line: String) -> [String] {
            KindNames.named(in: KindNames.code(line), members: members, definitions: definitions).map(\.name)
        }
        #expect(named("if kind == .books {") == ["books"])
        #expect(named("        case .animationSettings: return x") == ["animationSettings"])
        #expect(named("let kinds: [ImportKind] = [.books, .events]") == ["books"])
        #expect(named("let table = ImportKind.books.table") == ["books"])
        #expect(named("KindRows<BookKind>(context: c)") == ["BookKind"])
        #expect(named("let text = \"\\(ImportKind.books)\"") == ["books"])
        #expect(named("return store.books(from: day)").isEmpty)
        #expect(named("let s = \"help.books.add\" // .books").isEmpty)
        #expect(named("/* case .books */ let a = 1").isEmpty)
        #expect(named("let x = #\"a \" .books\"#").isEmpty)
        #expect(named("loans\n    .books(x)").isEmpty)
        #expect(named("let n = added.books").isEmpty)
        let view = SourceFile(path: "Sources/AlmanacViews/Books/LoanTable.swift", text: "", code: "")
        #expect(view.viewedWorld == "AlmanacBooks")
        #expect(SourceFile(path: "Sources/AlmanacKit/Pages/Site.swift", text: "", code: "").viewedWorld == nil)
    }

    /// A case of another enum spelled like a kind, where it is used (any file when nil): the
    /// completion list of the holidays' keys (`CompletionList.holidays`).
    static let otherCases: [(file: String?, code: String)] = [
        (nil, ".list(.holidays)"), ("CompletionValues.swift", "case .holidays"),
    ]

    /// The registry's own file, which names every kind.
    static let registry = "Sources/AlmanacImport/KindRegistry.swift"

    /// Every Swift file of `Sources`, read once.
    static let sources: [SourceFile] = {
        let root = PackagePaths.root.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.compactMap { url in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            let path = "Sources/" + url.path.dropFirst(root.path.count + 1)
            return SourceFile(path: path, text: text, code: KindNames.code(text))
        }.sorted { $0.path < $1.path }
    }()

    /// A source file, its code (comments and the text of strings left out) and the kinds it declares.
    struct SourceFile {
        let path: String
        let text: String
        let code: String

        /// `Sources/TARGET/…`.
        var target: String { String(path.split(separator: "/")[1]) }

        /// The world whose views it is (`AlmanacBooks` for `Sources/AlmanacViews/Books/…`), or nil.
        var viewedWorld: String? {
            let parts = path.split(separator: "/")
            return parts.count > 3 && parts[1] == "AlmanacViews" ? "Almanac" + parts[2] : nil
        }

        /// The kinds' names it declares (`static let books = ImportKind(rawValue: "books")`).
        var names: [(member: String, rawValue: String)] {
            text.matches(of: /static let (\w+) = ImportKind\(rawValue: "([^"]+)"\)/).map {
                (String($0.output.1), String($0.output.2))
            }
        }

        /// The kinds' definitions it declares (`enum BookKind: KindDefinition`).
        var definitions: [String] {
            code.matches(of: /(?:enum|struct) (\w+): KindDefinition\b/).map { String($0.output.1) }
        }
    }
}
