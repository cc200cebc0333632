import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// A table written row by row: localized text as in `table`, the plain value in `data-value`,
/// numbers right-aligned, statuses with their symbol and words (colour only repeats them).
@Suite struct HTMLTableWriterTests {
    static let columns = [
        Table.Column(key: "title", title: "название"), Table.Column(key: "copies", title: "экземпляры"),
        Table.Column(key: "due_on", title: "вернуть до"), Table.Column(key: "status", title: "состояние"),
    ]

    static func writer(_ language: String = "ru") -> HTMLTableWriter {
        HTMLTableWriter(columns: columns, formats: LocalizedFormats(localizer: Localizer(locale: language)))
    }

    @Test func headerCarriesTheKeysAndTitles() {
        let head = Self.writer().head()
        #expect(head.contains("<th scope=\"col\" data-key=\"due_on\">вернуть до</th>"))
        #expect(head.hasSuffix("<tbody>\n"))
    }

    @Test func cellsShowWhatTableShowsAndKeepThePlainValue() {
        let localizer = Localizer(locale: "ru")
        let row = Self.writer().row([
            .text("Идиот"), .count(21, unit: "unit.book"), .date(LocalDate(year: 2025, month: 12, day: 22)!),
            .tag(StatusTags.tag("overdue", localizer)),
        ])
        #expect(row.contains("<td data-value=\"Идиот\">Идиот</td>"))
        #expect(row.contains("<td class=\"num\" data-value=\"21\">21 книга</td>"))
        #expect(row.contains("<td class=\"date\" data-value=\"2025-12-22\">Пн, 22 дек. 2025</td>"))
        #expect(row.contains("<td data-value=\"overdue\"><span class=\"tag alert\">✗ просрочена</span></td>"))
    }

    @Test func nullHasNoValueAndMissingCellsAreEmpty() {
        let row = Self.writer("en").row([.null])
        #expect(row == "<tr><td></td><td></td><td></td><td></td></tr>\n")
    }

    @Test func aHostileValueStaysInItsCell() {
        let row = Self.writer("en").row([.text("</td><script>x</script>\u{202E}")])
        #expect(
            row.hasPrefix(
                "<tr><td data-value=\"&lt;/td&gt;&lt;script&gt;x&lt;/script&gt;\u{202E}\">&lt;/td&gt;&lt;script&gt;x&lt;/script&gt;\\u202E</td>"
            ))
    }

    @Test func aVeryLongValueScrollsInItsCell() {
        let row = Self.writer("en").row([.text(String(repeating: "x", count: 10_000))])
        #expect(row.contains("<div class=\"long\">"))
    }

    @Test func footCountsTheRows() {
        #expect(Self.writer().foot("3 книги") == "</tbody>\n</table></div>\n<p class=\"count\">3 книги</p>\n")
        #expect(Self.writer().foot(nil) == "</tbody>\n</table></div>\n")
    }

    @Test func aWholePageIsSelfContained() {
        let table = Table(
            columns: Self.columns, rows: [[.text("Dune"), .count(1, unit: "unit.book"), .null, .null]],
            summaryUnit: "unit.book")
        var renderer = Renderer(format: .html, localizer: Localizer(locale: "ru"))
        renderer.title = "Книги <на руках>"
        let page = renderer.render(table)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"ru\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(page.contains("<title>Книги &lt;на руках&gt;</title>"))
        #expect(page.contains("@media (prefers-color-scheme:dark)") && page.contains("@media print"))
        #expect(
            !page.contains("<script") && !page.contains("<link") && !page.contains("src=") && !page.contains("url("))
        #expect(page.contains("<p class=\"count\">1 книга</p>"))
    }
}
