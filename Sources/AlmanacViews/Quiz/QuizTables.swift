import AlmanacKinds
import AlmanacOutput
import AlmanacQuiz
import AlmanacText
import Foundation

/// The quiz's tables, ready for the renderer: words and names for people, codes and numbers for
/// machines (a country cell is a tag whose value is its code and whose label is flag and name).
public struct QuizTables {
    /// The countries, for names.
    public let directory: CountryDirectory
    /// The user's words and locale.
    public let localizer: Localizer

    /// Tables naming countries from the directory in the localizer's language.
    public init(directory: CountryDirectory, localizer: Localizer) {
        self.directory = directory
        self.localizer = localizer
    }

    /// A country as a cell: `🇩🇪 Germany` for people (on a page, the flag a picture), `DE` for machines.
    public func countryCell(_ code: String) -> Table.Cell {
        .tag(
            Table.Tag(
                value: code, label: directory.name(code, localizer.locale), symbol: Country.flag(code), flag: code))
    }

    /// A flag alone as a cell: its emoji for every format, a picture on a page (the emoji its
    /// alternative text).
    public static func flagCell(_ code: String) -> Table.Cell {
        let emoji = Country.flag(code)
        return .tag(Table.Tag(value: emoji, label: "", symbol: emoji, flag: code))
    }

    /// `quiz scores`: player, points, right, wrong, accuracy, best and current streak, last answer.
    public func scores(_ scores: [PlayerScore]) -> Table {
        let t = localizer
        return Table(
            columns: [
                Table.Column(key: "player", title: t("column.player")),
                Table.Column(key: "points", title: t("quiz.column.points")),
                Table.Column(key: "right_answers", title: t("column.right_answers")),
                Table.Column(key: "wrong_answers", title: t("column.wrong_answers")),
                Table.Column(key: "accuracy", title: t("column.accuracy")),
                Table.Column(key: "best_streak", title: t("quiz.column.best_streak")),
                Table.Column(key: "current_streak", title: t("quiz.column.current_streak")),
                Table.Column(key: "last_answered_at", title: t("column.last_answered_at")),
            ],
            rows: scores.map { score in
                [
                    .text(score.player), .integer(Int64(score.points)), .integer(Int64(score.right)),
                    .integer(Int64(score.wrong)),
                    .percent(score.accuracy), .integer(Int64(score.bestStreak)), .integer(Int64(score.currentStreak)),
                    score.lastAnsweredAt.map(Table.Cell.instant) ?? .null,
                ]
            }, summaryUnit: "unit.player", empty: Table.Sentence("quiz.none"))
    }

    /// `quiz missed`: the countries missed most, with the flag most often taken for each.
    public func missed(_ countries: [MissedCountry]) -> Table {
        let t = localizer
        return Table(
            columns: [
                Table.Column(key: "country", title: t("column.country")),
                Table.Column(key: "asked", title: t("column.asked")),
                Table.Column(key: "missed", title: t("column.missed")),
                Table.Column(key: "missed_share", title: t("column.missed_share")),
                Table.Column(key: "confused_with", title: t("column.confused_with")),
                Table.Column(key: "confused_times", title: t("quiz.column.times")),
            ],
            rows: countries.map { country in
                [
                    countryCell(country.country), .integer(Int64(country.asked)), .integer(Int64(country.missed)),
                    .percent(country.missedShare), country.confusedWith.map(countryCell) ?? .null,
                    .integer(Int64(country.confusedTimes)),
                ]
            }, summaryUnit: "unit.country", empty: Table.Sentence("quiz.none-missed"))
    }

    /// `quiz missed --pairs`: "asked X, chose Y", most frequent first, with the keys of `missed`.
    public func pairs(_ pairs: [ConfusedPair]) -> Table {
        let t = localizer
        return Table(
            columns: [
                Table.Column(key: "country", title: t("quiz.column.asked-country")),
                Table.Column(key: "confused_with", title: t("quiz.column.chosen-flag")),
                Table.Column(key: "confused_times", title: t("quiz.column.times")),
            ], rows: pairs.map { [countryCell($0.country), countryCell($0.chosen), .integer(Int64($0.times))] },
            summaryUnit: "unit.pair", empty: Table.Sentence("quiz.none-missed"))
    }

    /// A question for people: the options numbered 1–4 with their flags (names would give it away).
    public func questionOptions(_ question: FlagQuestion) -> Table {
        Table(
            columns: [
                Table.Column(key: "number", title: "#", alignment: .right),
                Table.Column(key: "flag", title: localizer("column.flag")),
            ],
            rows: question.options.enumerated().map {
                [.integer(Int64($0.offset + 1)), Self.flagCell($0.element)]
            },
            summaryUnit: nil)
    }

    /// A question for machines, one row: the seed, the generator, the country, the four options and
    /// the number of the right one.
    public func questionRecord(_ question: FlagQuestion, seed: UInt64) -> Table {
        var columns = ["seed", "generator", "country", "name"].map { Table.Column(key: $0, title: $0) }
        columns += (1...QuizOptions.count).map { Table.Column(key: "option_\($0)", title: "option_\($0)") }
        columns.append(Table.Column(key: "answer", title: "answer"))
        let seedCell = Int64(exactly: seed).map(Table.Cell.identifier) ?? .text(String(seed))
        var row: [Table.Cell] = [
            seedCell, .text(SeededRandom.version), .text(question.country),
            .text(directory.country(question.country)?.name ?? question.country),
        ]
        row += question.options.map(Table.Cell.text)
        row.append(.integer(Int64(question.answer)))
        return Table(columns: columns, rows: [row], summaryUnit: nil)
    }

    /// The question's line: `Find the flag of Germany`.
    public func prompt(_ question: FlagQuestion) -> String {
        localizer("quiz.prompt", ["country": directory.name(question.country, localizer.locale)])
    }
}
