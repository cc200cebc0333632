import Foundation
import Testing

@testable import AlmanacEvents
@testable import AlmanacKinds
@testable import AlmanacOutput
@testable import AlmanacText

/// Rules about the code itself: the command line holds no SQL, the worlds know no renderer, files
/// stay small, every byte Almanac writes goes through its checked writer and its output-path guard,
/// and dates never use the process's zone.
@Suite struct SourceLayoutTests {
    static func swiftFiles(under folder: String) -> [URL] {
        let root = Workdir.packageRoot.appendingPathComponent(folder)
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    @Test func commandLineHoldsNoSQL() throws {
        let files = Self.swiftFiles(under: "Sources/almanac")
        #expect(!files.isEmpty)
        let pattern = try Regex(
            #"\b(SELECT\s+.+\s+FROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX)|PRAGMA\s+\w+)\b"#
        )
        for file in files {
            // An example's command line (`Example("almanac query \"SELECT …\"", …)`, its string on a
            // line of its own when the formatter breaks the call) is what a user types, not SQL the
            // command line runs.
            let text = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.contains("\"almanac ") }.joined(separator: "\n")
            #expect(text.firstMatch(of: pattern) == nil, "SQL in \(file.lastPathComponent)")
        }
    }

    /// No output bypasses `OutputWriter` (a failed write would go unseen) and no file is created
    /// outside `Sources/AlmanacOutput/IO` (it would skip the output-path guard). EmbedTool runs at build
    /// time only. TerminalRestoration and MonitoringGuard write from a signal handler, where only
    /// write(2) itself is safe.
    @Test func everyWriteGoesThroughTheCheckedWriterAndTheGuard() throws {
        let files = Self.swiftFiles(under: "Sources")
            .filter {
                !$0.path.contains("/Sources/AlmanacOutput/IO/") && !$0.path.contains("/Sources/EmbedTool/")
                    && !["TerminalRestoration.swift", "MonitoringGuard.swift"].contains($0.lastPathComponent)
            }
        #expect(files.count > 100)
        let rules: [(String, Regex<AnyRegexOutput>)] = [
            ("print(", try Regex(#"(^|[^\w.])(print|debugPrint|dump)\("#)),
            (
                "a raw standard stream",
                try Regex(
                    #"FileHandle\.standard(Output|Error)|\b(fputs|fwrite|fprintf|puts|putchar)\(|(Glibc|Foundation)\.write\("#
                )
            ),
            (
                "a file created outside the guard",
                try Regex(#"O_CREAT|\bcreat\(|createFile\(|FileHandle\(forWriting|\.write\(to:|fopen\("#)
            ),
        ]
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for (what, pattern) in rules where line.firstMatch(of: pattern) != nil {
                    Issue.record("\(file.lastPathComponent):\(number + 1): \(what): \(line)")
                }
            }
        }
    }

    /// Dates are shown and compared in `--tz` (Settings' zone), never in the process's zone, which
    /// Foundation, ICU and the C library each read from `TZ` in their own way; and only
    /// `LocalizedFormats` makes a date formatter (proleptic Gregorian, fed wall-clock times).
    @Test func nothingReadsTheProcesssZone() throws {
        let pattern = try Regex(
            #"(TimeZone|Calendar)\.(current|autoupdatingCurrent)|NSTimeZone|\b(localtime|localtime_r|mktime|timelocal)\("#
        )
        for file in Self.swiftFiles(under: "Sources") {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.firstMatch(of: pattern) == nil, "the process's zone in \(file.lastPathComponent)")
            if file.lastPathComponent != "LocalizedFormats.swift" {
                #expect(
                    !text.contains("DateFormatter()") && !text.contains("FormatStyle"),
                    "a date formatter in \(file.lastPathComponent)")
            }
        }
    }

    /// The targets of the package (Package.swift) with the targets each names as a dependency.
    static func packageTargets() throws -> [String: Set<String>] {
        let manifest = try String(
            contentsOf: Workdir.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [String: Set<String>] = [:]
        for block in manifest.split(separator: /\.(?:target|executableTarget|testTarget|systemLibrary)\(/).dropFirst() {
            guard let name = block.firstMatch(of: /name: "([^"]+)"/)?.1 else { continue }
            var dependencies: Set<String> = []
            if let list = block.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.1 {
                // Plain names are this package's targets; `.product(name: …)` are other packages'.
                let withoutProducts = list.replacing(/\.product\([^)]*\)/, with: "")
                for match in withoutProducts.matches(of: /"([^"]+)"/) { dependencies.insert(String(match.1)) }
            }
            targets[String(name)] = dependencies
        }
        return targets
    }

    /// A target imports only the targets it depends on (directly or through them). An import that
    /// would close a cycle is the compiler's error; a sideways one (a world importing another) is
    /// not, since SwiftPM finds every module already built: this rule makes it one.
    @Test func everyTargetImportsOnlyWhatItStandsOn() throws {
        let targets = try Self.packageTargets()
        #expect(targets["AlmanacBooks"] != nil && targets["AlmanacKit"]?.contains("AlmanacImport") == true)
        func below(_ name: String) -> Set<String> {
            var seen: Set<String> = []
            var next = Array(targets[name] ?? [])
            while let target = next.popLast() {
                if seen.insert(target).inserted { next += targets[target] ?? [] }
            }
            return seen
        }
        var checked = 0
        for (name, _) in targets
        where FileManager.default.fileExists(
            atPath: Workdir.packageRoot.appendingPathComponent("Sources/" + name).path)
        {
            let allowed = below(name).union([name])
            for file in Self.swiftFiles(under: "Sources/" + name) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(of: /(?m)^(?:@testable )?import (?:\w+ )?(\w+)/) {
                    let module = String(match.1)
                    checked += 1
                    if targets[module] != nil, !allowed.contains(module) {
                        Issue.record("\(name): \(file.lastPathComponent) imports \(module), which it does not stand on")
                    }
                }
            }
        }
        #expect(checked > 300)
    }

    /// The renderer alone picks the format: no file outside the output target reads the settings' or
    /// a renderer's `format`, names `OutputFormat` or makes a renderer of a format of its choosing. The
    /// worlds hand values to the renderer (docs/architecture.md, "Formats: the renderer alone"); the
    /// command line only parses `--format` into the settings, and `Renderer+Settings.swift` hands it on.
    @Test func onlyTheRendererReadsTheFormat() throws {
        // The settings make a renderer of their format; the server's one response step picks the
        // format by `Accept`.
        let files = Self.layers.flatMap { Self.swiftFiles(under: "Sources/" + $0) }
            .filter { !["Renderer+Settings.swift", "Shown.swift"].contains($0.lastPathComponent) }
        #expect(files.count > 100)
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                for what in Self.formatLeaks(String(line), in: file) {
                    Issue.record("\(file.lastPathComponent):\(number + 1): \(what): \(line)")
                }
            }
        }
    }

    /// The server's pages fill the page's named places (`PageSlots`): none looks for its place in the
    /// markup the command line made (where a marker that moved would silently drop what goes there).
    /// The security headers read the finished page's style sheets, to hash them, and change nothing.
    @Test func theServerSplicesNoPage() throws {
        let files = Self.swiftFiles(under: "Sources/AlmanacServer").filter { $0.lastPathComponent != "Guard.swift" }
        #expect(files.count > 20)
        // Finding a place by its markup, inserting there, or replacing markup (over line breaks).
        let splices = /\.markup\(|insert\(contentsOf:|replacingOccurrences\(\s*of:\s*"</
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: splices) {
                let line = text[..<match.range.lowerBound].count { $0 == "\n" } + 1
                Issue.record("\(file.lastPathComponent):\(line): splices a page: \(match.output)")
            }
        }
    }

    /// The targets above the renderer that hand it values: the worlds, what they share, how they look,
    /// import and export, the sessions and pages, and the command line.
    static let layers = [
        "AlmanacKinds", "AlmanacCalendar", "AlmanacEvents", "AlmanacBooks", "AlmanacQuiz", "AlmanacAnimation",
        "AlmanacViews", "AlmanacImport", "AlmanacKit", "AlmanacServer", "almanac",
    ]

    /// The worlds: APIs of values over a store.
    static let worlds = ["AlmanacCalendar", "AlmanacEvents", "AlmanacBooks", "AlmanacQuiz", "AlmanacAnimation"]

    /// A world knows no renderer: how it looks (its tables, pictures, cards, the quiz's console) is
    /// AlmanacViews', above it. No file of a world imports AlmanacOutput or AlmanacViews, or names
    /// `Renderer`, even in a comment or inside a longer name (`SnowmanRenderer` was one).
    @Test func worldsKnowNoRenderer() throws {
        for world in Self.worlds {
            let files = Self.swiftFiles(under: "Sources/" + world)
            #expect(!files.isEmpty, "no Swift files in Sources/\(world)")
            for file in files {
                let lines = try String(contentsOf: file, encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false)
                let path =
                    file.path.range(of: "/Sources/").map { "Sources/" + file.path[$0.upperBound...] } ?? file.path
                for (number, line) in lines.enumerated() {
                    for what in Self.rendererLeaks(String(line)) {
                        Issue.record("\(path):\(number + 1): \(what): \(line)")
                    }
                }
            }
        }
    }

    /// What a line of a world does that only a view may do.
    static func rendererLeaks(_ line: String) -> [String] {
        var leaks: [String] = []
        if let module = line.firstMatch(of: /^\s*(?:@\w+\s+)*import\s+(?:\w+\s+)?(AlmanacOutput|AlmanacViews)(?!\w)/)?.1
        {
            leaks.append("imports " + module)
        }
        if line.contains("Renderer") { leaks.append("names Renderer") }
        return leaks
    }

    /// What a line outside the renderer does with the output format that only the renderer may do.
    static func formatLeaks(_ line: String, in file: URL) -> [String] {
        var leaks: [String] = []
        // Words in quotes (a translation key such as "help.global.format") are not code.
        let line = line.replacing(/"[^"]*"/, with: "\"\"")
        // `.format` read as a property (`settings.format`, `renderer.format == .html`); a call such as
        // `Instant.format(date)` is another thing. Settings' own initializer stores it.
        if line.contains(/[\w)\]?]\.format\b(?!\s*\()/) || line.contains("wantsJSON"),
            !line.contains("self.format = format")
        {
            leaks.append("reads the format")
        }
        // A renderer of a format chosen here, or a parameter of the format's type. The settings declare
        // the type and the command line parses `--format` into it.
        let declaresTheFormat =
            file.lastPathComponent == "Settings.swift" || file.lastPathComponent == "GlobalOptions.swift"
        if line.contains(/Renderer\(format:/) || (!declaresTheFormat && line.contains(/\bOutputFormat\b/)) {
            leaks.append("chooses a format")
        }
        return leaks
    }

    @Test func theRulesCatchWhatTheyForbid() throws {
        let pattern = try Regex(#"(^|[^\w.])(print|debugPrint|dump)\("#)
        #expect("        print(table)".firstMatch(of: pattern) != nil)
        #expect("try Print.out(x)".firstMatch(of: pattern) == nil)
        #expect("ErrorReporter.printError(x)".firstMatch(of: pattern) == nil)
        let world = URL(fileURLWithPath: "Sources/AlmanacEvents/EventDetail.swift")
        #expect(Self.formatLeaks("        switch renderer.format {", in: world) == ["reads the format"])
        #expect(Self.formatLeaks("if context.settings.format == .table {", in: world) == ["reads the format"])
        #expect(Self.formatLeaks("settings.format = .html", in: world) == ["reads the format"])
        #expect(
            Self.formatLeaks("        if context.wantsJSON { return .json(text) }", in: world) == ["reads the format"])
        #expect(
            Self.formatLeaks("let rows = AgendaRows(days, Renderer(format: .csv, localizer: .english))", in: world) == [
                "chooses a format"
            ])
        #expect(
            Self.formatLeaks("func holidays(_ s: [Summary], format: OutputFormat) -> Table", in: world) == [
                "chooses a format"
            ])
        #expect(Self.formatLeaks("let stamp = Instant.format(moment)", in: world).isEmpty)
        #expect(Self.formatLeaks("var text = String(format: \"%.6f\", value)", in: world).isEmpty)
        #expect(Self.formatLeaks("renderer.render(ChangedRow(sentence: s, row: table))", in: world).isEmpty)
        #expect(Self.formatLeaks("line.option(\"--format\", help: \"help.global.format\")", in: world).isEmpty)
        #expect(Self.rendererLeaks("import AlmanacOutput") == ["imports AlmanacOutput"])
        #expect(Self.rendererLeaks("@testable import AlmanacViews") == ["imports AlmanacViews"])
        #expect(Self.rendererLeaks("import struct AlmanacOutput.Table") == ["imports AlmanacOutput"])
        #expect(Self.rendererLeaks("    public func render(_ renderer: Renderer) -> String {") == ["names Renderer"])
        #expect(Self.rendererLeaks("public struct SnowmanRenderer: Sendable {") == ["names Renderer"])
        #expect(Self.rendererLeaks("import AlmanacOutputs").isEmpty)
        #expect(Self.rendererLeaks("import AlmanacText").isEmpty)
        #expect(Self.rendererLeaks("/// The rows a renderer writes.").isEmpty)
    }

    /// 340 lines: the formatter (line length 120) puts each argument of a long call on its own line.
    @Test func sourceFilesStayShort() throws {
        for file in Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests") {
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false
            ).count
            #expect(lines <= 340, "\(file.lastPathComponent) has \(lines) lines")
        }
    }
}
