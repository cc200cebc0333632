import AlmanacKinds
import AlmanacText
import Foundation

/// What an import says at the end and while it runs, in the user's language, with the locale's
/// numbers and plural forms (`1 000 000 строк`).
extension ImportReport {
    /// The size from which the summary gives a rate and a size (with a run of a second or more).
    static let measuredBytes = 1_000_000

    /// The one-line summary printed at the end.
    public func summary(_ t: Localizer) -> String {
        let formats = LocalizedFormats(localizer: t)
        let rate = seconds > 0 ? Double(rows + rejected + skipped) / seconds : 0
        let arguments = [
            // The verb is in the counted phrase: Russian makes it agree (была бы импортирована 1 строка).
            "rows": formats.count(Int64(rows), unit: dryRun ? "unit.would-import-row" : "unit.imported-row"),
            "files": formats.count(Int64(files.count), unit: "unit.source-file"),
            "skipped": formats.number(Int64(skipped)), "rejected": formats.number(Int64(rejected)),
            "seconds": formats.number((seconds * 100).rounded() / 100), "rate": formats.number(Int64(rate.rounded())),
            "mb": formats.number((Double(bytes) / 100_000).rounded() / 10),
        ]
        // A rate and a size say something of a run that took a while over a sizeable file; of a
        // three-row file they say "0 MB" and a number no one should quote.
        let measured = bytes >= Self.measuredBytes && seconds >= 1
        return t(
            dryRun ? "import.summary.dry-run" : measured ? "import.summary.done" : "import.summary.done.small",
            arguments)
    }

    /// One line per file read saying what was settled about its form and how (`books.csv: utf-8
    /// (byte-order mark), delimiter ";" (detected)`): every decision the import took for the user.
    public func formLines(_ t: Localizer) -> [String] {
        files.compactMap { file in
            if let calendar = file.calendar {
                return t("import.form", ["file": file.file == "-" ? "<stdin>" : file.file, "parts": calendar.words(t)])
            }
            guard let dialect = file.dialect else { return nil }
            var parts = dialect.words(t)
            if file.readWallTimes { parts.append(t("import.form.wall-times", ["zone": file.zone])) }
            return t(
                "import.form",
                ["file": file.file == "-" ? "<stdin>" : file.file, "parts": parts.joined(separator: ", ")])
        }
    }

    /// The error a command ends with when rows were invalid, or nil when there were none.
    /// `maxErrors` tells whether the listing stopped early.
    public func failure(_ t: Localizer, maxErrors: Int) -> AlmanacError? {
        guard errorCount > 0 else { return nil }
        let formats = LocalizedFormats(localizer: t)
        var arguments = [
            "errors": formats.count(Int64(errorCount), unit: "unit.problem"),
            "rejected": formats.count(Int64(rejected), unit: "unit.invalid-row"),
            "shown": formats.count(Int64(min(errorCount, maxErrors)), unit: "unit.problem"),
        ]
        if committed {
            let written = files.compactMap(\.rejectsPath)
            arguments["path"] = written.joined(separator: ", ")
            return AlmanacError(
                .invalidData, written.isEmpty ? "import.failed.skipped" : "import.failed.rejects", arguments)
        }
        return AlmanacError(.invalidData, errorCount >= maxErrors ? "import.failed.more" : "import.failed", arguments)
    }
}

extension ImportProgress {
    /// `books.csv: 312 000 rows · 31.2 MB (36%) · 98 000 rows/s · ETA 7 s`, in the user's language.
    public func line(_ t: Localizer) -> String {
        let formats = LocalizedFormats(localizer: t)
        let rate = seconds > 0 ? Double(rows) / seconds : 0
        var arguments = [
            "file": file, "rows": formats.count(Int64(rows), unit: "unit.row"),
            "mb": formats.number((Double(bytes) / 100_000).rounded() / 10),
            "rate": formats.number(Int64(rate.rounded())),
        ]
        switch phase {
        case .indexing: return t("import.progress.indexing", arguments)
        case .committing: return t("import.progress.committing", arguments)
        case .reading: break
        }
        guard let totalBytes, bytes > 0, seconds > 0 else { return t("import.progress", arguments) }
        let remaining = Double(max(0, totalBytes - bytes)) / (Double(bytes) / seconds)
        arguments["eta"] = formats.number(Int64(remaining.rounded(.up)))
        arguments["percent"] = formats.number(Int64(Double(bytes) * 100 / Double(max(totalBytes, 1))))
        return t("import.progress.eta", arguments)
    }
}

extension CalendarForm {
    /// `iCalendar, 12 events, times without a zone read in Europe/Berlin (--tz), not kept: DTSTAMP
    /// (12, first on line 4), VALARM (line 20)`.
    func words(_ t: Localizer) -> String {
        let formats = LocalizedFormats(localizer: t)
        var parts = [t("ical.form.calendar", ["events": formats.count(Int64(events), unit: "unit.calendar-event")])]
        if floating { parts.append(t("ical.form.floating", ["zone": zone])) }
        if !dropped.isEmpty {
            let list = dropped.map { item in
                item.count == 1
                    ? t("ical.form.dropped-once", ["name": item.name, "line": String(item.line)])
                    : t(
                        "ical.form.dropped",
                        ["name": item.name, "count": formats.number(Int64(item.count)), "line": String(item.line)])
            }
            parts.append(t("ical.form.not-kept", ["list": list.joined(separator: ", ")]))
        }
        return parts.joined(separator: ", ")
    }
}
