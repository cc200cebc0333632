import AlmanacText
import Foundation

/// The man page (`man 1 almanac`), written in man(7) from what the commands declare: one page with
/// the global options and every command, its arguments, options and examples. Text outside ASCII is
/// written as groff's `\[uXXXX]`, so the page needs no input encoding.
public enum ManualPage {
    /// One command of the page.
    public struct Command: Sendable {
        /// What the front end knows of it.
        public let spec: CommandSpec
        /// Its discussion: paragraphs, with lines indented by two spaces kept as they are.
        public let discussion: String
        /// Its examples: what each does, and the command line.
        public let examples: [(note: String, line: String)]

        /// Creates a command's entry.
        public init(spec: CommandSpec, discussion: String, examples: [(note: String, line: String)]) {
            self.spec = spec
            self.discussion = discussion
            self.examples = examples
        }
    }

    /// The page: `root` first (its name, synopsis, description, the global options), then each of
    /// `commands`, then the exit status and environment. Headings come from `t` (`man.*` keys).
    public static func render(
        root: Command, commands: [Command], globals: [CommandSpec.Option], version: String,
        localizer t: Localizer
    ) -> String {
        var page = [
            ".TH ALMANAC 1 \"\" \"almanac \(version)\" \"\(text(t("man.manual")))\"",
            ".SH \(heading(t("man.heading.name")))",
        ]
        let summary = root.spec.abstract.hasSuffix(".") ? String(root.spec.abstract.dropLast()) : root.spec.abstract
        page.append("almanac \\- " + text(summary))
        page += [".SH \(heading(t("man.heading.synopsis")))", ".B almanac", text(t("man.synopsis"))]
        page += [".SH \(heading(t("man.heading.description")))"] + paragraphs(root.discussion)
        page += [".SH \(heading(t("man.heading.global-options")))"] + options(globals, t)
        page.append(".SH \(heading(t("man.heading.commands")))")
        for command in commands { page += section(command, t) }
        page += [".SH \(heading(t("man.heading.examples")))"] + examples(root.examples)
        page += [".SH \(heading(t("man.heading.exit-status")))"] + paragraphs(t("man.exit-status"))
        page += [".SH \(heading(t("man.heading.environment")))"] + paragraphs(t("man.environment"))
        page += [".SH \(heading(t("man.heading.see-also")))", "\\fBsqlite3\\fR(1), \\fBcron\\fR(8)"]
        // Before .TH, whose title (the Russian page's) already uses them.
        page.insert(contentsOf: fallbacks(page), at: 0)
        return page.joined(separator: "\n") + "\n"
    }

