import AlmanacKinds
import AlmanacText

/// What an import settled about one file's form, and how it knew: the command line said it, the
/// file announced it (a byte-order mark, Excel's `sep=` line), it was found from a sample of the
/// file, or nothing said otherwise. The summary and `--dry-run` print each decision.
public struct FileDialect: Sendable, Equatable {
    /// How a decision was reached.
    public enum Source: Sendable, Equatable {
        /// An option gave it (`--encoding`, `--delimiter`, `--date-format`).
        case given
        /// The file's byte-order mark.
        case byteOrderMark
        /// Excel's `sep=X` first line.
        case sepLine
        /// Found from a sample of the file's first lines.
        case sniffed
        /// Nothing said otherwise: UTF-8, or a comma.
        case assumed
    }

    /// The file's encoding.
    public var encoding: TextEncoding = .utf8
    public var encodingSource: Source = .assumed
    /// True when the file starts with a byte-order mark (kept in a rejects file).
    public var byteOrderMark = false
    /// The field delimiter.
    public var delimiter: UInt8
    public var delimiterSource: Source = .given
    /// True when the file's first line is Excel's `sep=X` (a rejects file writes it too).
    public var sepLine = false
    /// The forms its days are read in: `--date-format`, or the slashed order its first lines show.
    public var dates = DateForms()
    /// How the dates' form was settled; nil when nothing was (no pattern given, no slashed date decided).
    public var datesSource: Source?

    /// A dialect with `delimiter` as given.
    public init(delimiter: UInt8) { self.delimiter = delimiter }

    /// Each decision in the user's words: `utf-8 (default)`, `delimiter ";" (detected)`.
    func words(_ t: Localizer) -> [String] {
        func how(_ source: Source, option: String) -> String {
            switch source {
            case .given: t("import.form.given", ["option": option])
            case .byteOrderMark: t("import.form.byte-order-mark")
            case .sepLine: t("import.form.sep-line")
            case .sniffed: t("import.form.sniffed")
            case .assumed: t("import.form.assumed")
            }
        }
        return [
            t(
                "import.form.encoding",
                ["encoding": encoding.rawValue, "how": how(encodingSource, option: "--encoding")]),
            t(
                "import.form.delimiter",
                [
                    "delimiter": ImportOptions.delimiterName(delimiter),
                    "how": how(delimiterSource, option: "--delimiter"),
                ]),
        ]
            + (datesSource.map { source in
                let form = dates.pattern?.text ?? dates.slashOrder.map { DateForms.name($0) } ?? ""
                return [t("import.form.dates", ["form": form, "how": how(source, option: "--date-format")])]
            } ?? [])
    }
}
