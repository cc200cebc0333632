import AlmanacOutput
import AlmanacQuiz
import AlmanacText

extension CountryDirectory {
    /// `countries list`: flag, code, name (localized for people, as stored for machines), alpha-3
    /// and numeric codes.
    public func listTable(_ query: String?, _ localizer: Localizer) -> Table {
        let t = localizer
        let rows: [[Table.Cell]] = search(query, locale: localizer.locale).map { country, name in
            [
                QuizTables.flagCell(country.code), .text(country.code),
                .tag(Table.Tag(value: country.name, label: name)),
                country.alpha3.map(Table.Cell.text) ?? .null, country.numeric.map(Table.Cell.text) ?? .null,
            ]
        }
        return Table(
            columns: [
                Table.Column(key: "flag", title: t("column.flag")),
                Table.Column(key: "code", title: t("column.code")),
                Table.Column(key: "name", title: t("column.country")),
                Table.Column(key: "alpha3", title: t("column.alpha3")),
                Table.Column(key: "numeric", title: t("column.numeric"), alignment: .right),
            ], rows: rows, summaryUnit: "unit.country",
            empty: query.map { Table.Sentence("countries.none-found", ["search": Renderer.singleLine($0)]) }
                ?? Table.Sentence("countries.none"))
    }
}