    /// For each character outside ASCII the page uses, what a device without it shows (`LANG=C man`
    /// renders ASCII, and groff warns of every character it cannot draw): defined only where the
    /// device lacks the glyph, so a UTF-8 terminal still shows the character itself.
    static func fallbacks(_ lines: [String]) -> [String] {
        var seen = Set<UInt32>()
        var definitions: [String] = []
        for line in lines {
            var rest = line[...]
            while let start = rest.range(of: "\\[u") {
                let digits = rest[start.upperBound...].prefix { $0.isHexDigit }
                rest = rest[digits.endIndex...]
                guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value),
                    seen.insert(value).inserted
                else { continue }
                let name = "\\[u\(digits)]"
                definitions.append(".if !c\(name) .char \(name) \(ascii(scalar))")
            }
        }
        return definitions
    }

    /// A character in ASCII, as groff writes it: a Russian letter transliterated, a Latin one without
    /// its accents, a sign by a look-alike, else `?`.
    static func ascii(_ scalar: Unicode.Scalar) -> String {
        let russian = [
            "a", "b", "v", "g", "d", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s", "t", "u", "f",
            "kh", "ts", "ch", "sh", "shch", "\\(aq\\(aq", "y", "\\(aq", "e", "yu", "ya",
        ]
        switch scalar.value {
        case 0x0430...0x044F: return russian[Int(scalar.value - 0x0430)]
        case 0x0410...0x042F:
            let lower = russian[Int(scalar.value - 0x0410)]
            return lower.hasPrefix("\\") ? lower : lower.prefix(1).uppercased() + lower.dropFirst()
        case 0x0451: return "yo"
        case 0x0401: return "Yo"
        default: break
        }
        let signs: [UInt32: String] = [
            0x2026: "...", 0x2013: "\\-", 0x2014: "\\-\\-", 0x2212: "\\-", 0x00D7: "x", 0x2713: "v",
            0x2717: "x", 0x2605: "*", 0x00AB: "<<", 0x00BB: ">>", 0x201C: "\\(dq", 0x201D: "\\(dq",
            0x2018: "\\(aq", 0x2019: "\\(aq", 0x2192: "\\-\\>", 0x00A0: "\\ ", 0x2264: "<=", 0x2265: ">=",
        ]
        if let sign = signs[scalar.value] { return sign }
        if let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first, base.isASCII,
            base.properties.isAlphabetic
        {
            return String(base)
        }
        return "?"
    }

    private static func section(_ command: Command, _ t: Localizer) -> [String] {
        let spec = command.spec
        let name = (["almanac"] + spec.path).joined(separator: " ")
        var lines = [".SS \"\(code(name))\"", text(spec.abstract)]
        var synopsis = ".B \(code(name))"
        if spec.isGroup {
            synopsis += "\n\\fI\(text(t("man.subcommand")))\\fR"
        } else {
            synopsis += "\n[\\fI\(text(t("man.options")))\\fR]"
            for argument in spec.positionals {
                let placeholder = "\\fI<\(code(argument.valueName))>\\fR" + (argument.isRepeating ? "\\&..." : "")
                synopsis += " " + (argument.isOptional ? "[\(placeholder)]" : placeholder)
            }
        }
        lines += [".PP", synopsis] + paragraphs(command.discussion)
        for argument in spec.positionals {
            lines += [".TP", "\\fI<\(code(argument.valueName))>\\fR", text(argument.abstract)]
        }
        lines += options(spec.options.filter { !$0.isHidden && !["--help", "--version"].contains($0.name) }, t)
        if !command.examples.isEmpty {
            lines += [".PP", "\\fI\(text(t("man.examples")))\\fR"] + examples(command.examples)
        }
        return lines
    }

    private static func options(_ options: [CommandSpec.Option], _ t: Localizer) -> [String] {
        options.flatMap { option -> [String] in
            var label = option.names.map { "\\fB\(code($0))\\fR" }.joined(separator: ", ")
            if let value = option.valueName { label += " \\fI<\(code(value))>\\fR" }
            var help = [option.abstract]
            if !option.allowedValues.isEmpty {
                help.append(t("man.values", ["values": option.allowedValues.joined(separator: ", ")]))
            }
            if let value = option.defaultValue, !value.isEmpty { help.append(t("man.default", ["value": value])) }
            return [".TP", label, text(help.filter { !$0.isEmpty }.joined(separator: " "))]
        }
    }

    private static func examples(_ examples: [(note: String, line: String)]) -> [String] {
        let layout = HelpLayout.examples(examples.map { ($0.line, $0.note) }, heading: "", width: 72)
        return [".RS 4", ".nf"]
            + layout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map {
                line($0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0), code: true)
            } + [".fi", ".RE"]
    }

    /// Paragraphs of discussion text: a blank line starts a paragraph; lines indented by two spaces
    /// are kept as they are (a table, an example), other lines are filled.
    static func paragraphs(_ discussion: String) -> [String] {
        var lines: [String] = []
        for paragraph in discussion.components(separatedBy: "\n\n") where !paragraph.isEmpty {
            lines.append(".PP")
            var inBlock = false
            for row in paragraph.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                let indented = row.hasPrefix("  ")
                if indented != inBlock { lines += indented ? [".RS 2", ".nf"] : [".fi", ".RE"] }
                inBlock = indented
                lines.append(indented ? line(String(row.dropFirst(2)), code: true) : text(row))
            }
            if inBlock { lines += [".fi", ".RE"] }
        }
        return lines
    }

    /// A line of text for a filled paragraph.
    static func text(_ value: String) -> String { line(value, code: false) }

    /// A command, an option or a placeholder: its hyphens are minus signs, as typed.
    static func code(_ value: String) -> String { escape(value, code: true) }

    private static func heading(_ value: String) -> String { "\"\(escape(value, code: false))\"" }

    private static func line(_ value: String, code: Bool) -> String {
        let escaped = escape(value, code: code)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    private static func escape(_ value: String, code: Bool) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-" where code: result += "\\-"
            case "\t": result += " "
            case _ where scalar.value > 0x7E || scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
