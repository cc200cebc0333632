import AlmanacText

/// How help text is laid out at a terminal's width: the usage line folded where it may break, and
/// the EXAMPLES section, whose long command lines are continued with `\` so they can still be pasted.
public enum HelpLayout {
    /// The help with its `USAGE:` line folded to `width`, breaking only between options (never inside
    /// `[--db <path>]`), continued under the command.
    public static func foldingUsage(_ help: String, heading: String = "USAGE: ", width: Int) -> String {
        var lines: [String] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard line.hasPrefix(heading), DisplayWidth.of(line) > width else {
                lines.append(line)
                continue
            }
            lines += fill(
                options(units(String(line.dropFirst(heading.count)))), first: heading,
                indent: String(repeating: " ", count: heading.count), width: width, continuation: "")
        }
        return lines.joined(separator: "\n")
    }

    /// The EXAMPLES section: for each example what it does, as a shell comment, and the command line
    /// under it (continued with ` \` where it is wider than the width), a blank line between examples.
    public static func examples(_ examples: [(line: String, note: String)], heading: String, width: Int) -> String {
        var lines = [heading]
        for (index, example) in examples.enumerated() {
            if index > 0 { lines.append("") }
            lines += TextWrap.lines(example.note, width: max(width - 4, 20)).map { "  # " + $0 }
            lines += fill(
                options(units(example.line)), first: "  ", indent: "      ", width: width, continuation: " \\")
        }
        return lines.joined(separator: "\n")
    }

    /// The words of a line, keeping together what is bracketed or quoted (`[--db <path>]`, `"Carol walk"`).
    public static func units(_ line: String) -> [String] {
        var units: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "[" || character == "<" || character == "(" {
                depth += 1
            } else if character == "]" || character == ">" || character == ")" {
                depth = max(depth - 1, 0)
            } else if character == " " && depth == 0 {
                if !current.isEmpty { units.append(current) }
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { units.append(current) }
        return units
    }

    /// The units with each option joined to the value after it (`--due <date>`, `--at 2025-12-23`), so
    /// a line never breaks between them.
    static func options(_ units: [String]) -> [String] {
        var joined: [String] = []
        for unit in units {
            if let last = joined.last, last.hasPrefix("-"), !last.contains("="), !last.contains(" "),
                !unit.hasPrefix("-")
            {
                joined[joined.count - 1] = last + " " + unit
            } else {
                joined.append(unit)
            }
        }
        return joined
    }

    /// Lines filled with units up to the width; a line that continues ends with `continuation`.
    private static func fill(_ units: [String], first: String, indent: String, width: Int, continuation: String)
        -> [String]
    {
        var lines: [String] = []
        var current = first
        var isEmpty = true
        for unit in units {
            let candidate = isEmpty ? current + unit : current + " " + unit
            if isEmpty || DisplayWidth.of(candidate) + DisplayWidth.of(continuation) <= width {
                current = candidate
            } else {
                lines.append(current + continuation)
                current = indent + unit
            }
            isEmpty = false
        }
        lines.append(current)
        return lines
    }
}
